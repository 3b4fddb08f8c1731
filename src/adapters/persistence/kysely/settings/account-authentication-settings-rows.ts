import type { Selectable } from 'kysely';
import { ACCOUNT_AUTHENTICATION_SETTINGS_AUDIT } from '../../../../domain/audit/audited-records.js';
import {
  type AccountAuthenticationSettings,
  DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS,
  SELF_MANAGEMENT,
} from '../../../../domain/settings/account-authentication-settings.js';
import type { AccountAuthenticationSettingsTable } from '../engine/schema.js';
import type { SettingsRows } from './kysely-settings-repository.js';

const settingsOf = (row: Selectable<AccountAuthenticationSettingsTable>): AccountAuthenticationSettings => {
  const selfManagement = SELF_MANAGEMENT.find((value) => value === row.account_member_self_management);
  if (selfManagement === undefined) throw new Error('stored account_member_self_management is not one of its values');
  return {
    enableSelfSignup: Boolean(row.enable_self_signup),
    autoCreateAccountForAccountMembers: Boolean(row.auto_create_account_for_account_members),
    accountMemberSelfManagement: selfManagement,
    tokenTimeoutSecs: row.token_timeout_secs,
  };
};

const columnsOf = (settings: AccountAuthenticationSettings) => ({
  enable_self_signup: settings.enableSelfSignup,
  auto_create_account_for_account_members: settings.autoCreateAccountForAccountMembers,
  account_member_self_management: settings.accountMemberSelfManagement,
  token_timeout_secs: settings.tokenTimeoutSecs,
});

export const ACCOUNT_AUTHENTICATION_SETTINGS_ROWS: SettingsRows<AccountAuthenticationSettings> = {
  defaults: DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS,
  audited: ACCOUNT_AUTHENTICATION_SETTINGS_AUDIT,
  read: async (db, storeId) => {
    const row = await db
      .selectFrom('account_authentication_settings')
      .selectAll()
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row === undefined ? undefined : settingsOf(row);
  },
  insert: (db, storeId, settings) =>
    db
      .insertInto('account_authentication_settings')
      .values({ store_id: storeId, ...columnsOf(settings) })
      .execute(),
  replace: (db, storeId, settings) =>
    db
      .updateTable('account_authentication_settings')
      .set(columnsOf(settings))
      .where('store_id', '=', storeId)
      .execute(),
};
