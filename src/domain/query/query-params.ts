import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import type { Parsed } from '../shared/validation.js';

/** A request's query string as the core sees it: every value of every key, in order. */
export type QueryParams = ReadonlyMap<string, readonly string[]>;

export const queryParams = (pairs: Iterable<readonly [string, string]>): QueryParams => {
  const map = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  }
  return map;
};

/** The one value of a parameter, undefined when absent; a parameter given twice is an error naming it. */
export const singleParam = (params: QueryParams, name: string): Parsed<string | undefined> => {
  const values = params.get(name);
  if (values === undefined) return E.right(undefined);
  return values.length === 1 ? E.right(values[0]) : E.left(issues(name, 'must be given at most once'));
};
