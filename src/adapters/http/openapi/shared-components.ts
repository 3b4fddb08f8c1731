import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from '../../../domain/idempotency/idempotency.js';
import { CURSOR_TOKEN_MAX } from '../../../domain/query/cursor.js';
import {
  FILTER_MAX_BYTES,
  FILTER_MAX_CONDITIONS,
  FILTER_PARSE_TITLE,
  type FilterOperator,
  type FilterRules,
  type FilterValues,
} from '../../../domain/query/filter.js';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_OFFSET_MAX, TOTAL_METHODS } from '../../../domain/query/page.js';
import type { ErrorCode } from '../error-documents.js';
import { BODY_LIMITS } from '../middleware/body-rules.js';
import { REQUEST_ID_MAX, SANE_REQUEST_ID } from '../middleware/request-context.js';
import { CURRENCY_HEADER_PATTERN } from '../preferred-currency.js';
import { errorDocumentSchema, errorObjectSchema } from './error-schemas.js';
import type { Components, Content, Header, Parameter, Response, Schema } from './openapi-types.js';
import { closedObject, headerRef, integer, nullable, schemaRef, uri } from './schema-builders.js';

const listLinks: Schema = closedObject(
  {
    current: uri,
    first: uri,
    last: uri,
    next: { ...nullable(uri), description: 'Null on the last page.' },
    prev: { ...nullable(uri), description: 'Null on the first page.' },
  },
  [],
  "Absolute links to the neighbouring pages, keeping the request's `filter` and `include`; the brackets of `page[...]` are percent-encoded, so each is a valid RFC 3986 URI.",
);

const pageMeta: Schema = closedObject({
  limit: integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, 'The page length used.'),
  offset: integer(0, PAGE_OFFSET_MAX, 'The offset used, in records, zero-based.'),
  current: integer(1, undefined, 'The 1-based number of this page.'),
  total: integer(0, undefined, 'The number of pages.'),
});

const cursorListLinks: Schema = closedObject(
  {
    current: uri,
    first: { ...uri, description: 'The start of the walk: `page[after]` empty.' },
    next: { ...nullable(uri), description: 'The next page, its `page[after]` a token; null on the last page.' },
  },
  [],
  "The links of a cursor page (`page[after]` was sent), keeping the request's `filter`, `include` and `page[limit]`. There is no `last` (a walk does not know where it ends) and no `prev` (it walks forward).",
);

const cursorPageMeta: Schema = closedObject(
  {
    limit: integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, 'The page length used.'),
    after: { type: 'string', description: 'The `page[after]` this page was read with: empty on the first page.' },
  },
  [],
  'Paging of a cursor page: no offset or page number, since a walk has neither.',
);

const resultsMeta: Schema = closedObject({
  total: integer(0, undefined, 'The number of matching records, or a lower bound of it (see `total_method`).'),
  total_method: {
    type: 'string',
    enum: TOTAL_METHODS,
    description:
      '`exact`: `total` is the exact count. `lower_bound`: a filtered count stopped at its cap (offset limit + page limit + 1), so there are at least `total` matches. EPCC names this member; we always send it.',
    'x-extension': true,
  },
});

const sharedSchemas: Readonly<Record<string, Schema>> = {
  ErrorObject: errorObjectSchema,
  ErrorDocument: errorDocumentSchema,
  ListLinks: listLinks,
  PageMeta: pageMeta,
  CursorListLinks: cursorListLinks,
  CursorPageMeta: cursorPageMeta,
  ResultsMeta: resultsMeta,
};

const parameters: Readonly<Record<string, Parameter>> = {
  PageOffset: {
    name: 'page[offset]',
    in: 'query',
    description: `Records to skip, zero-based, at most ${PAGE_OFFSET_MAX}. Brackets may be sent percent-encoded or not. Out of range, not an integer, or given twice: 400 naming the parameter.`,
    schema: integer(0, PAGE_OFFSET_MAX),
  },
  PageLimit: {
    name: 'page[limit]',
    in: 'query',
    description: `Records per page, ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}; when absent, the store's \`page_length\` setting (default 25). Out of range, not an integer, or given twice: 400 naming the parameter.`,
    schema: integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX),
  },
  PageAfter: {
    name: 'page[after]',
    in: 'query',
    description: `Asks for cursor paging, past the offset limit of ${PAGE_OFFSET_MAX}: empty (\`page[after]=\`) for the first page, then the token of \`links.next\`, which is opaque and bound to the request's \`filter\` and \`include\`. Not with \`page[offset]\` (400). A token altered, not a token, or sent with another filter or include: 400 \`invalid_cursor\`.`,
    schema: { type: 'string', maxLength: CURSOR_TOKEN_MAX },
    'x-extension': true,
  },
  ResourceId: {
    name: 'id',
    in: 'path',
    required: true,
    description:
      "The resource's id. An id that is not a UUID, or that belongs to another store, is answered 404 like one that does not exist.",
    schema: { type: 'string', format: 'uuid' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description: `Makes the POST safe to retry (Stripe's semantics): the first response to a key is kept for 24 hours and replayed, with \`Idempotent-Replayed: true\`, to every retry of the same request (method, path, query and body). A retry while the first is still running: 409. The key reused for another request: 422. A 5xx or 429 releases the key. 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters; anything else: 400.`,
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN.source },
    'x-extension': true,
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    description: `An id of your own for the request, echoed back and written in the log line; ignored unless it is 1 to ${REQUEST_ID_MAX} of \`A-Za-z0-9._:-\`.`,
    schema: { type: 'string', pattern: SANE_REQUEST_ID.source },
  },
  Currency: {
    name: 'EP-Currency',
    in: 'header',
    description:
      "The currency of `meta.display_price` (three letters, any case; `X-Moltin-Currency` is read too). Without it, or when a record has no price in it, the first of the record's currencies in code order.",
    schema: { type: 'string', pattern: CURRENCY_HEADER_PATTERN.source },
  },
};

