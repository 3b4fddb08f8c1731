import * as E from 'fp-ts/lib/Either.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import {
  type AuthenticationRealm,
  REALM_NOT_FOUND,
} from '../../../domain/authentication-realms/authentication-realm.js';
import {
  PASSWORD_PROFILE_NOT_FOUND,
  type PasswordProfile,
} from '../../../domain/authentication-realms/password-profile.js';
import { USER_AUTHENTICATION_INFO_NOT_FOUND } from '../../../domain/authentication-realms/user-authentication-info.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import { findRealmUser, type RealmUserPorts } from './realm-users.js';

type Found<A> = Promise<E.Either<DomainError, A>>;

/** The store's realm of this id, given as text: one that is not a UUID, or another store's, is not found. */
export const realmOfStore = async (
  realms: AuthenticationRealmRepository,
  storeId: Uuid,
  realmId: string,
): Found<AuthenticationRealm> => {
  const id = parseUuid(realmId);
  const realm = id === undefined ? undefined : await realms.findById(storeId, id);
  return realm === undefined ? E.left(notFound(REALM_NOT_FOUND)) : E.right(realm);
};

/** A password profile of the store's realm, both ids given as text. */
export const profileOfRealm = async (
  ports: { readonly realms: AuthenticationRealmRepository; readonly profiles: PasswordProfileRepository },
  storeId: Uuid,
  realmId: string,
  profileId: string,
): Found<PasswordProfile> => {
  const realm = await realmOfStore(ports.realms, storeId, realmId);
  if (E.isLeft(realm)) return realm;
  const id = parseUuid(profileId);
  const profile = id === undefined ? undefined : await ports.profiles.find({ storeId, realmId: realm.right.id }, id);
  return profile === undefined ? E.left(notFound(PASSWORD_PROFILE_NOT_FOUND)) : E.right(profile);
};

/** A user of a realm of the store as the realm's path names it, with the realm the path names. */
export interface MemberOfRealm {
  readonly realmId: Uuid;
  readonly realm: AuthenticationRealm;
  readonly member: AccountMember;
}

type RealmUserLookup = RealmUserPorts & { readonly realms: AuthenticationRealmRepository };

/** The realm's user-authentication-info of this id (an account member, or one of the merchant's people), with its realm. */
export const memberInRealm = async (
  ports: RealmUserLookup,
  storeId: Uuid,
  realmId: string,
  memberId: string,
): Found<MemberOfRealm> => {
  const realm = await realmOfStore(ports.realms, storeId, realmId);
  if (E.isLeft(realm)) return realm;
  const id = parseUuid(memberId);
  const member = id === undefined ? undefined : await findRealmUser(ports, realm.right, id);
  return member === undefined
    ? E.left(notFound(USER_AUTHENTICATION_INFO_NOT_FOUND))
    : E.right({ realmId: realm.right.id, realm: realm.right, member });
};
