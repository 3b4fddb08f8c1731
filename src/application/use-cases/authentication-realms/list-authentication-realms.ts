import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { ListRules } from '../../../domain/query/list-query.js';
import { type Page, pageOfAll } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

/** Realms are listed unfiltered and embed nothing. */
export const REALM_LIST: ListRules = { include: [] };

/** The store's realms: its account realm, then its merchant realm (the one its realm mapping names). */
@injectable()
export class ListAuthenticationRealms {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<AuthenticationRealm>>> {
    return listPage(this.stores, storeId, params, REALM_LIST, async (query) => {
      return pageOfAll(await this.realms.listForStore(storeId), query.page);
    });
  }
}
