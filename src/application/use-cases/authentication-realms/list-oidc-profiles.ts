import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { realmOfStore } from './authentication-realms.js';
import { REALM_LIST } from './list-authentication-realms.js';

@injectable()
export class ListOidcProfiles {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.OidcProfileRepository) private readonly profiles: OidcProfileRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** The realm's profiles, newest first. */
  async execute(
    storeId: Uuid,
    realmId: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, Page<OidcProfile>>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    return listPage(this.stores, storeId, params, REALM_LIST, (query) =>
      this.profiles.list({ storeId, realmId: realm.right.id }, query),
    );
  }
}