/** What a list lets a client filter on: its domain rules, read here so that the document cannot differ from them. */
export interface FilterableList {
  readonly filter?: FilterRules<string>;
  readonly values?: FilterValues<string>;
}

const fieldClause = (field: string, operators: readonly string[], values: readonly string[] | undefined): string =>
  `\`${field}\` (${operators.map((op) => `\`${op}\``).join(' or ')}${values === undefined ? '' : `; ${values.map((v) => `\`${v}\``).join(' or ')}`})`;

const OPERATOR_FORMS: Readonly<Record<FilterOperator, string>> = {
  eq: '`eq(field,value)`',
  in: '`in(field,v1,v2,...)`',
  like: '`like(field,pattern)` (`*` in the pattern stands for any run of characters; case counts)',
  gt: '`gt(field,value)` (after the value)',
  lt: '`lt(field,value)` (before the value)',
};

/** The forms of the operators some field of the list takes, in the grammar's order. */
const operatorForms = (list: FilterableList): string => {
  const used = new Set(Object.values(list.filter ?? {}).flat());
  const forms = (Object.keys(OPERATOR_FORMS) as FilterOperator[])
    .filter((op) => used.has(op))
    .map((op) => OPERATOR_FORMS[op]);
  return forms.length <= 1 ? (forms[0] ?? '') : `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}`;
};

/** `filter` for a list, with the fields its rules allow, the operators each takes and the values of those with fixed ones. */
export const filterParameter = (list: FilterableList): Parameter => ({
  name: 'filter',
  in: 'query',
  description: [
    `Conditions joined by \`:\` (all must hold), each ${operatorForms(list)}, on ${Object.entries(list.filter ?? {})
      .map(([field, operators]) => fieldClause(field, operators, list.values?.[field]))
      .join(', ')}.`,
    'A value holding `,` `:` `(` or `)` is written in double quotes, with `\\"` and `\\\\` escapes; a literal `+` must be sent as `%2B` (an unencoded `+` is a space).',
    `At most ${FILTER_MAX_CONDITIONS} conditions and ${FILTER_MAX_BYTES} bytes. Text that does not parse, an unknown operator or field: 400 \`${FILTER_PARSE_TITLE}\` saying what and where.`,
  ].join(' '),
  schema: { type: 'string', maxLength: FILTER_MAX_BYTES },
});

const integerHeader = (description: string): Header => ({ description, schema: { type: 'integer', minimum: 0 } });

const headers: Readonly<Record<string, Header>> = {
  'X-Request-Id': {
    description:
      "The request's id: the client's own when it sent a sane one, otherwise a new UUID. Also in the log line.",
    required: true,
    schema: { type: 'string' },
  },
  'X-Content-Type-Options': {
    description:
      'Always `nosniff`, on every answer: a browser must never read an answer as another type than the one it is sent as.',
    required: true,
    schema: { type: 'string', const: 'nosniff' },
  },
  'Cache-Control': {
    description:
      "`no-store` on every answer unless the operation states its own caching: answers hold a store's data and tokens, which no cache should keep.",
    schema: { type: 'string' },
  },
  'Content-Encoding': {
    description:
      'On a GET answer of JSON of 1 KiB or more when the request asked for it in `Accept-Encoding`: `gzip` (level 1) or `br` (quality 2), whichever the header prefers (by q-value, then by its order), streamed without a Content-Length. Never on an answer to a write, to a HEAD request, or to a request without `Accept-Encoding`.',
    schema: { type: 'string', enum: ['gzip', 'br'] },
    'x-extension': true,
  },
  Vary: {
    description: 'On every answer: `Accept-Encoding`, since a GET answer may be compressed as the request asks.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': integerHeader(
    'Requests per second allowed to the application key behind the token: its reservation, or the share of the store budget left unreserved.',
  ),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current second.'),
  'X-RateLimit-Reset': integerHeader('Seconds until the allowance is full again.'),
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Idempotent-Replayed': {
    description: 'Present, `true`, when the response is the replay of the first response to this `Idempotency-Key`.',
    schema: { type: 'string', const: 'true' },
    'x-extension': true,
  },
  'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { type: 'string', const: 'Bearer' } },
  Allow: { description: 'The methods this path allows.', required: true, schema: { type: 'string' } },
};

