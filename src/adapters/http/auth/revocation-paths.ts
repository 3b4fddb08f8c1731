import { TOKEN_TEXT_MAX } from '../../../domain/auth/revocation-request.js';
import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { operation } from '../openapi/operation-builder.js';
import { openObject } from '../openapi/schema-builders.js';

const revocationRequest: Schema = openObject(
  {
    token: { type: 'string', minLength: 1, maxLength: TOKEN_TEXT_MAX, description: 'The access token to revoke.' },
    token_type_hint: {
      type: 'string',
      description: 'Read as RFC 7009 allows: ignored, since there is one kind of token.',
    },
    client_id: {
      type: 'string',
      minLength: 1,
      description: 'With `client_secret`, when the client authenticates in the form rather than with HTTP Basic.',
    },
    client_secret: { type: 'string', minLength: 1 },
  },
  ['token'],
);

export const revocationPaths: Readonly<Record<string, PathItem>> = {
  '/oauth/revoke': {
    post: operation({
      operationId: 'revokeAccessToken',
      summary: 'Revoke an access token (RFC 7009)',
      description: [
        'Our extension (EPCC has no revocation endpoint), as RFC 7009 describes it: a form body with `token` (and an optional `token_type_hint`).',
        'The caller authenticates as the key the token was minted from (HTTP Basic `client_id:client_secret`, or both in the form), or as the token itself (`Authorization: Bearer <the same token>`).',
        'The token stops working at once on this instance and within a second on the others. An unknown or expired token, or one minted from another key, is answered 200 as well, and left alone.',
      ].join(' '),
      tag: 'Tokens',
      access: 'public',
      rated: true,
      extension: true,
      requestBody: {
        description: 'The token, and the client credentials when they are not in the Authorization header.',
        content: {
          'application/x-www-form-urlencoded': { schema: revocationRequest },
          'application/json': { schema: revocationRequest },
        },
      },
      success: {
        '200': {
          description: 'Revoked, or nothing to revoke; an empty body and `Cache-Control: no-store`.',
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
        400: 'No `token`, or one that is not usable text or longer than any token.',
        401: 'No client authentication, wrong client credentials, or a bearer that is not a valid token; `WWW-Authenticate` says which scheme was expected. Wrong client credentials count as a failed authentication, as at the token endpoint.',
        429: {
          description:
            '`authentication_blocked`: too many failed authentications from this address, here or at the token endpoint; nothing was looked at. `Retry-After` says how long it is.',
          codes: ['authentication_blocked'],
        },
      },
    }),
  },
};
