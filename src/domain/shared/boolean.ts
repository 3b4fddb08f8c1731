import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

export const booleanValue =
  (source: string) =>
  (input: unknown): Parsed<boolean> =>
    typeof input === 'boolean' ? E.right(input) : E.left(issues(source, 'must be true or false'));
