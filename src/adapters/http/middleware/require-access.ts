import * as E from 'fp-ts/lib/Either.js';
import type { Middleware } from 'koa';
import type { AuthenticateBearer } from '../../../application/use-cases/auth/authenticate-bearer.js';
import type { AuthenticateShopper } from '../../../application/use-cases/auth/authenticate-shopper.js';
import type { AuthenticateConsoleSession } from '../../../application/use-cases/people/authenticate-console-session.js';
import type { AdmitRequest } from '../../../application/use-cases/rate-limits/admit-request.js';
import type { SignedInShopper } from '../../../domain/auth/account-member-token.js';
import { type Access, type Principal, permits } from '../../../domain/auth/grant.js';
import { scopeRefusal, scopesPermit } from '../../../domain/auth/scope.js';
import { ACCOUNT_MEMBER_TOKEN_HEADER, type ShopperAccess } from '../../../domain/auth/shopper-access.js';
import { type DomainError, forbidden } from '../../../domain/shared/errors.js';
import { type HttpContext, type HttpState, respondWithError } from '../http-state.js';
import { sessionTokenOf } from '../people/session-cookie.js';
import { applyRate } from '../rate-headers.js';

const IMPLICIT_FORBIDDEN = 'an implicit token may only read the subscription catalogue (products, plans and offerings)';
const SHOPPER_TOKEN_NEEDED = `an implicit token may only read the subscription catalogue; a shopper's own subscriptions, invoices and payments need its account member token in ${ACCOUNT_MEMBER_TOKEN_HEADER}`;

/** The guards a route runs: its operation's access, and what it lets a shopper do, if anything. */
export interface RouteAccess {
  readonly access: Access;
  readonly shopper?: ShopperAccess;
}

/**
 * An implicit token reaches a shopper's operation with a valid account member token of its store, and is
 * then confined to that account; without one it reads the catalogue only. A client-credentials token is
 * the merchant's: the header means nothing to it.
 */
const admitted = async (
  ctx: HttpContext,
  principal: Principal,
  { access, shopper }: RouteAccess,
  authenticateShopper: Pick<AuthenticateShopper, 'execute'>,
): Promise<E.Either<DomainError, Principal>> => {
  if (permits(principal.grant, access)) return E.right(principal);
  if (shopper === undefined) return E.left(forbidden(IMPLICIT_FORBIDDEN, 'token_not_permitted'));
  const memberToken = ctx.get(ACCOUNT_MEMBER_TOKEN_HEADER);
  if (memberToken === '') return E.left(forbidden(SHOPPER_TOKEN_NEEDED, 'token_not_permitted'));
  const scope = await authenticateShopper.execute(principal.storeId, memberToken);
  return E.map((found: SignedInShopper): Principal => ({ ...principal, shopper: found }))(scope);
};

/** Methods that change nothing: a cross-site page could make a browser send them, but never read the answer. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Authenticated = E.Either<DomainError, Principal>;

/**
 * The caller of a request without `Authorization` is the console session its cookie names, if any. A write
 * made with the cookie must carry the session's `X-CSRF-Token`: the cookie alone proves only that a browser
 * sent it, which a page of another origin on the same site can make it do.
 */
const bySession = async (
  ctx: HttpContext,
  sessions: Pick<AuthenticateConsoleSession, 'execute' | 'csrfRefusal'>,
  sessionToken: string,
): Promise<Authenticated> => {
  const found = await sessions.execute(sessionToken);
  if (E.isLeft(found)) return found;
  ctx.state.callerStoreId = found.right.principal.storeId;
  const refused = SAFE_METHODS.has(ctx.method)
    ? undefined
    : sessions.csrfRefusal(found.right.session, ctx.get('X-CSRF-Token'));
  return refused === undefined ? E.right(found.right.principal) : E.left(refused);
};

/**
 * Authenticates the bearer token, or without one the console session cookie, counts the request against
 * whom it acts for (the key a token was minted from, or the person or key of a session; a refusal is a
 * 429), and checks that its grant and scopes allow the route's access.
 */
export const requireAccess =
  (
    authenticate: Pick<AuthenticateBearer, 'execute'>,
    admit: Pick<AdmitRequest, 'execute'>,
    authenticateShopper: Pick<AuthenticateShopper, 'execute'>,
    sessions: Pick<AuthenticateConsoleSession, 'execute' | 'csrfRefusal'>,
  ) =>
  (route: RouteAccess): Middleware<HttpState> =>
  async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    const sessionToken = authorization === '' ? sessionTokenOf(ctx) : undefined;
    const principal =
      sessionToken === undefined
        ? await authenticate.execute(authorization || undefined)
        : await bySession(ctx, sessions, sessionToken);
    if (E.isLeft(principal)) {
      if (principal.left._tag === 'Unauthenticated') ctx.set('WWW-Authenticate', 'Bearer');
      respondWithError(ctx, principal.left);
      return;
    }
    ctx.state.callerStoreId = principal.right.storeId;
    if (!applyRate(ctx, await admit.execute(principal.right.storeId, principal.right.actor.id))) return;
    const caller = await admitted(ctx, principal.right, route, authenticateShopper);
    if (E.isLeft(caller)) {
      // Every 401 names its scheme (RFC 9110); the member token rides on the bearer's request.
      if (caller.left._tag === 'Unauthenticated') ctx.set('WWW-Authenticate', 'Bearer');
      return respondWithError(ctx, caller.left);
    }
    const { scopes } = caller.right;
    if (scopes !== null && !scopesPermit(scopes, route.access)) {
      respondWithError(ctx, forbidden(scopeRefusal(scopes, route.access), 'scope_missing'));
      return;
    }
    ctx.state.principal = caller.right;
    await next();
  };
