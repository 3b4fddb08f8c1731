import * as E from 'fp-ts/lib/Either.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import {
  PASSWORD_PROFILE_NOT_FOUND,
  type PasswordProfile,
} from '../../../domain/authentication-realms/password-profile.js';
import {
  PASSWORD_PROFILE_INFO_NOT_FOUND,
  USERNAME_TAKEN,
} from '../../../domain/authentication-realms/password-profile-info.js';
import { conflict, type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { PasswordHasher } from '../../ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from '../../ports/authentication-realms/password-profile-info-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import { TOKENS } from '../../tokens.js';
import type { MemberOfRealm } from './authentication-realms.js';
import { memberInReach } from './member-in-reach.js';

/** What the use cases of a member's credentials need. */
export interface CredentialPorts {
  readonly realms: AuthenticationRealmRepository;
  readonly members: AccountMemberRepository;
  readonly people: MerchantUserRepository;
  readonly profiles: PasswordProfileRepository;
  readonly credentials: PasswordProfileInfoRepository;
  readonly hasher: PasswordHasher;
  readonly settings: AccountAuthenticationSettingsRepository;
  readonly tokens: AccountMemberTokenRepository;
}

export const CREDENTIAL_PORTS = {
  realms: AUTHENTICATION_REALM_TOKENS.AuthenticationRealmRepository,
  members: ACCOUNT_TOKENS.AccountMemberRepository,
  people: PEOPLE_TOKENS.MerchantUserRepository,
  profiles: AUTHENTICATION_REALM_TOKENS.PasswordProfileRepository,
  credentials: AUTHENTICATION_REALM_TOKENS.PasswordProfileInfoRepository,
  hasher: AUTHENTICATION_REALM_TOKENS.PasswordHasher,
  settings: AUTHENTICATION_REALM_TOKENS.AccountAuthenticationSettingsRepository,
  tokens: TOKENS.AccountMemberTokenRepository,
} as const;

/** The realm and the member a path names: the store's realm, and one of its members within the caller's reach. */
export const pathMember = (
  ports: CredentialPorts,
  storeId: Uuid,
  realmId: string,
  memberId: string,
  shopper?: ShopperScope,
): Promise<E.Either<DomainError, MemberOfRealm>> => memberInReach(ports, storeId, realmId, memberId, shopper);

/** A profile of the realm, by the id a body or a stored credential names. */
export const profileOf = async (
  ports: CredentialPorts,
  storeId: Uuid,
  realmId: Uuid,
  profileId: Uuid,
): Promise<E.Either<DomainError, PasswordProfile>> => {
  const profile = await ports.profiles.find({ storeId, realmId }, profileId);
  return profile === undefined ? E.left(notFound(PASSWORD_PROFILE_NOT_FOUND)) : E.right(profile);
};

export const credentialNotFound = (): DomainError => notFound(PASSWORD_PROFILE_INFO_NOT_FOUND);
export const usernameTaken = (): DomainError => conflict(USERNAME_TAKEN, 'username_taken');
