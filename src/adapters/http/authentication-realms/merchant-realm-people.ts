import type { RouterMiddleware } from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetAuthenticationRealm } from '../../../application/use-cases/authentication-realms/get-authentication-realm.js';
import { accessRefusal, actorPermits } from '../../../domain/people/actor-permits.js';
import { type HttpState, principalOf, respondWithError } from '../http-state.js';
import { realmParam } from './authentication-realm-parameters.js';

/**
 * The guard of a write to a realm's users and their credentials. The route is declared `admin`, which is
 * what the account realm's need; in the merchant realm the users are the merchant's people, and changing
 * them or their passwords is managing people, so it needs `people` as `/v2/merchant-users` does. A realm
 * that is not the store's is left to the use case, which answers 404.
 */
export const merchantRealmPeople =
  (realms: Pick<GetAuthenticationRealm, 'execute'>): RouterMiddleware<HttpState> =>
  async (ctx, next) => {
    const { storeId, actor, scopes } = principalOf(ctx);
    const realm = await realms.execute(storeId, realmParam(ctx));
    if (E.isRight(realm) && realm.right.kind === 'merchant' && !actorPermits(actor, scopes, 'people'))
      return respondWithError(ctx, accessRefusal(actor, scopes, 'people'));
    await next();
  };
