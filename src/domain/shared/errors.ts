import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js';

/** One problem with one input: `source` is a dotted path into the body (`data.name`) or a query parameter's name. */
export interface ValidationIssue {
  readonly source: string;
  readonly detail: string;
  /** A more specific title than "Bad Request", when the kind of input has its own (filters do). */
  readonly title?: string;
}
export type Issues = ReadonlyNonEmptyArray<ValidationIssue>;

/** Every expected failure of the core. Broken infrastructure is not here: it throws. */
export type DomainError =
  | { readonly _tag: 'ValidationFailed'; readonly issues: Issues }
  | { readonly _tag: 'Unauthenticated'; readonly detail: string }
  | { readonly _tag: 'Forbidden'; readonly detail: string }
  | { readonly _tag: 'NotFound'; readonly detail: string }
  | { readonly _tag: 'Conflict'; readonly detail: string }
  | { readonly _tag: 'Unprocessable'; readonly detail: string };

export const issue = (source: string, detail: string): ValidationIssue => ({ source, detail });
export const issues = (source: string, detail: string): Issues => [issue(source, detail)];

export const validationFailed = (list: Issues): DomainError => ({ _tag: 'ValidationFailed', issues: list });
export const unauthenticated = (detail: string): DomainError => ({ _tag: 'Unauthenticated', detail });
export const forbidden = (detail: string): DomainError => ({ _tag: 'Forbidden', detail });
export const notFound = (detail: string): DomainError => ({ _tag: 'NotFound', detail });
export const conflict = (detail: string): DomainError => ({ _tag: 'Conflict', detail });
export const unprocessable = (detail: string): DomainError => ({ _tag: 'Unprocessable', detail });
