import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/auth/access-token.js';
import { CREDENTIAL_MAX, GRANTS } from '../../../domain/auth/token-request.js';
import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { jsonContent, operation } from '../openapi/operation-builder.js';
import { closedObject, integer, oneOfStrings, openObject } from '../openapi/schema-builders.js';

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

export const TOKEN_SCHEMAS = { AccessToken: accessToken };

export const tokenPaths: Readonly<Record<string, PathItem>> = {
  '/oauth/access_token': {
    post: operation({
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
    }),
  },
};
