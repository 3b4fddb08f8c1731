import { sequenceS } from 'fp-ts/lib/Apply.js';
import * as E from 'fp-ts/lib/Either.js';
import * as RNEA from 'fp-ts/lib/ReadonlyNonEmptyArray.js';
import type { Issues, ValidationIssue } from './errors.js';

export type Parsed<A> = E.Either<Issues, A>;

/** Applicative that concatenates issues instead of stopping at the first Left. */
const collectIssues = E.getApplicativeValidation(RNEA.getSemigroup<ValidationIssue>());

/** Parses every field of a record and reports all problems at once. */
export const parseAll = sequenceS(collectIssues);

export const isRecord = (input: unknown): input is Readonly<Record<string, unknown>> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

const hasOwn = (record: Readonly<Record<string, unknown>>, key: string): boolean => Object.hasOwn(record, key);

/** The value of a field that may be absent; `null` counts as present, so callers decide what it means. */
export const field = (record: Readonly<Record<string, unknown>>, key: string): unknown =>
  hasOwn(record, key) ? record[key] : undefined;

/** Runs `parse` only when the field is present (not undefined). */
export const optional = <A>(value: unknown, parse: (v: unknown) => Parsed<A>): Parsed<A | undefined> =>
  value === undefined ? E.right(undefined) : parse(value);
