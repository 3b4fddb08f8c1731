import * as E from 'fp-ts/lib/Either.js';
import { CreateApplicationKey } from '../../../application/use-cases/keys/create-application-key.js';
import { DeleteApplicationKey } from '../../../application/use-cases/keys/delete-application-key.js';
import { GetApplicationKey } from '../../../application/use-cases/keys/get-application-key.js';
import { ListApplicationKeys } from '../../../application/use-cases/keys/list-application-keys.js';
import { RotateApplicationKeySecret } from '../../../application/use-cases/keys/rotate-application-key-secret.js';
import { UpdateApplicationKey } from '../../../application/use-cases/keys/update-application-key.js';
import { SCOPES } from '../../../domain/auth/scope.js';
import { APPLICATION_KEY_TYPE, type ApplicationKey } from '../../../domain/keys/application-key.js';
import { APPLICATION_KEY_NAME_MAX, APPLICATION_KEY_NAME_MIN } from '../../../domain/keys/application-key-input.js';
import { RESERVATION_EXCEEDS_BUDGET } from '../../../domain/keys/reservation-budget.js';
import { LONGEST_OVERLAP_DAYS } from '../../../domain/keys/secret-rotation.js';
import { INT32_MAX } from '../../../domain/shared/integer.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, noContent, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, principalOf, queryOf, respondWithError } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  DELETED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  nullable,
  oneOfStrings,
  openObject,
  schemaRef,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { answerShowingOnce } from '../shown-once.js';
import { applicationKeyPath, applicationKeyResource } from './application-key-document.js';

const TAG = 'Application keys';
const EPCC = 'As EPCC (`openapispecs/applicationkeys/OpenAPISpec.yaml` in elasticpath/elasticpath-dev).';
const reservation = integer(
  0,
  INT32_MAX,
  "Requests per second reserved for this key's tokens, out of the store's budget.",
);
const scopes: Schema = {
  ...arrayOf(oneOfStrings(SCOPES), { minItems: 1, maxItems: SCOPES.length }),
  uniqueItems: true,
  'x-extension': true,
  description:
    "Our extension (EPCC keys have none): what the key's tokens may do. `read-only`: every read but application keys, settings and realm mappings. `catalogue`: products, plans and offerings, read and write. `billing`: every read of `read-only`, and every write but the catalogue's. Scopes add up; a key without scopes has full access, as every EPCC key. A refused request is a 403 `scope_missing` naming the scope it needs.",
} as Schema;

const applicationKey: Schema = closedObject(
  {
    id: uuid,
    type: constant(APPLICATION_KEY_TYPE),
    name: text(APPLICATION_KEY_NAME_MIN, APPLICATION_KEY_NAME_MAX),
    client_id: { type: 'string', minLength: 1 },
    client_secret: {
      type: 'string',
      minLength: 1,
      description: 'Only in the response that created the key: it can never be read again.',
    },
    reserved_rate_limit: { ...reservation, description: 'Present only when the key reserves a rate.' },
    scopes: { ...scopes, description: `${scopes.description} Present only when the key has scopes.` },
    meta: closedObject({
      timestamps: closedObject(
        {
          created_at: timestamp,
          updated_at: timestamp,
          last_used_at: {
            ...nullable(timestamp),
            description: 'When a token was last minted with the key, to the minute; null until then.',
          },
          previous_secret_expires_at: {
            ...timestamp,
            'x-extension': true,
            description:
              'Our extension: when the secret replaced by the last rotation stops (or stopped) being accepted; present only when a rotation left an overlap.',
          } as Schema,
        },
        ['previous_secret_expires_at'],
      ),
    }),
  },
  ['client_secret', 'reserved_rate_limit', 'scopes'],
);

const selfLinks = closedObject({ self: uri });
const createdKey: Schema = { ...applicationKey, required: [...(applicationKey.required ?? []), 'client_secret'] };
const keyDocument = dataDocument(schemaRef('ApplicationKey'), { links: selfLinks });
const createdDocument: Schema = {
  oneOf: [
    dataDocument(createdKey, { links: selfLinks }),
    {
      ...dataDocument(schemaRef('ApplicationKey'), {
        links: selfLinks,
        meta: closedObject({ shown_once: arrayOf(constant('data.client_secret'), { minItems: 1 }) }),
      }),
      'x-extension': true,
      description:
        'An `Idempotency-Key` replay of the create: the secret was shown once, in the first response, and is not stored for replays; `meta.shown_once` names what is left out.',
    } as Schema,
  ],
};

