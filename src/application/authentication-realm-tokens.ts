import type { ServiceIdentifier } from 'inversify';
import type { PasswordHasher } from './ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from './ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from './ports/authentication-realms/password-profile-info-repository.js';
import type { PasswordProfileRepository } from './ports/authentication-realms/password-profile-repository.js';
import type { SelfSignupRepository } from './ports/authentication-realms/self-signup-repository.js';
import type { AccountAuthenticationSettingsRepository } from './ports/settings/settings-repository.js';

/** The ports of account sign-in (realms, password profiles, credentials, self-signups, their settings), beside the core's TOKENS. */
export const AUTHENTICATION_REALM_TOKENS = {
  AuthenticationRealmRepository: Symbol.for(
    'commerce-core.AuthenticationRealmRepository',
  ) as ServiceIdentifier<AuthenticationRealmRepository>,
  PasswordProfileRepository: Symbol.for(
    'commerce-core.PasswordProfileRepository',
  ) as ServiceIdentifier<PasswordProfileRepository>,
  PasswordProfileInfoRepository: Symbol.for(
    'commerce-core.PasswordProfileInfoRepository',
  ) as ServiceIdentifier<PasswordProfileInfoRepository>,
  SelfSignupRepository: Symbol.for('commerce-core.SelfSignupRepository') as ServiceIdentifier<SelfSignupRepository>,
  AccountAuthenticationSettingsRepository: Symbol.for(
    'commerce-core.AccountAuthenticationSettingsRepository',
  ) as ServiceIdentifier<AccountAuthenticationSettingsRepository>,
  PasswordHasher: Symbol.for('commerce-core.PasswordHasher') as ServiceIdentifier<PasswordHasher>,
} as const;
