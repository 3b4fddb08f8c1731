import type { Middleware } from 'koa';
import type { FailedAuthentications } from '../../../application/use-cases/auth/failed-authentications.js';
import type { AdmitRequest } from '../../../application/use-cases/rate-limits/admit-request.js';
import { errorDocument } from '../error-documents.js';
import type { HttpContext, HttpState } from '../http-state.js';

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
 * answer whatever it would have sent, so that a blocked guesser learns nothing from its guesses. With
 * `scopeOf`, the address's failures in the request's scope count too (`FailedAuthentications.failed`).
 */
export const addressNotBlocked =
  ({
    failures,
    addressOf,
    scopeOf,
  }: Pick<TokenGuards, 'failures' | 'addressOf'> & {
    readonly scopeOf?: (ctx: HttpContext) => string;
  }): Middleware<HttpState> =>
  async (ctx, next) => {
    const wait = await failures.retryAfter(addressOf(ctx), scopeOf?.(ctx));
    if (wait === undefined) return next();
    ctx.status = 429;
    ctx.set('Retry-After', String(wait));
    ctx.body = errorDocument(
      429,
      `too many failed authentications from this address; retry after ${wait} s`,
      'authentication_blocked',
    );
  };
