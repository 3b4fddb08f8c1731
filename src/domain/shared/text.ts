import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

/** Length in Unicode code points, the unit VARCHAR(n) counts on PostgreSQL and on MySQL with utf8mb4. */
export const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
};

/** A string of `min..max` code points; lone surrogates are refused because no database column can store them. */
export const boundedString =
  (min: number, max: number) =>
  (source: string) =>
  (input: unknown): Parsed<string> => {
    if (typeof input !== 'string') return E.left(issues(source, 'must be a string'));
    if (!input.isWellFormed()) return E.left(issues(source, 'must be valid Unicode text'));
    const length = codePoints(input);
    if (length < min || length > max) {
      const range = min === 0 ? `at most ${max}` : `${min} to ${max}`;
      return E.left(issues(source, `must be ${range} characters long`));
    }
    return E.right(input);
  };
