import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { AdmitRequest } from '../../../application/use-cases/rate-limits/admit-request.js';
import type { AuthAttempt, FailedAuthentications } from '../../../application/use-cases/auth/failed-authentications.js';
import type { IssueAccessToken } from '../../../application/use-cases/auth/issue-access-token.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/auth/access-token.js';
import { errorDocument } from '../error-documents.js';
import { respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { applyRate } from '../rate-headers.js';
import type { UseCase } from '../routes/route-context.js';

/** What the token endpoint needs besides the use case that mints tokens. */
export interface TokenGuards {
  readonly admit: Pick<AdmitRequest, 'forClientId'>;
  readonly failures: Pick<FailedAuthentications, 'retryAfter' | 'failed'>;
  readonly addressOf: (ctx: HttpContext) => string | undefined;
  /** Reads the body; run only once the address is known not to be blocked. */
  readonly parseBody: Middleware<HttpState>;
}

/** A 429 for an address or client id that failed too often, before anything of the request is looked at. */
export const blocked = (ctx: HttpContext, retryAfterSeconds: number): void => {
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfterSeconds));
  ctx.body = errorDocument(
    429,
    `too many failed authentications from this address or for this client id; retry after ${retryAfterSeconds} s`,
    'authentication_blocked',
  );
};

/** Refuses a request from a blocked address before anything of it is read. */
export const addressNotBlocked =
  ({ failures, addressOf }: Pick<TokenGuards, 'failures' | 'addressOf'>): Middleware<HttpState> =>
  async (ctx, next) => {
    const wait = await failures.retryAfter({ clientId: undefined, address: addressOf(ctx) });
    if (wait !== undefined) return blocked(ctx, wait);
    return next();
  };

const clientIdOf = (form: unknown): unknown =>
  typeof form === 'object' && form !== null ? (form as Record<string, unknown>)['client_id'] : undefined;

/**
 * `POST /oauth/access_token`: the flat token document EPCC clients read. A blocked address is refused
 * before its body is read, a blocked client id before its secret is compared; a failure counts against
 * both, and never against the store's request budget: only a request that gets a token is counted
 * against the key it names. Every 401 carries the same headers, whether the client id exists or not.
 */
export const oauthRoutes = (
  router: Router<HttpState>,
  issue: UseCase<IssueAccessToken>,
  { admit, failures, addressOf, parseBody }: TokenGuards,
): void => {
  router.post('/oauth/access_token', addressNotBlocked({ failures, addressOf }), parseBody, async (ctx) => {
    const attempt: AuthAttempt = { clientId: clientIdOf(ctx.request.body), address: addressOf(ctx) };
    const wait = await failures.retryAfter({ clientId: attempt.clientId, address: undefined });
    if (wait !== undefined) return blocked(ctx, wait);
    const issued = await issue.execute(ctx.request.body);
    if (E.isLeft(issued)) {
      if (issued.left._tag === 'Unauthenticated') await failures.failed(attempt);
      return respondWithError(ctx, issued.left);
    }
    const decision = await admit.forClientId(attempt.clientId);
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
  });
};
