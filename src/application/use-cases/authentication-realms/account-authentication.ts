import * as E from 'fp-ts/lib/Either.js';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { AccountAuthenticationSettings } from '../../../domain/settings/account-authentication-settings.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

/** A store's account-authentication settings, with the realm they point storefronts to. */
export interface AccountAuthentication {
  readonly settings: AccountAuthenticationSettings;
  readonly realm: AuthenticationRealm;
}

export const withRealm = async (
  realms: AuthenticationRealmRepository,
  storeId: Uuid,
  settings: E.Either<DomainError, AccountAuthenticationSettings> | undefined,
): Promise<E.Either<DomainError, AccountAuthentication>> => {
  if (settings === undefined) return E.left(notFound(STORE_NOT_FOUND));
  if (E.isLeft(settings)) return settings;
  const realm = await realms.findByStore(storeId);
  return realm === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right({ settings: settings.right, realm });
};
