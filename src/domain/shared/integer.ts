import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

/** The largest value every backend stores in a plain INTEGER column. */
export const INT32_MAX = 2_147_483_647;

/** A JSON number that is a whole number within `min..max`. */
export const integerInRange =
  (min: number, max: number) =>
  (source: string) =>
  (input: unknown): Parsed<number> => {
    if (typeof input !== 'number' || !Number.isInteger(input)) return E.left(issues(source, 'must be an integer'));
    if (input < min || input > max) return E.left(issues(source, `must be between ${min} and ${max}`));
    return E.right(input);
  };

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

/** A query-string integer within `min..max`; only plain decimal digits are accepted. */
export const integerTextInRange =
  (min: number, max: number) =>
  (source: string) =>
  (input: string): Parsed<number> => {
    if (!DECIMAL.test(input)) return E.left(issues(source, `must be an integer between ${min} and ${max}`));
    const n = Number(input);
    return n >= min && n <= max ? E.right(n) : E.left(issues(source, `must be an integer between ${min} and ${max}`));
  };
