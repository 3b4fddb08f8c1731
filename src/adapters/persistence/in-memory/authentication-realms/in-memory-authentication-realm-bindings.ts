import type { ContainerModuleLoadOptions } from 'inversify';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../application/authentication-realm-tokens.js';
import { DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS } from '../../../../domain/settings/account-authentication-settings.js';
import type { InMemoryState } from '../in-memory-state.js';
import { InMemorySettingsRepository } from '../settings/in-memory-settings-repository.js';
import { InMemoryAuthenticationRealmRepository } from './in-memory-authentication-realm-repository.js';
import { InMemoryPasswordProfileInfoRepository } from './in-memory-password-profile-info-repository.js';
import { InMemoryPasswordProfileRepository } from './in-memory-password-profile-repository.js';

/** The in-memory ports of account sign-in: realms, password profiles, credentials and their settings. */
export const bindInMemoryAuthenticationRealms = (bind: ContainerModuleLoadOptions['bind'], state: InMemoryState) => {
  bind(AUTHENTICATION_REALM_TOKENS.AuthenticationRealmRepository)
    .to(InMemoryAuthenticationRealmRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileRepository).to(InMemoryPasswordProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileInfoRepository)
    .to(InMemoryPasswordProfileInfoRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.AccountAuthenticationSettingsRepository).toConstantValue(
    new InMemorySettingsRepository(state, state.accountAuthenticationSettings, DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS),
  );
};
