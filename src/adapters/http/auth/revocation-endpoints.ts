import * as E from 'fp-ts/lib/Either.js';
import { RevokeAccessToken } from '../../../application/use-cases/auth/revoke-access-token.js';
import type { RevocationCaller } from '../../../domain/auth/revocation-request.js';
import { TOKEN_TEXT_MAX } from '../../../domain/auth/revocation-request.js';
import { isRecord } from '../../../domain/shared/validation.js';
import { concept } from '../endpoints/endpoint.js';
import { respondWithError } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import { openObject } from '../openapi/schema-builders.js';
import { applyRate } from '../rate-headers.js';
import type { UseCase } from '../routes/route-context.js';
import { addressNotBlocked, type TokenGuards } from './token-guards.js';

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

/** RFC 6749 section 2.3.1: each half of Basic credentials is form-encoded before it is joined. */
const formDecoded = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
};

const basicCaller = (encoded: string): RevocationCaller | undefined => {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const clientId = formDecoded(decoded.slice(0, colon));
  const clientSecret = formDecoded(decoded.slice(colon + 1));
  return clientId && clientSecret ? { kind: 'client', clientId, clientSecret } : undefined;
};

/** Who the request authenticates as: HTTP Basic, a bearer, or credentials in the form, in that order. */
const callerOf = (authorization: string, form: unknown): RevocationCaller | undefined => {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)?.[1];
  if (basic !== undefined) return basicCaller(basic);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (bearer !== undefined) return { kind: 'bearer', token: bearer };
  const fields = isRecord(form) ? form : {};
  const [clientId, clientSecret] = [fields['client_id'], fields['client_secret']];
  return typeof clientId === 'string' && typeof clientSecret === 'string' && clientId !== '' && clientSecret !== ''
    ? { kind: 'client', clientId, clientSecret }
    : undefined;
};

/**
 * `POST /oauth/revoke` (RFC 7009): 200 with an empty body once the token cannot be used, or was never one.
 * Guarded as the token endpoint is, since it compares secrets too: a blocked address is refused before
 * its body is read, and a wrong secret counts as a failed authentication of its address, never against
 * the client id nor the store's request budget; a revocation that authenticated is counted against the
 * key it names.
 */
export const REVOCATION_ENDPOINTS = concept<{
  readonly revoke: UseCase<RevokeAccessToken>;
  readonly guards: TokenGuards;
}>({
  useCases: ({ use, tokenGuards }) => ({ revoke: use(RevokeAccessToken), guards: tokenGuards }),
  endpoints: [
    {
      method: 'post',
      path: '/oauth/revoke',
      spec: {
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
      },
      handle: ({ revoke, guards: { admit, failures, addressOf, parseBody } }) => [
        addressNotBlocked({ failures, addressOf }),
        parseBody,
        async (ctx) => {
          const form: unknown = ctx.request.body;
          const caller = callerOf(ctx.get('Authorization'), form);
          const clientId = caller?.kind === 'client' ? caller.clientId : undefined;
          const revoked = await revoke.execute(caller, form);
          if (E.isLeft(revoked)) {
            if (revoked.left._tag === 'Unauthenticated') {
              if (clientId !== undefined) await failures.failed(addressOf(ctx));
              ctx.set('WWW-Authenticate', caller?.kind === 'bearer' ? 'Bearer' : 'Basic realm="oauth"');
            }
            return respondWithError(ctx, revoked.left);
          }
          const decision = clientId === undefined ? undefined : await admit.forClientId(clientId);
          if (decision !== undefined && !applyRate(ctx, decision)) return;
          ctx.set('Cache-Control', 'no-store');
          ctx.status = 200;
          ctx.body = '';
        },
      ],
    },
  ],
});
