import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

/** A finite JSON number within `min..max`, fractions allowed. */
export const numberInRange =
  (min: number, max: number) =>
  (source: string) =>
  (input: unknown): Parsed<number> => {
    if (typeof input !== 'number' || !Number.isFinite(input)) return E.left(issues(source, 'must be a number'));
    return input >= min && input <= max ? E.right(input) : E.left(issues(source, `must be between ${min} and ${max}`));
  };
