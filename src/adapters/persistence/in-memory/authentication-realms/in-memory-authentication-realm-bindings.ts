import type { ContainerModuleLoadOptions } from 'inversify';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../../../application/people-tokens.js';
import { InMemoryAuthenticationRealmRepository } from './in-memory-authentication-realm-repository.js';
import { InMemoryOidcProfileInfoRepository } from './in-memory-oidc-profile-info-repository.js';
import { InMemoryOidcProfileRepository } from './in-memory-oidc-profile-repository.js';
import { InMemoryOidcSignInAttemptRepository } from './in-memory-oidc-sign-in-attempt-repository.js';
import { InMemoryPasswordProfileInfoRepository } from './in-memory-password-profile-info-repository.js';
import { InMemoryPasswordProfileRepository } from './in-memory-password-profile-repository.js';
import { InMemorySelfSignupRepository } from './in-memory-self-signup-repository.js';

/** The in-memory ports of account sign-in: realms, password profiles, credentials and self-signups. */
export const bindInMemoryAuthenticationRealms = (bind: ContainerModuleLoadOptions['bind']) => {
  bind(AUTHENTICATION_REALM_TOKENS.AuthenticationRealmRepository)
    .to(InMemoryAuthenticationRealmRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileRepository).to(InMemoryPasswordProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileInfoRepository)
    .to(InMemoryPasswordProfileInfoRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.SelfSignupRepository).to(InMemorySelfSignupRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcProfileRepository).to(InMemoryOidcProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcProfileInfoRepository).to(InMemoryOidcProfileInfoRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcSignInAttemptRepository)
    .to(InMemoryOidcSignInAttemptRepository)
    .inSingletonScope();
  // The sign-in page's list of a realm's profiles reads the profiles' own storage.
  bind(PEOPLE_TOKENS.OidcProfileDirectory).to(InMemoryOidcProfileRepository).inSingletonScope();
};
