import * as E from 'fp-ts/lib/Either.js';
import * as RA from 'fp-ts/lib/ReadonlyArray.js';
import * as RNEA from 'fp-ts/lib/ReadonlyNonEmptyArray.js';
import type { ValidationIssue } from '../shared/errors.js';
import type { Parsed } from '../shared/validation.js';

/**
 * Reads `include=plans,products`, the related resources to embed in a response.
 * A blank value asks for nothing; an empty name inside a list (`plans,`) is refused like any unknown one.
 */
export const parseInclude = <I extends string>(
  raw: string | undefined,
  allowed: readonly I[],
): Parsed<ReadonlySet<I>> => {
  if (raw === undefined || raw.trim() === '') return E.right(new Set());
  const names = raw.split(',').map((name) => name.trim());
  const isAllowed = (name: string): name is I => (allowed as readonly string[]).includes(name);
  const unknown = [...new Set(names.filter((name) => !isAllowed(name)))];
  const issue = (name: string): ValidationIssue => ({
    source: 'include',
    detail: `unknown include '${name}'; allowed: ${allowed.length === 0 ? 'none' : [...allowed].sort().join(', ')}`,
  });
  return RA.isNonEmpty(unknown) ? E.left(RNEA.map(issue)(unknown)) : E.right(new Set(names.filter(isAllowed)));
};
