import type { ContainerModuleLoadOptions } from 'inversify';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../../../application/people-tokens.js';
import { KyselyAuthenticationRealmRepository } from './kysely-authentication-realm-repository.js';
import { KyselyOidcProfileInfoRepository } from './kysely-oidc-profile-info-repository.js';
import { KyselyOidcProfileRepository } from './kysely-oidc-profile-repository.js';
import { KyselyOidcSignInAttemptRepository } from './kysely-oidc-sign-in-attempt-repository.js';
import { KyselyPasswordProfileInfoRepository } from './kysely-password-profile-info-repository.js';
import { KyselyPasswordProfileRepository } from './kysely-password-profile-repository.js';
import { KyselySelfSignupRepository } from './kysely-self-signup-repository.js';

/** The database ports of account sign-in: realms, password profiles, credentials and self-signups. */
export const bindKyselyAuthenticationRealms = (bind: ContainerModuleLoadOptions['bind']) => {
  bind(AUTHENTICATION_REALM_TOKENS.AuthenticationRealmRepository)
    .to(KyselyAuthenticationRealmRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileRepository).to(KyselyPasswordProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileInfoRepository)
    .to(KyselyPasswordProfileInfoRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.SelfSignupRepository).to(KyselySelfSignupRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcProfileRepository).to(KyselyOidcProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcProfileInfoRepository).to(KyselyOidcProfileInfoRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.OidcSignInAttemptRepository)
    .to(KyselyOidcSignInAttemptRepository)
    .inSingletonScope();
  // The sign-in page's list of a realm's profiles reads the profiles' own storage.
  bind(PEOPLE_TOKENS.OidcProfileDirectory).to(KyselyOidcProfileRepository).inSingletonScope();
};
