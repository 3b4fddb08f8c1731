import type { Access } from '../../../domain/auth/grant.js';
import { ACCOUNT_MEMBER_TOKEN_HEADER, type ShopperAccess } from '../../../domain/auth/shopper-access.js';
import { IDEMPOTENCY_KEY_MAX } from '../../../domain/idempotency/idempotency.js';
import type { ErrorCode } from '../error-documents.js';
import type { Content, Operation, Parameter, Reference, Response, Schema } from './openapi-types.js';
import { headerRef, parameterRef, responseRef } from './schema-builders.js';
import { errorResponse, RATE_HEADERS, TOO_MANY_REQUESTS } from './shared-components.js';

/** The refusals an operation words for itself; the ones every operation shares are added by `operation`. */
export interface ErrorCases {
  /** The codes of its 403, 409 and 422 besides those every operation of its kind shares. */
  readonly codes?: {
    readonly 403?: readonly ErrorCode[];
    readonly 409?: readonly ErrorCode[];
    readonly 422?: readonly ErrorCode[];
  };
  /** A 429 of its own, besides the request rate's (the token endpoint's failed-authentication backoff). */
  readonly 429?: { readonly description: string; readonly codes: readonly ErrorCode[] };
  readonly 400?: string;
  /** Only for an operation that needs no token; a guarded one shares the bearer's 401. */
  readonly 401?: string;
  readonly 403?: string;
  readonly 404?: string;
  readonly 409?: string;
  readonly 422?: string;
}

export interface OperationSpec {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tag: string;
  /** What the token needs; `public` needs none. */
  readonly access: Access | 'public';
  /**
   * What a shopper (an implicit token with an account member token) may do here, within its own account;
   * absent, the operation is the merchant's alone (`x-shopper` in the API description).
   */
  readonly shopper?: ShopperAccess;
  /** A POST that takes `Idempotency-Key` (every guarded POST does, but those with a `secretBody`). */
  readonly post?: boolean;
  /**
   * The body carries a password: the request takes no Idempotency-Key, as the key's stored fingerprint (a
   * fast hash of the body) would let a password be guessed offline, and its stored answer would keep the
   * tokens it handed out.
   */
  readonly secretBody?: true;
  readonly parameters?: readonly (Parameter | Reference)[];
  readonly requestBody?: { readonly description: string; readonly content: Content };
  readonly success: Readonly<
    Record<string, { readonly description: string; readonly content?: Content; readonly headers?: Response['headers'] }>
  >;
  readonly errors?: ErrorCases;
  /** Whether the request is counted against a key's rate (every guarded operation and the token endpoint). */
  readonly rated?: boolean;
  /** Whether answering needs the database, so that an outage is a 503. */
  readonly database?: boolean;
  readonly extension?: true;
}

export const jsonContent = (schema: Schema): Content => ({ 'application/json': { schema } });

const IMPLICIT_FORBIDDEN =
  'The token is an implicit one, which may only read the subscription catalogue (products, plans and offerings).';
const SHOPPER_REACH: Readonly<Record<ShopperAccess, string>> = {
  read: `With an account member token in \`${ACCOUNT_MEMBER_TOKEN_HEADER}\`, an implicit token reads here what belongs to the member's account (another account's record is a 404); an account member token that is unknown, expired or of another store is a 401.`,
  'own-state': `With an account member token in \`${ACCOUNT_MEMBER_TOKEN_HEADER}\`, an implicit token may cancel, pause or resume a subscription of the member's account, as its plan allows; \`go_live\`, \`pending\`, \`cancel_immediately\` and resuming what dunning paused or closed stay the merchant's (\`token_not_permitted\`). An account member token that is unknown, expired or of another store is a 401.`,
  'own-details': `With an account member token in \`${ACCOUNT_MEMBER_TOKEN_HEADER}\`, an implicit token reads and changes here its own member's details and credentials, when the store's \`account_member_self_management\` is \`update_only\`; while it is \`disabled\`, a 403 \`self_management_disabled\`. Another member's records are a 404. An account member token that is unknown, expired or of another store is a 401.`,
};
const SCOPE_MISSING =
  "Or the token's application key has scopes, none of which allows this operation (`scope_missing`, naming the scope it needs).";
