import * as E from 'fp-ts/lib/Either.js';
import { IssueAccessToken } from '../../../application/use-cases/auth/issue-access-token.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/auth/access-token.js';
import { CREDENTIAL_MAX, GRANTS } from '../../../domain/auth/token-request.js';
import { concept } from '../endpoints/endpoint.js';
import { respondWithError } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { closedObject, integer, oneOfStrings, openObject } from '../openapi/schema-builders.js';
import { applyRate } from '../rate-headers.js';
import type { UseCase } from '../routes/route-context.js';
import { addressNotBlocked, type TokenGuards } from './token-guards.js';

const tokenRequest: Schema = openObject(
  {
    grant_type: oneOfStrings(GRANTS),
    client_id: { type: 'string', minLength: 1, maxLength: CREDENTIAL_MAX },
    client_secret: {
      type: 'string',
      minLength: 1,
      maxLength: CREDENTIAL_MAX,
      description: 'Required with `client_credentials`.',
    },
  },
  ['grant_type', 'client_id'],
);

const accessToken: Schema = closedObject({
  access_token: { type: 'string', minLength: 1 },
  token_type: { type: 'string', const: 'Bearer' },
  expires_in: { type: 'integer', const: ACCESS_TOKEN_TTL_SECONDS, description: 'Seconds the token is valid for.' },
  expires: integer(0, undefined, 'When the token expires, in Unix seconds.'),
  identifier: oneOfStrings(GRANTS, 'The grant the token was issued for.'),
});

const TOKEN_SCHEMAS = { AccessToken: accessToken };

const clientIdOf = (form: unknown): unknown =>
  typeof form === 'object' && form !== null ? (form as Record<string, unknown>)['client_id'] : undefined;

/**
 * `POST /oauth/access_token`: the flat token document EPCC clients read. A blocked address is refused
 * before its body is read; a failure counts against the address it came from, never against the client
 * id it named (anyone could otherwise lock a store out of its tokens with its public client id) nor the
 * store's request budget: only a request that gets a token is counted against the key it names. Every
 * 401 carries the same headers, whether the client id exists or not.
 */
export const TOKEN_ENDPOINTS = concept<{ readonly issue: UseCase<IssueAccessToken>; readonly guards: TokenGuards }>({
  useCases: ({ use, tokenGuards }) => ({ issue: use(IssueAccessToken), guards: tokenGuards }),
  schemas: TOKEN_SCHEMAS,
  endpoints: [
    {
      method: 'post',
      path: '/oauth/access_token',
      spec: {
        operationId: 'createAccessToken',
        summary: 'Exchange an application key for a bearer token',
        description: [
          'As EPCC (`openapispecs/authentication/OpenAPISpec.yaml` in elasticpath/elasticpath-dev): no `/v2` prefix, a form body, a flat token document.',
          '`client_credentials` with `client_id` and `client_secret` gives a read/write token; `implicit` with `client_id` alone gives a public token that may only read the subscription catalogue.',
          "A request that gets a token counts against the named key's rate. A failed one (wrong secret, unknown or deleted key) never does: failures count against the client id and the client's address in a budget of their own, with a growing backoff, and every 401 carries the same headers whether the client id exists or not. A JSON body with the same fields is read too.",
        ].join(' '),
        tag: 'Tokens',
        access: 'public',
        rated: true,
        requestBody: {
          description: 'The grant and the application key.',
          content: {
            'application/x-www-form-urlencoded': { schema: tokenRequest },
            'application/json': { schema: tokenRequest },
          },
        },
        success: {
          '200': {
            description: 'The token; `Cache-Control: no-store`.',
            content: jsonContent({ $ref: '#/components/schemas/AccessToken' }),
            headers: {
              'Cache-Control': {
                description: 'Always `no-store`.',
                required: true,
                schema: { type: 'string', const: 'no-store' },
              },
            },
          },
        },
        errors: {
          400: 'A missing field, a grant type other than the two, or a field that is not usable text (every problem is listed, with the field name as `source`).',
          401: 'The client id is unknown or deleted, or the secret is wrong.',
          429: {
            description:
              '`authentication_blocked`: too many failed authentications from this address; nothing was looked at, right secret or not (failures count against the address only, never against a client id, so no other address can hold up the tokens of a store). Beyond a few free failures each one doubles the wait, up to a ceiling; `Retry-After` says how long it is.',
            codes: ['authentication_blocked'],
          },
        },
      },
      handle: ({ issue, guards: { admit, failures, addressOf, parseBody } }) => [
        addressNotBlocked({ failures, addressOf }),
        parseBody,
        async (ctx) => {
          const issued = await issue.execute(ctx.request.body);
          if (E.isLeft(issued)) {
            if (issued.left._tag === 'Unauthenticated') await failures.failed(addressOf(ctx));
            return respondWithError(ctx, issued.left);
          }
          ctx.state.callerStoreId = issued.right.storeId;
          const decision = await admit.forClientId(clientIdOf(ctx.request.body));
          // Over the key's budget, the token just minted is not handed out (it expires unused within the hour).
          if (decision !== undefined && !applyRate(ctx, decision)) return;
          ctx.set('Cache-Control', 'no-store');
          ctx.body = {
            access_token: issued.right.accessToken,
            token_type: 'Bearer',
            expires_in: ACCESS_TOKEN_TTL_SECONDS,
            expires: Math.floor(issued.right.expiresAt.getTime() / 1000),
            identifier: issued.right.grant,
          };
        },
      ],
    },
  ],
});