const newKey = dataRequest(
  openObject(
    {
      type: constant(APPLICATION_KEY_TYPE),
      name: text(APPLICATION_KEY_NAME_MIN, APPLICATION_KEY_NAME_MAX),
      reserved_rate_limit: nullable(reservation),
      scopes: nullable(scopes),
    },
    ['type', 'name'],
  ),
);
const keyChanges = dataRequest(
  openObject(
    {
      type: constant(APPLICATION_KEY_TYPE),
      name: text(APPLICATION_KEY_NAME_MIN, APPLICATION_KEY_NAME_MAX),
      reserved_rate_limit: { ...nullable(reservation), description: '`null` clears the reservation.' },
      scopes: {
        ...nullable(scopes),
        description: '`null` gives the key full access again; a change applies at once to the tokens already minted.',
      },
    },
    ['type'],
  ),
);

const rotation = dataRequest(
  openObject(
    {
      type: constant(APPLICATION_KEY_TYPE),
      expire_current_secret_at: {
        ...nullable(timestamp),
        description: `Until when the current secret is still accepted beside the new one: at most ${LONGEST_OVERLAP_DAYS} days ahead. Absent, null or already past: the current secret stops at once.`,
      },
    },
    ['type'],
  ),
);

const APPLICATION_KEY_SCHEMAS = { ApplicationKey: applicationKey };

const NOT_FOUND = 'No application key of this store has this id.';
const OVER_BUDGET = `The reservations of the store's keys would exceed its request budget: \`${RESERVATION_EXCEEDS_BUDGET}\`.`;

interface ApplicationKeyUseCases {
  readonly create: UseCase<CreateApplicationKey>;
  readonly list: UseCase<ListApplicationKeys>;
  readonly get: UseCase<GetApplicationKey>;
  readonly update: UseCase<UpdateApplicationKey>;
  readonly remove: UseCase<DeleteApplicationKey>;
  readonly rotate: UseCase<RotateApplicationKeySecret>;
}

/** A replay of a create or a rotation (Idempotency-Key) leaves the secret out: it is never stored, not even for a day. */
const SHOWN_ONCE_SECRET = 'data.client_secret';

const self = (links: LinkOrigin, ctx: HttpContext, id: string) => ({ self: `${links(ctx)}${applicationKeyPath(id)}` });

/** A key without its secret, and where it is. */
const keyBody = (links: LinkOrigin) => (key: ApplicationKey, ctx: HttpContext) => ({
  data: applicationKeyResource(key),
  links: self(links, ctx, key.id),
});

