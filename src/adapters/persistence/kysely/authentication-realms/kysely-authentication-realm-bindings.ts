import type { ContainerModuleLoadOptions } from 'inversify';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../application/authentication-realm-tokens.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { ACCOUNT_AUTHENTICATION_SETTINGS_ROWS } from '../settings/account-authentication-settings-rows.js';
import { KyselySettingsRepository } from '../settings/kysely-settings-repository.js';
import { KyselyAuthenticationRealmRepository } from './kysely-authentication-realm-repository.js';
import { KyselyPasswordProfileInfoRepository } from './kysely-password-profile-info-repository.js';
import { KyselyPasswordProfileRepository } from './kysely-password-profile-repository.js';

/** The database ports of account sign-in: realms, password profiles, credentials and their settings. */
export const bindKyselyAuthenticationRealms = (bind: ContainerModuleLoadOptions['bind'], handle: DatabaseHandle) => {
  bind(AUTHENTICATION_REALM_TOKENS.AuthenticationRealmRepository)
    .to(KyselyAuthenticationRealmRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileRepository).to(KyselyPasswordProfileRepository).inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.PasswordProfileInfoRepository)
    .to(KyselyPasswordProfileInfoRepository)
    .inSingletonScope();
  bind(AUTHENTICATION_REALM_TOKENS.AccountAuthenticationSettingsRepository).toConstantValue(
    new KyselySettingsRepository(handle, ACCOUNT_AUTHENTICATION_SETTINGS_ROWS),
  );
};
