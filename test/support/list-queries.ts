import * as E from 'fp-ts/lib/Either.js';
import type { FilterCondition } from '../../src/domain/query/filter.js';
import { type ListQuery, type ListRules, parseListQuery } from '../../src/domain/query/list-query.js';
import type { PageRequest } from '../../src/domain/query/page.js';
import { queryParams } from '../../src/domain/query/query-params.js';

const quoted = (value: string): string => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Conditions written in the filter grammar, every value quoted. */
const filterText = (conditions: readonly FilterCondition<string>[]): string =>
  conditions
    .map((c) => `${c.op}(${c.field},${(c.op === 'in' ? c.values : [c.value]).map(quoted).join(',')})`)
    .join(':');

/** A list query as a request would give it, parsed by the list's own rules: tests reach ports the way use cases do. */
export const listQuery = <F extends string = never, I extends string = never>(
  rules: ListRules<F, I>,
  request: {
    readonly offset?: number;
    readonly limit?: number;
    readonly filter?: readonly FilterCondition<NoInfer<F>>[];
    readonly include?: string;
    readonly after?: string;
  } = {},
): ListQuery<F, I> => {
  const pairs: [string, string][] = [];
  if (request.offset !== undefined) pairs.push(['page[offset]', String(request.offset)]);
  if (request.limit !== undefined) pairs.push(['page[limit]', String(request.limit)]);
  if (request.filter !== undefined && request.filter.length > 0) pairs.push(['filter', filterText(request.filter)]);
  if (request.include !== undefined) pairs.push(['include', request.include]);
  if (request.after !== undefined) pairs.push(['page[after]', request.after]);
  const parsed = parseListQuery(queryParams(pairs), { ...rules, defaultLimit: 25 });
  if (E.isLeft(parsed)) throw new Error(`not a valid list query: ${JSON.stringify(parsed.left)}`);
  return parsed.right;
};

/**
 * Every row a test reads straight from a port, past the API's page limit, with these conditions: a
 * window no request could ask for, so it is made here rather than parsed.
 */
export const everyRow = <F extends string = never>(
  filter: readonly FilterCondition<F>[] = [],
  page: PageRequest = { offset: 0, limit: 100_000 } as PageRequest,
): ListQuery<F> => ({ page, filter, include: new Set() }) as unknown as ListQuery<F>;