/** `/v2/application-keys`: a store's client credentials, administered with an admin token. */
export const APPLICATION_KEY_ENDPOINTS = concept<ApplicationKeyUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateApplicationKey),
    list: use(ListApplicationKeys),
    get: use(GetApplicationKey),
    update: use(UpdateApplicationKey),
    remove: use(DeleteApplicationKey),
    rotate: use(RotateApplicationKeySecret),
  }),
  schemas: APPLICATION_KEY_SCHEMAS,
  endpoints: [
    {
      method: 'post',
      path: '/v2/application-keys',
      spec: {
        operationId: 'createApplicationKey',
        summary: 'Create an application key',
        description: `${EPCC} The response is the only one that carries \`client_secret\`.`,
        tag: TAG,
        access: 'admin',
        post: true,
        requestBody: { description: 'The new key.', content: jsonContent(newKey) },
        success: {
          '201': {
            description: 'The key, with its secret, and `links.self`; a replay carries no secret (`meta.shown_once`).',
            content: jsonContent(createdDocument),
          },
        },
        errors: {
          400: 'Every invalid field, each with its `source`.',
          409: OVER_BUDGET,
          codes: { 409: ['reservation_over_budget'] },
        },
      },
      handle:
        ({ create }, { links }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const created = E.isLeft(data) ? data : await create.execute(principalOf(ctx).storeId, data.right);
          if (E.isLeft(created)) return respondWithError(ctx, created.left);
          const document = {
            data: applicationKeyResource(created.right.key, created.right.clientSecret),
            links: self(links, ctx, created.right.key.id),
          };
          answerShowingOnce(ctx, 201, document, [SHOWN_ONCE_SECRET]);
        },
    },
    {
      method: 'get',
      path: '/v2/application-keys',
      spec: {
        operationId: 'listApplicationKeys',
        summary: 'List application keys',
        description: `${EPCC} Newest first; \`meta.total_reserved_rate_limit\` is the sum of every key's reservation.`,
        tag: TAG,
        access: 'admin',
        parameters: PAGING_PARAMETERS,
        success: {
          '200': {
            description: 'A page of keys, without secrets.',
            content: jsonContent(
              listResponseSchema(schemaRef('ApplicationKey'), {
                total_reserved_rate_limit: integer(0, undefined, "The sum of the store's reservations."),
              }),
            ),
          },
        },
        errors: { 400: 'A paging parameter out of range, not an integer, or given twice.' },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (key) => applicationKeyResource(key), {
              total_reserved_rate_limit: page.totalReservedRateLimit,
            }),
        ),
    },
    {
      method: 'get',
      path: '/v2/application-keys/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getApplicationKey',
        summary: 'Get an application key',
        description: `${EPCC} Never carries the secret.`,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The key and `links.self`.', content: jsonContent(keyDocument) } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) => answer((storeId, ctx) => get.execute(storeId, idParam(ctx)), keyBody(links)),
    },
    {
      method: 'put',
      path: '/v2/application-keys/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'updateApplicationKey',
        summary: 'Update an application key',
        description: `${EPCC} A partial update: fields left out keep their values; \`type\` is required as on create.`,
        tag: TAG,
        access: 'admin',
        requestBody: { description: 'The fields to change.', content: jsonContent(keyChanges) },
        success: { '200': { description: 'The key as it is now.', content: jsonContent(keyDocument) } },
        errors: {
          400: 'Every invalid field, each with its `source`.',
          404: NOT_FOUND,
          409: OVER_BUDGET,
          codes: { 409: ['reservation_over_budget'] },
        },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data)),
          keyBody(links),
        ),
    },
    {
      method: 'delete',
      path: '/v2/application-keys/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'deleteApplicationKey',
        summary: 'Delete an application key',
        description: `${EPCC} The tokens minted from the key stop working at once.`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: { 404: NOT_FOUND },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, idParam(ctx))),
    },
    {
      method: 'post',
      path: '/v2/application-keys/{id}/rotate-secret',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'rotateApplicationKeySecret',
        summary: "Rotate an application key's secret",
        description: [
          'Our extension (EPCC has no rotation). Gives the key a new `client_secret`, shown in this response only; the current secret stays accepted until `expire_current_secret_at`, so that clients can move over without an outage.',
          'One overlap at a time: a secret an earlier rotation left overlapping stops at once. Tokens minted before keep working until they expire (an hour at most); revoke them at `POST /oauth/revoke`, or delete the key, to end them sooner.',
        ].join(' '),
        tag: TAG,
        access: 'admin',
        post: true,
        extension: true,
        requestBody: { description: 'When the current secret stops.', content: jsonContent(rotation) },
        success: {
          '200': {
            description:
              'The key with its new secret and `meta.timestamps.previous_secret_expires_at` when the old one overlaps; a replay carries no secret (`meta.shown_once`).',
            content: jsonContent(createdDocument),
            headers: {
              'Cache-Control': {
                description: '`no-store` on the answer that carries the secret (a replay carries neither).',
                schema: { type: 'string', const: 'no-store' },
              },
            },
          },
        },
        errors: { 400: 'Every invalid field, each with its `source`.', 404: NOT_FOUND },
      },
      handle:
        ({ rotate }, { links }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const rotated = E.isLeft(data)
            ? data
            : await rotate.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
          if (E.isLeft(rotated)) return respondWithError(ctx, rotated.left);
          const { key, clientSecret } = rotated.right;
          ctx.set('Cache-Control', 'no-store');
          answerShowingOnce(
            ctx,
            200,
            { data: applicationKeyResource(key, clientSecret), links: self(links, ctx, key.id) },
            [SHOWN_ONCE_SECRET],
          );
        },
    },
  ],
});
