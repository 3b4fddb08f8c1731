import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { AdmitRequest } from '../../../application/use-cases/admit-request.js';
import type { IssueAccessToken } from '../../../application/use-cases/issue-access-token.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/auth/access-token.js';
import { respondWithError, type HttpState } from '../http-state.js';
import { applyRate } from '../rate-headers.js';
import type { UseCase } from './route-context.js';

/** `POST /oauth/access_token`: the flat token document EPCC clients read. */
export const oauthRoutes = (router: Router<HttpState>, issue: UseCase<IssueAccessToken>, admit: Pick<AdmitRequest, 'forClientId'>): void => {
  router.post('/oauth/access_token', async (ctx) => {
    // A token request counts against the key it names, before any token is minted.
    const form: unknown = ctx.request.body;
    const decision = await admit.forClientId(typeof form === 'object' && form !== null ? (form as Record<string, unknown>)['client_id'] : undefined);
    if (decision !== undefined && !applyRate(ctx, decision)) return;
    const issued = await issue.execute(ctx.request.body);
    if (E.isLeft(issued)) return respondWithError(ctx, issued.left);
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
