import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { AuthenticateBearer } from '../../../application/use-cases/auth/authenticate-bearer.js';
import type { AdmitRequest } from '../../../application/use-cases/rate-limits/admit-request.js';
import { type Access, permits } from '../../../domain/auth/grant.js';
import { scopeRefusal, scopesPermit } from '../../../domain/auth/scope.js';
import { forbidden } from '../../../domain/shared/errors.js';
import { type HttpState, respondWithError } from '../http-state.js';
import { applyRate } from '../rate-headers.js';

const IMPLICIT_FORBIDDEN = 'an implicit token may only read the subscription catalogue (products, plans and offerings)';

/**
 * Authenticates the bearer token, counts the request against the key the token was minted from (a
 * refusal is a 429), and checks that its grant and its key's scopes allow `access`.
 */
export const requireAccess =
  (authenticate: Pick<AuthenticateBearer, 'execute'>, admit: Pick<AdmitRequest, 'execute'>) =>
  (access: Access): Middleware<HttpState> =>
  async (ctx, next) => {
    const principal = await authenticate.execute(ctx.get('Authorization') || undefined);
    if (E.isLeft(principal)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      respondWithError(ctx, principal.left);
      return;
    }
    ctx.state.callerStoreId = principal.right.storeId;
    if (!applyRate(ctx, await admit.execute(principal.right.storeId, principal.right.applicationKeyId))) return;
    if (!permits(principal.right.grant, access)) {
      respondWithError(ctx, forbidden(IMPLICIT_FORBIDDEN, 'token_not_permitted'));
      return;
    }
    const { scopes } = principal.right;
    if (scopes !== null && !scopesPermit(scopes, access)) {
      respondWithError(ctx, forbidden(scopeRefusal(scopes, access), 'scope_missing'));
      return;
    }
    ctx.state.principal = principal.right;
    await next();
  };
