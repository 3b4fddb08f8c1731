import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { realmOfStore } from './authentication-realms.js';
import { REALM_LIST } from './list-authentication-realms.js';

@injectable()
export class ListPasswordProfiles {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** The realm's profiles, newest first. */
  async execute(
    storeId: Uuid,
    realmId: string,
    params: QueryParams,
  ): Promise<E.Either<DomainError, Page<PasswordProfile>>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    return listPage(this.stores, storeId, params, REALM_LIST, (query) =>
      this.profiles.list({ storeId, realmId: realm.right.id }, query),
    );
  }
}
