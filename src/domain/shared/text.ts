import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

/** Length in Unicode code points, the unit VARCHAR(n) counts on PostgreSQL and on MySQL with utf8mb4. */
export const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
};

/**
 * Text every backend can store: PostgreSQL refuses U+0000 in any text value, and no database can store a
 * lone surrogate (it has no UTF-8 form). MySQL's utf8mb4 stores everything else, so this is the whole rule.
 */
export const isStorableText = (s: string): boolean => s.isWellFormed() && !s.includes('\u0000');

export const STORABLE_TEXT_RULE = 'must be valid Unicode text without NUL (U+0000) characters';

/** A string of `min..max` code points that every backend can store. */
export const boundedString =
  (min: number, max: number) =>
  (source: string) =>
  (input: unknown): Parsed<string> => {
    if (typeof input !== 'string') return E.left(issues(source, 'must be a string'));
    if (!isStorableText(input)) return E.left(issues(source, STORABLE_TEXT_RULE));
    const length = codePoints(input);
    if (length < min || length > max) {
      const range = min === 0 ? `at most ${max}` : `${min} to ${max}`;
      return E.left(issues(source, `must be ${range} characters long`));
    }
    return E.right(input);
  };