/** An error document whose every error carries one of `codes`: what a given answer can say. */
const errorContent = (codes: readonly ErrorCode[]): Content => ({
  'application/json': {
    schema: {
      ...schemaRef('ErrorDocument'),
      type: 'object',
      properties: {
        errors: { type: 'array', items: { type: 'object', properties: { code: { type: 'string', enum: codes } } } },
      },
    },
  },
});
const requestIdOnly = {
  'X-Request-Id': headerRef('X-Request-Id'),
  'X-Content-Type-Options': headerRef('X-Content-Type-Options'),
  'Cache-Control': headerRef('Cache-Control'),
};

/** An error answer: an error document with one of `codes`, the request id, and any headers of its own. */
export const errorResponse = (
  description: string,
  codes: readonly ErrorCode[],
  extraHeaders: Response['headers'] = {},
): Response => ({
  description,
  headers: { ...requestIdOnly, ...extraHeaders },
  content: errorContent(codes),
});

export const RATE_HEADERS = {
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
} as const;

export const TOO_MANY_REQUESTS = 'The application key is over its request rate; retry after `Retry-After` seconds.';

const responses: Readonly<Record<string, Response>> = {
  Unauthorized: errorResponse(
    'The `Authorization: Bearer` token is missing, unknown or expired, or the key it came from was deleted.',
    ['unauthenticated'],
    {
      'WWW-Authenticate': headerRef('WWW-Authenticate'),
    },
  ),
  TooManyRequests: errorResponse(TOO_MANY_REQUESTS, ['rate_limited'], {
    ...RATE_HEADERS,
    'Retry-After': headerRef('Retry-After'),
  }),
  ServiceUnavailable: errorResponse(
    'The database cannot be reached or did not answer in time; nothing was written. Retry after `Retry-After` seconds; its `meta.request_id` names the request.',
    ['database_unavailable'],
    { 'Retry-After': headerRef('Retry-After') },
  ),
  OutcomeUnknown: errorResponse(
    'The database stopped answering while the change was being committed: whether it was stored is not known. Retry with the same `Idempotency-Key`: the retry replays the answer if it was stored, runs the request if it was not, or answers 409 `idempotency_key_applied` if it was stored but its answer was lost. Without a key, read the resource before retrying.',
    ['outcome_unknown'],
    { 'Retry-After': headerRef('Retry-After') },
  ),
  InternalServerError: errorResponse(
    'An unexpected failure; its `meta.request_id` names the request, and the log line with the same id has the stack.',
    ['internal_error'],
  ),
  PayloadTooLarge: errorResponse(
    `The body is larger than ${BODY_LIMITS.json / 1024 / 1024} MiB (JSON) or ${BODY_LIMITS.form / 1024} KiB (a form, or any body of the token endpoint, which is read before anyone is authenticated), counted after decompression.`,
    ['payload_too_large'],
  ),
  UnsupportedMediaType: errorResponse(
    'A body of another content type than this operation reads (GET and DELETE included, when they carry one), a charset other than UTF-8, or a `Content-Encoding` other than identity, gzip, deflate or br.',
    ['unsupported_media_type'],
  ),
  RouteNotFound: errorResponse('No route matches this path.', ['route_not_found']),
  MethodNotAllowed: errorResponse(
    'The path exists but not with this method; `Allow` lists those it has.',
    ['method_not_allowed'],
    { Allow: headerRef('Allow') },
  ),
  NotImplemented: errorResponse('A method the service does not implement at all.', ['not_implemented']),
  RequestTimeout: errorResponse(
    "The request was not received in full within the server's timeouts; the connection is closed.",
    ['request_timeout'],
  ),
  RequestHeaderFieldsTooLarge: errorResponse('The request line and headers are larger than 16 KiB.', [
    'header_fields_too_large',
  ]),
  MalformedRequest: errorResponse(
    'Not an HTTP/1.1 request the server can parse, or one without a `Host` header or with more than one (the connection is closed).',
    ['invalid_http'],
  ),
};

export const sharedComponents: Components = {
  schemas: sharedSchemas,
  parameters,
  headers,
  responses,
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        "A token from `POST /oauth/access_token`, valid for an hour. `client_credentials` tokens may do everything their key's `scopes` allow (everything when it has none); `implicit` tokens only read the subscription catalogue (products, plans, offerings) and get 403 elsewhere. `POST /oauth/revoke` ends one token.",
    },
  },
};
