import type { ServiceIdentifier } from 'inversify';
import type { PasswordHasher } from './ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from './ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileInfoRepository } from './ports/authentication-realms/oidc-profile-info-repository.js';
import type { OidcProfileRepository } from './ports/authentication-realms/oidc-profile-repository.js';
import type { OidcSignInAttemptRepository } from './ports/authentication-realms/oidc-sign-in-attempt-repository.js';
import type { OpenIdProvider } from './ports/authentication-realms/openid-provider.js';
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
  OidcProfileRepository: Symbol.for('commerce-core.OidcProfileRepository') as ServiceIdentifier<OidcProfileRepository>,
  OidcProfileInfoRepository: Symbol.for(
    'commerce-core.OidcProfileInfoRepository',
  ) as ServiceIdentifier<OidcProfileInfoRepository>,
  OidcSignInAttemptRepository: Symbol.for(
    'commerce-core.OidcSignInAttemptRepository',
  ) as ServiceIdentifier<OidcSignInAttemptRepository>,
  OpenIdProvider: Symbol.for('commerce-core.OpenIdProvider') as ServiceIdentifier<OpenIdProvider>,
  PasswordHasher: Symbol.for('commerce-core.PasswordHasher') as ServiceIdentifier<PasswordHasher>,
} as const;
