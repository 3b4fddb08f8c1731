import type { StoreSettings } from '../../../application/use-cases/settings/store-settings.js';
import {
  ACCOUNT_MEMBERSHIP_SETTING_TYPE,
  type AccountMembershipSettings,
} from '../../../domain/settings/account-membership-settings.js';
import type { CartSettings } from '../../../domain/settings/cart-settings.js';
import { SETTINGS_TYPE } from '../../../domain/settings/settings-input.js';

export const settingsResource = (settings: StoreSettings) => ({
  type: SETTINGS_TYPE,
  page_length: settings.pageLength,
  subscriptions_generation: settings.subscriptionsGeneration,
});

/** EPCC's SettingsCart: `snapshot_date` only when one is set. */
export const cartSettingsResource = (settings: CartSettings) => ({
  type: SETTINGS_TYPE,
  cart_expiry_days: settings.cartExpiryDays,
  discounts: {
    custom_discounts_enabled: settings.customDiscountsEnabled,
    use_rule_promotions: settings.useRulePromotions,
  },
  ...(settings.snapshotDate === undefined ? {} : { snapshot_date: settings.snapshotDate }),
});

/** EPCC's SettingsAccountMembership. */
export const accountMembershipSettingsResource = (settings: AccountMembershipSettings) => ({
  type: ACCOUNT_MEMBERSHIP_SETTING_TYPE,
  membership_limit: settings.membershipLimit,
});
