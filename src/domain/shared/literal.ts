import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

/** A required field that must hold exactly one of `allowed`. */
export const oneOf =
  <A extends string>(allowed: readonly A[]) =>
  (source: string) =>
  (input: unknown): Parsed<A> => {
    if (input === undefined || input === null) return E.left(issues(source, 'is required'));
    return typeof input === 'string' && (allowed as readonly string[]).includes(input)
      ? E.right(input as A)
      : E.left(
          issues(
            source,
            `must be ${allowed.length === 1 ? `'${allowed[0]}'` : `one of ${allowed.map((a) => `'${a}'`).join(', ')}`}`,
          ),
        );
  };

/** Wraps a parser so that an absent field reports "is required" instead of a type error. */
export const required =
  <A>(parse: (source: string) => (input: unknown) => Parsed<A>) =>
  (source: string) =>
  (input: unknown): Parsed<A> =>
    input === undefined || input === null ? E.left(issues(source, 'is required')) : parse(source)(input);
