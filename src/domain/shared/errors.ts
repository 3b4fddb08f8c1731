import type { ReadonlyNonEmptyArray } from 'fp-ts/lib/ReadonlyNonEmptyArray.js';

/** One problem with one input: `source` is a dotted path into the body (`data.name`) or a query parameter's name. */
export interface ValidationIssue {
  readonly source: string;
  readonly detail: string;
  /** A more specific title than "Bad Request", when the kind of input has its own (filters do). */
  readonly title?: string;
  /** What kind of input was wrong, when it is not a plain field or parameter value. */
  readonly code?: 'invalid_filter' | 'invalid_cursor';
}
export type Issues = ReadonlyNonEmptyArray<ValidationIssue>;

/** Why a caller may not do what it asked, beyond being unauthenticated. */
export type ForbiddenCode =
  | 'token_not_permitted'
  | 'scope_missing'
  /** A person whose role does not reach the operation. */
  | 'role_not_permitted'
  | 'plan_not_permitted'
  /** A store that has not turned self-signup on. */
  | 'self_signup_disabled'
  /** A store that does not let account members change their own details. */
  | 'self_management_disabled'
  /** A write made with the console's session cookie without its session's `X-CSRF-Token`. */
  | 'csrf_token_invalid';
/** Which stored state a write conflicts with. */
export type ConflictCode =
  | 'reservation_over_budget'
  | 'budget_below_reservations'
  | 'prefix_taken'
  | 'in_use'
  | 'external_ref_taken'
  | 'default_taken'
  | 'payment_not_pending'
  /** A gateway's answer for a refund recorded already. */
  | 'refund_not_pending'
  | 'job_running'
  | 'invoice_paid'
  /** A write through the 2024 wire that would drop what only the 2025 generation stores. */
  | 'generation_mismatch'
  /** A username another account member holds in the same password profile. */
  | 'username_taken'
  /** An email another account member of the store holds. */
  | 'email_taken'
  | 'registration_id_taken'
  | 'membership_exists'
  | 'membership_limit_reached'
  /** A change that would leave the store without an owner. */
  | 'last_owner'
  /** A subject of an identity provider another user of the realm is linked to. */
  | 'subject_linked';
/** Why a well-formed request cannot be carried out in the current state. */
export type UnprocessableCode =
  | 'state_transition_not_allowed'
  | 'discounts_exclusive'
  | 'test_clock_backwards'
  | 'payment_retries_left'
  | 'invoice_unpaid'
  | 'integration_type_unsupported'
  /** One of EPCC's payment gateways that this service does not serve. */
  | 'gateway_not_served'
  /** A gateway credential sent while the deployment has no key to seal it with. */
  | 'credentials_key_missing'
  | 'receiver_refused'
  | 'not_served_yet'
  | 'payment_not_refundable'
  /** The payment's gateway refused to give the money back. */
  | 'refund_refused'
  /** An identity provider whose discovery document could not be read. */
  | 'provider_unreachable';

/**
 * Every expected failure of the core. Broken infrastructure is not here: it throws. Refusals of the
 * same kind for different reasons carry a `code`, stable for clients to act on.
 */
export type DomainError =
  | { readonly _tag: 'ValidationFailed'; readonly issues: Issues }
  | { readonly _tag: 'Unauthenticated'; readonly detail: string }
  | { readonly _tag: 'Forbidden'; readonly detail: string; readonly code: ForbiddenCode }
  | { readonly _tag: 'NotFound'; readonly detail: string }
  | { readonly _tag: 'Conflict'; readonly detail: string; readonly code: ConflictCode }
  | { readonly _tag: 'Unprocessable'; readonly detail: string; readonly code: UnprocessableCode };

export const issue = (source: string, detail: string): ValidationIssue => ({ source, detail });
export const issues = (source: string, detail: string): Issues => [issue(source, detail)];

export const validationFailed = (list: Issues): DomainError => ({ _tag: 'ValidationFailed', issues: list });
export const unauthenticated = (detail: string): DomainError => ({ _tag: 'Unauthenticated', detail });
export const forbidden = (detail: string, code: ForbiddenCode): DomainError => ({ _tag: 'Forbidden', detail, code });
export const notFound = (detail: string): DomainError => ({ _tag: 'NotFound', detail });
export const conflict = (detail: string, code: ConflictCode): DomainError => ({ _tag: 'Conflict', detail, code });
export const unprocessable = (detail: string, code: UnprocessableCode): DomainError => ({
  _tag: 'Unprocessable',
  detail,
  code,
});
