import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { RevokeAccessToken } from '../../../application/use-cases/auth/revoke-access-token.js';
import type { RevocationCaller } from '../../../domain/auth/revocation-request.js';
import { isRecord } from '../../../domain/shared/validation.js';
import { respondWithError, type HttpState } from '../http-state.js';
import { applyRate } from '../rate-headers.js';
import { addressNotBlocked, type TokenGuards } from './oauth-routes.js';
import type { UseCase } from '../routes/route-context.js';

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
export const revocationRoutes = (
  router: Router<HttpState>,
  revoke: UseCase<RevokeAccessToken>,
  { admit, failures, addressOf, parseBody }: TokenGuards,
): void => {
  router.post('/oauth/revoke', addressNotBlocked({ failures, addressOf }), parseBody, async (ctx) => {
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
  });
};