const CSRF_INVALID =
  "Or a write made with the console's session cookie came without its session's `X-CSRF-Token` (`csrf_token_invalid`).";
const BODY_UNREADABLE =
  'The body cannot be read: not valid JSON or form data, not matching its Content-Length, or corrupt compressed data.';

const joined = (...parts: readonly (string | undefined)[]): string =>
  parts.filter((p): p is string => p !== undefined).join(' ');

/** An operation with its own answers and those every operation of its kind shares, in status order. */
export const operation = (spec: OperationSpec): Operation => {
  const guarded = spec.access !== 'public';
  const idempotent = guarded && spec.post === true;
  const rated = spec.rated ?? guarded;
  const errors = spec.errors ?? {};
  const successHeaders = {
    'X-Request-Id': headerRef('X-Request-Id'),
    'X-Content-Type-Options': headerRef('X-Content-Type-Options'),
    'Cache-Control': headerRef('Cache-Control'),
    'Content-Encoding': headerRef('Content-Encoding'),
    Vary: headerRef('Vary'),
    ...(rated ? RATE_HEADERS : {}),
    ...(idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
  };
  const responses: Record<string, Response | Reference> = {};
  for (const [status, success] of Object.entries(spec.success)) {
    responses[status] = {
      description: success.description,
      headers: { ...successHeaders, ...success.headers },
      ...(success.content === undefined ? {} : { content: success.content }),
    };
  }
  const sharedErrorHeaders = rated ? RATE_HEADERS : {};
  const codes = errors.codes ?? {};
  const error = (description: string, codes: readonly ErrorCode[]) =>
    errorResponse(description, codes, sharedErrorHeaders);
  const filtered = (spec.parameters ?? []).some((p) => '$ref' in p && /Filter$/.test(p.$ref));
  const cursored = (spec.parameters ?? []).some((p) => '$ref' in p && p.$ref.endsWith('/PageAfter'));
  responses['400'] = error(
    joined(
      errors[400],
      idempotent
        ? `An \`Idempotency-Key\` that is not 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`
        : undefined,
      BODY_UNREADABLE,
    ),
    [
      'invalid_value',
      ...(filtered ? (['invalid_filter'] as const) : []),
      ...(cursored ? (['invalid_cursor'] as const) : []),
      'invalid_body',
      'invalid_http',
    ],
  );
  if (guarded) responses['401'] = responseRef('Unauthorized');
  else if (errors[401] !== undefined) responses['401'] = error(errors[401], ['unauthenticated']);
  if (spec.access !== 'public' && spec.access !== 'catalogue') {
    responses['403'] = error(
      joined(
        errors[403],
        IMPLICIT_FORBIDDEN,
        spec.shopper === undefined ? undefined : SHOPPER_REACH[spec.shopper],
        SCOPE_MISSING,
        spec.access === 'read' ? undefined : CSRF_INVALID,
      ),
      [
        'token_not_permitted',
        'scope_missing',
        ...(spec.access === 'read' ? [] : (['csrf_token_invalid'] as const)),
        ...(spec.shopper === 'own-details' ? (['self_management_disabled'] as const) : []),
        ...(codes[403] ?? []),
      ],
    );
  } else if (errors[403] !== undefined) responses['403'] = error(errors[403], codes[403] ?? []);
  if (errors[404] !== undefined) responses['404'] = error(errors[404], ['not_found']);
  const conflict = joined(
    errors[409],
    idempotent
      ? 'A request with the same `Idempotency-Key` is still being processed (`Retry-After` says when to retry), or was stored but its answer was lost.'
      : undefined,
  );
  if (conflict !== '')
    responses['409'] = error(conflict, [
      ...(codes[409] ?? []),
      ...(idempotent ? (['idempotency_key_in_flight', 'idempotency_key_applied'] as const) : []),
    ]);
  responses['413'] = responseRef('PayloadTooLarge');
  responses['415'] = responseRef('UnsupportedMediaType');
  const unprocessable = joined(
    errors[422],
    idempotent ? 'The `Idempotency-Key` was used for a different request (method, path, query or body).' : undefined,
  );
  if (unprocessable !== '')
    responses['422'] = error(unprocessable, [
      ...(codes[422] ?? []),
      ...(idempotent ? (['idempotency_key_reused'] as const) : []),
    ]);
  if (errors[429] !== undefined) {
    responses['429'] = errorResponse(
      joined(TOO_MANY_REQUESTS, errors[429].description),
      [...(rated ? (['rate_limited'] as const) : []), ...errors[429].codes],
      {
        ...sharedErrorHeaders,
        'Retry-After': headerRef('Retry-After'),
      },
    );
  } else if (rated) responses['429'] = responseRef('TooManyRequests');
  responses['500'] = responseRef('InternalServerError');
  if (spec.database ?? true) responses['503'] = responseRef('ServiceUnavailable');
  if (spec.database ?? true) responses['504'] = responseRef('OutcomeUnknown');

  const ordered = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    ...(spec.parameters === undefined && !idempotent
      ? {}
      : { parameters: [...(spec.parameters ?? []), ...(idempotent ? [parameterRef('IdempotencyKey')] : [])] }),
    ...(spec.requestBody === undefined ? {} : { requestBody: { required: true, ...spec.requestBody } }),
    responses: ordered,
    ...(guarded ? {} : { security: [] }),
    ...(spec.extension === true ? { 'x-extension': true as const } : {}),
    ...(spec.shopper === undefined ? {} : { 'x-shopper': spec.shopper }),
  };
};

