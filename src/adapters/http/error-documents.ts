import type { DomainError } from '../../domain/shared/errors.js';

/**
 * Every `code` an error object can carry, with what it means. Codes are stable: clients may branch on
 * them, so a code is never renamed or reused for another meaning (new ones may be added).
 */
export const ERROR_CODE_MEANINGS = {
  invalid_value: 'a field of the body, a query parameter or a header has a value its rules refuse; `source` names it',
  invalid_filter: 'the `filter` parameter does not parse, or names a field or operator the list does not allow',
  invalid_cursor:
    'the `page[after]` token is not one this list made: altered, not a token, or made for another filter or include',
  invalid_body:
    'the body is not valid JSON (or form data for the token endpoint), does not decompress, or does not match its Content-Length',
  invalid_http:
    'the request is not valid HTTP/1.1: it does not parse, or it has no Host header (HTTP/1.1) or more than one',
  unauthenticated: 'no bearer token, or one that is unknown or expired; or client credentials that do not match a key',
  token_not_permitted:
    "the token's grant does not permit this request (implicit tokens read the catalogue only, and a shopper's what its account owns), or a shopper asked for a change that is the merchant's",
  scope_missing:
    "the scopes of the token's application key do not allow this request; `detail` names the scope it needs",
  role_not_permitted:
    'the role of the person whose console session made the request does not allow it; `detail` names the roles that do',
  plan_not_permitted: "the subscription's plan does not let subscribers take this action (its `can_*` flag is false)",
  origin_not_allowed:
    "a preflight (`OPTIONS` with `Origin`) for a route or method not open to that origin: only the token endpoints, the catalogue and shoppers' own records are open to browsers, the rest to `CORS_ADMIN_ORIGINS`",
  self_signup_disabled:
    'the store has not turned self-signup on (`enable_self_signup` of `/v2/settings/account-authentication`)',
  self_management_disabled:
    'the store does not let account members change their own details (`account_member_self_management` of `/v2/settings/account-authentication` is `disabled`)',
  csrf_token_invalid:
    "a write made with the console's session cookie without `X-CSRF-Token`, or with one that is not its session's (`csrf_token` of `GET /console/session`)",
  not_found: "no resource with this id in the caller's store (an id that is not a UUID included)",
  route_not_found: 'no route matches this path',
  method_not_allowed: 'the path exists but not with this method; `Allow` lists the methods it has',
  request_timeout: 'the request headers or body were not received in time',
  reservation_over_budget: "the key's reserved rate limit would take the store's reservations over its request budget",
  budget_below_reservations: "the store's request budget would be below what its keys already reserve",
  prefix_taken: 'another store already uses this merchant realm prefix (compared without regard to case)',
  in_use:
    'the resource is still referred to (a product or plan held by an offering, a proration policy an offering uses, an account that is the parent of sub-accounts); detach it first',
  external_ref_taken:
    'another record of its kind already has this `external_ref` (a proration policy or feature of the store, a feature of the offering)',
  default_taken: 'the store already has a default dunning rule; make it not the default first',
  payment_not_pending: 'the invoice payment is not pending: it was settled already or did not wait for a settlement',
  refund_not_pending: "the refund is not pending: the gateway's answer for it was recorded already",
  job_running: 'the job is running (started, and its worker still holds it); wait until it has finished',
  invoice_paid: 'the invoice is paid: there is nothing left to attempt',
  generation_mismatch:
    "a write through the 2024 subscriptions wire would drop or break what only the 2025 wire holds (features its plans configure, an offering's plan ↔ pricing option associations, a plan's custom attributes); `detail` says which, and to make the change on the 2025 wire (`/generations/2025/v2/...`)",
  username_taken:
    'another account member already has this username in the password profile (compared without regard to case)',
  email_taken:
    "another account member (or, for a merchant user, another of the merchant's people) of the store already has this email (compared without regard to case)",
  last_owner: 'the change would leave the store without an owner: make another person owner first',
  registration_id_taken: 'another account of the store already has this `registration_id`',
  subject_linked: "another user of the realm is linked to this subject of the identity provider's profile",
  provider_unreachable:
    'the identity provider did not answer with a discovery document for the issuer `discovery_url` names; `detail` says whose',
  membership_exists: 'the account member already belongs to this account',
  membership_limit_reached:
    'the account member already belongs to as many accounts as the store allows (`membership_limit` of `/v2/settings/account-membership`)',
  idempotency_key_in_flight:
    'a request with this Idempotency-Key is still being processed; retry after `Retry-After` seconds',
  idempotency_key_applied:
    'the request first sent with this Idempotency-Key was stored, but its answer was lost when the database stopped answering; it is not run again (read the resource to see it)',
  conflict:
    'a conflict with the stored state whose reason was not recorded (the replay of an answer stored before error codes existed)',
  payload_too_large: 'the body is larger than its limit, stated in `detail`',
  unsupported_media_type: 'the body has a content type, encoding or charset the endpoint does not read',
  idempotency_key_reused: 'this Idempotency-Key was used for a different request (method, path, query or body)',
  state_transition_not_allowed: "the subscription's current state does not allow this action",
  discounts_exclusive: 'cart settings cannot enable custom discounts and rule promotions together',
  test_clock_backwards: "a test clock only moves forward: the time asked for is before the store's time now",
  payment_retries_left: 'the invoice still has payment retries: payment runs attempt it on the dunning schedule',
  invoice_unpaid:
    'an invoice of the subscription is outstanding after a failed payment; it can be resumed once that is paid',
  integration_type_unsupported:
    "the integration's `integration_type` is one of EPCC's that this service does not deliver; `detail` names the supported ones",
  gateway_not_served:
    "the gateway is one of EPCC's that this service does not serve; `detail` names the ones it serves",
  credentials_key_missing:
    'the request carries a gateway credential, and the deployment has no `GATEWAY_CREDENTIALS_KEY` to encrypt it with; `detail` names the field',
  not_served_yet:
    "a field of EPCC's 2025 generation that this service does not serve yet; `detail` names it and what to send instead",
  payment_not_refundable:
    'the invoice payment cannot be refunded: it was not taken, its gateway cannot refund, or the amount is more than what is left of it to refund',
  refund_refused:
    "the payment's gateway refused the refund (`detail` gives its reason, such as a charge refunded on the gateway already); nothing was refunded",
  receiver_refused:
    "the webhook URL's host is or resolves to an address webhooks may not reach (loopback, private, link-local, multicast, metadata...)",
  unprocessable: 'a refusal whose reason was not recorded (the replay of an answer stored before error codes existed)',
  rate_limited: 'the application key is over its request rate; `Retry-After` says when to retry',
  authentication_blocked: 'too many failed authentications from this address; `Retry-After` says when to try again',
  header_fields_too_large: 'the request line and headers are larger than the server accepts',
  internal_error: 'an unexpected failure; the log line with this request id has its cause',
  not_implemented: 'the HTTP method is not one the service implements',
  database_unavailable:
    'the database cannot be reached or did not answer in time; nothing was stored; retry after `Retry-After` seconds',
  outcome_unknown:
    'the database stopped answering while the change was being committed, so whether it was stored is not known; retry with the same Idempotency-Key to find out',
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_MEANINGS;
export const ERROR_CODES = Object.keys(ERROR_CODE_MEANINGS) as readonly ErrorCode[];

/** The one status each code is answered with. */
export const ERROR_CODE_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_value: 400,
  invalid_filter: 400,
  invalid_cursor: 400,
  invalid_body: 400,
  invalid_http: 400,
  unauthenticated: 401,
  token_not_permitted: 403,
  scope_missing: 403,
  role_not_permitted: 403,
  plan_not_permitted: 403,
  origin_not_allowed: 403,
  self_signup_disabled: 403,
  self_management_disabled: 403,
  csrf_token_invalid: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  reservation_over_budget: 409,
  budget_below_reservations: 409,
  prefix_taken: 409,
  in_use: 409,
  external_ref_taken: 409,
  default_taken: 409,
  payment_not_pending: 409,
  refund_not_pending: 409,
  job_running: 409,
  invoice_paid: 409,
  generation_mismatch: 409,
  username_taken: 409,
  email_taken: 409,
  last_owner: 409,
  registration_id_taken: 409,
  subject_linked: 409,
  provider_unreachable: 422,
  membership_exists: 409,
  membership_limit_reached: 409,
  idempotency_key_in_flight: 409,
  idempotency_key_applied: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  state_transition_not_allowed: 422,
  discounts_exclusive: 422,
  test_clock_backwards: 422,
  payment_retries_left: 422,
  invoice_unpaid: 422,
  integration_type_unsupported: 422,
  gateway_not_served: 422,
  credentials_key_missing: 422,
  receiver_refused: 422,
  not_served_yet: 422,
  payment_not_refundable: 422,
  refund_refused: 422,
  unprocessable: 422,
  rate_limited: 429,
  authentication_blocked: 429,
  header_fields_too_large: 431,
  internal_error: 500,
  not_implemented: 501,
  database_unavailable: 503,
  outcome_unknown: 504,
};

