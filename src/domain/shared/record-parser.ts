import * as E from 'fp-ts/lib/Either.js';
import type { ValidationIssue } from './errors.js';
import { issue } from './errors.js';
import { isRecord, type Parsed } from './validation.js';

/** How one field of an input object is parsed; `source` is its dotted path. */
export interface FieldSpec<A, R extends boolean = boolean> {
  readonly parse: (source: string) => (input: unknown) => Parsed<A>;
  readonly required: R;
}

export const requiredField = <A>(parse: FieldSpec<A>['parse']): FieldSpec<A, true> => ({ parse, required: true });
export const optionalField = <A>(parse: FieldSpec<A>['parse']): FieldSpec<A, false> => ({ parse, required: false });

type Specs = Readonly<Record<string, FieldSpec<unknown>>>;
type ValueOf<S> = S extends FieldSpec<infer A> ? A : never;
type RequiredKeys<S extends Specs> = { [K in keyof S]: S[K] extends FieldSpec<unknown, true> ? K : never }[keyof S];
type OptionalKeys<S extends Specs> = Exclude<keyof S, RequiredKeys<S>>;

/** A validated new record: required fields present, optional ones present only when given. */
export type Created<S extends Specs> = { readonly [K in RequiredKeys<S>]: ValueOf<S[K]> } & {
  readonly [K in OptionalKeys<S>]?: ValueOf<S[K]>;
};
/** A validated partial update: a field left out keeps its value; `null` clears an optional field. */
export type Changes<S extends Specs> = { readonly [K in RequiredKeys<S>]?: ValueOf<S[K]> } & {
  readonly [K in OptionalKeys<S>]?: ValueOf<S[K]> | null;
};

const collect = <S extends Specs>(
  specs: S,
  input: unknown,
  prefix: string,
  mode: 'create' | 'update',
): Parsed<Record<string, unknown>> => {
  if (!isRecord(input)) return E.left([issue(prefix, 'must be an object')]);
  const problems: ValidationIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const source = `${prefix}.${key}`;
    const value = Object.hasOwn(input, key) ? input[key] : undefined;
    if (value === undefined || value === null) {
      if (spec.required && (mode === 'create' || value === null))
        problems.push(issue(source, mode === 'create' ? 'is required' : 'cannot be null'));
      // On update null clears a field; on create it is the same as leaving the field out.
      else if (value === null && mode === 'update') out[key] = null;
      continue;
    }
    const parsed = spec.parse(source)(value);
    if (E.isLeft(parsed)) problems.push(...parsed.left);
    else out[key] = parsed.right;
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(out) : E.left([first, ...rest]);
};

/** Parses a new record from untrusted input, reporting every problem; unknown fields are ignored. */
export const parseCreated = <S extends Specs>(specs: S, input: unknown, prefix: string): Parsed<Created<S>> =>
  collect(specs, input, prefix, 'create') as Parsed<Created<S>>;

/** Parses a partial update from untrusted input, reporting every problem; unknown fields are ignored. */
export const parseChanges = <S extends Specs>(specs: S, input: unknown, prefix: string): Parsed<Changes<S>> =>
  collect(specs, input, prefix, 'update') as Parsed<Changes<S>>;

/** Applies parsed changes: given values replace, `null` removes the field. */
export const applyChanges = <A extends object>(current: A, changes: object): A => {
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as A;
};