/** `data`, `links` and `meta` of a list of `item`, with what the list adds to `meta`. */
export const listResponseSchema = (
  item: Schema,
  extraMeta: Readonly<Record<string, Schema>> = {},
  more: Readonly<Record<string, Schema>> = {},
  optional: readonly string[] = [],
): Schema => ({
  type: 'object',
  properties: {
    data: { type: 'array', items: item },
    links: { $ref: '#/components/schemas/ListLinks' },
    meta: {
      type: 'object',
      description: 'Paging of every list, present even when nothing matches, and what this list adds.',
      properties: {
        page: { $ref: '#/components/schemas/PageMeta' },
        results: { $ref: '#/components/schemas/ResultsMeta' },
        ...extraMeta,
      },
      required: ['page', 'results', ...Object.keys(extraMeta)],
      additionalProperties: false,
    },
    ...more,
  },
  required: ['data', 'links', 'meta', ...Object.keys(more).filter((name) => !optional.includes(name))],
  additionalProperties: false,
});

/**
 * A list that also pages by cursor: `links` and `meta.page` are those of an offset page, or of a cursor
 * page when `page[after]` was sent.
 */
export const cursorListResponseSchema = (offsetPaged: Schema): Schema => {
  const properties = offsetPaged.properties ?? {};
  const meta = properties['meta'] ?? {};
  return {
    ...offsetPaged,
    properties: {
      ...properties,
      links: { oneOf: [{ $ref: '#/components/schemas/ListLinks' }, { $ref: '#/components/schemas/CursorListLinks' }] },
      meta: {
        ...meta,
        properties: {
          ...meta.properties,
          page: { oneOf: [{ $ref: '#/components/schemas/PageMeta' }, { $ref: '#/components/schemas/CursorPageMeta' }] },
        },
      },
    },
  };
};

export const PAGING_PARAMETERS = [parameterRef('PageOffset'), parameterRef('PageLimit')] as const;

/** The 400 of a list that takes its paging parameters alone. */
export const PAGE_REFUSED = 'A paging parameter out of range or given twice.';

/** The 400 of a list that also takes a `filter`. */
export const FILTERED_PAGE_REFUSED = 'A paging parameter out of range or given twice, or a filter that does not parse.';

/** The answer of a delete: 204, no body. */
export const DELETED = { '204': { description: 'Deleted; no body.' } } as const;
export const ID_PARAMETER = parameterRef('ResourceId');