/** One entry of an `errors` array; `status` is a string as EPCC's specifications declare it. */
export interface ErrorObject {
  readonly status: string;
  readonly title: string;
  /** Stable and machine-readable: one of `ERROR_CODES`. */
  readonly code: ErrorCode;
  readonly detail?: string;
  readonly source?: string;
  /** Every answer of the service carries it; see `withRequestId`. */
  readonly meta?: { readonly request_id: string };
}

export interface ErrorDocument {
  readonly errors: readonly ErrorObject[];
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The code of an error answered by status alone: what a status means when nothing more specific is known. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid_body',
  401: 'unauthenticated',
  403: 'token_not_permitted',
  404: 'route_not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'header_fields_too_large',
  501: 'not_implemented',
  503: 'database_unavailable',
  504: 'outcome_unknown',
};

export const titleOf = (status: number): string => TITLES[status] ?? 'Error';

const codeOfStatus = (status: number): ErrorCode => CODE_OF_STATUS[status] ?? 'internal_error';

export const errorDocument = (
  status: number,
  detail?: string,
  code: ErrorCode = codeOfStatus(status),
  source?: string,
): ErrorDocument => ({
  errors: [
    {
      status: String(status),
      title: titleOf(status),
      code,
      ...(detail === undefined ? {} : { detail }),
      ...(source === undefined ? {} : { source }),
    },
  ],
});

