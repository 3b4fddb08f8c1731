import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { AdmitRequest } from '../../../application/use-cases/rate-limits/admit-request.js';
import type { FailedAuthentications } from '../../../application/use-cases/auth/failed-authentications.js';
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

/**
 * Refuses a request from an address that failed too often, before anything of it is read: the same
 * answer whatever it would have sent, so that a blocked guesser learns nothing from its guesses.
 */
export const addressNotBlocked =
  ({ failures, addressOf }: Pick<TokenGuards, 'failures' | 'addressOf'>): Middleware<HttpState> =>
  async (ctx, next) => {
    const wait = await failures.retryAfter(addressOf(ctx));
    if (wait === undefined) return next();
    ctx.status = 429;
    ctx.set('Retry-After', String(wait));
    ctx.body = errorDocument(
      429,
      `too many failed authentications from this address; retry after ${wait} s`,
      'authentication_blocked',
    );
  };

const clientIdOf = (form: unknown): unknown =>
  typeof form === 'object' && form !== null ? (form as Record<string, unknown>)['client_id'] : undefined;

/**
 * `POST /oauth/access_token`: the flat token document EPCC clients read. A blocked address is refused
 * before its body is read; a failure counts against the address it came from, never against the client
 * id it named (anyone could otherwise lock a store out of its tokens with its public client id) nor the
 * store's request budget: only a request that gets a token is counted against the key it names. Every
 * 401 carries the same headers, whether the client id exists or not.
 */
export const oauthRoutes = (
  router: Router<HttpState>,
  issue: UseCase<IssueAccessToken>,
  { admit, failures, addressOf, parseBody }: TokenGuards,
): void => {
  router.post('/oauth/access_token', addressNotBlocked({ failures, addressOf }), parseBody, async (ctx) => {
    const issued = await issue.execute(ctx.request.body);
    if (E.isLeft(issued)) {
      if (issued.left._tag === 'Unauthenticated') await failures.failed(addressOf(ctx));
      return respondWithError(ctx, issued.left);
    }
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
  });
};