export const statusOf = (error: DomainError): number => {
  switch (error._tag) {
    case 'ValidationFailed':
      return 400;
    case 'Unauthenticated':
      return 401;
    case 'Forbidden':
      return 403;
    case 'NotFound':
      return 404;
    case 'Conflict':
      return 409;
    case 'Unprocessable':
      return 422;
  }
};

const codeOf = (error: Exclude<DomainError, { _tag: 'ValidationFailed' }>): ErrorCode => {
  switch (error._tag) {
    case 'Unauthenticated':
      return 'unauthenticated';
    case 'NotFound':
      return 'not_found';
    case 'Forbidden':
    case 'Conflict':
    case 'Unprocessable':
      return error.code;
  }
};

export const domainErrorDocument = (error: DomainError): ErrorDocument => {
  const status = statusOf(error);
  if (error._tag !== 'ValidationFailed') return errorDocument(status, error.detail, codeOf(error));
  return {
    errors: error.issues.map((i) => ({
      status: String(status),
      title: i.title ?? titleOf(status),
      code: i.code ?? 'invalid_value',
      // An issue with a title of its own (a filter's) says where it is in its detail already.
      detail: i.title === undefined ? `${i.source} ${i.detail}` : i.detail,
      source: i.source,
    })),
  };
};

const isErrorDocument = (body: unknown): body is ErrorDocument =>
  typeof body === 'object' &&
  body !== null &&
  !Buffer.isBuffer(body) &&
  Array.isArray((body as { errors?: unknown }).errors);

/**
 * The body with the request id in every error object's `meta`, so that a client quoting any error can be
 * matched to its log line; any other body as it is. An error object without a code (a response stored
 * for an idempotent replay before codes existed) gets its status's.
 */
export const withRequestId = (body: unknown, requestId: string): unknown =>
  isErrorDocument(body)
    ? {
        errors: body.errors.map((e) => ({
          ...e,
          code: e.code ?? codeOfStatus(Number(e.status)),
          meta: { ...e.meta, request_id: requestId },
        })),
      }
    : body;
