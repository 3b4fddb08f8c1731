import { OIDC_PROFILE_TYPE, type OidcProfile } from '../authentication-realms/oidc-profile.js';
import {
  PASSWORD_PROFILE_INFO_TYPE,
  type PasswordProfileInfo,
} from '../authentication-realms/password-profile-info.js';
import { INVOICE_PAYMENT_TYPE, type InvoicePayment } from '../billing/payments/invoice-payment.js';
import type { GatewaySettings } from '../gateways/gateway-settings.js';
import type { Integration } from '../integrations/integration.js';
import type { ApplicationKey } from '../keys/application-key.js';
import { MERCHANT_USER_TYPE, type MerchantUser } from '../people/merchant-user.js';
import type { MerchantRealmMapping } from '../realm-mappings/merchant-realm-mapping.js';
import type { AccountAuthenticationSettings } from '../settings/account-authentication-settings.js';
import type { AccountMembershipSettings } from '../settings/account-membership-settings.js';
import type { CartSettings } from '../settings/cart-settings.js';
import type { CorsSettings } from '../settings/cors-settings.js';
import { SETTINGS_TYPE } from '../settings/settings-input.js';
import type { Store } from '../stores/store.js';
import { TEST_CLOCK_TYPE } from '../test-clocks/test-clock.js';
import type { AuditChange } from './audit-event.js';
import { REDACTED } from './audit-snapshot.js';

/** The audit changes of a kind of record that fires no event: its resource type and its actions. */
export interface AuditedKind<R> {
  readonly created: (id: string, record: R) => AuditChange;
  readonly updated: (id: string, before: R, after: R) => AuditChange;
  readonly deleted: (id: string, record: R) => AuditChange;
}

const auditedKind = <R>(type: string, action: string): AuditedKind<R> => ({
  created: (id, record) => ({ action: `${action}.created`, resource: { type, id }, before: null, after: record }),
  updated: (id, before, after) => ({ action: `${action}.updated`, resource: { type, id }, before, after }),
  deleted: (id, record) => ({ action: `${action}.deleted`, resource: { type, id }, before: record, after: null }),
});

/*
 * Every change that fires an event is audited as that event (see audited-events.ts in the application's
 * audit ports). These are the records whose changes fire none, audited by their repositories with the
 * record as storage holds it, before and after, under its lock; a settings group's id is its store's.
 */
export const APPLICATION_KEY_AUDIT = auditedKind<ApplicationKey>('application_key', 'application-key');
export const REALM_MAPPING_AUDIT = auditedKind<MerchantRealmMapping>(
  'merchant-realm-mappings',
  'merchant-realm-mapping',
);
export const INTEGRATION_AUDIT = auditedKind<Integration>('integration', 'integration');
export const CART_SETTINGS_AUDIT = auditedKind<CartSettings>('cart_settings', 'cart-settings');
export const ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT = auditedKind<AccountMembershipSettings>(
  'account_membership_settings',
  'account-membership-settings',
);
export const CORS_SETTINGS_AUDIT = auditedKind<CorsSettings>('cors_settings', 'cors-settings');
export const ACCOUNT_AUTHENTICATION_SETTINGS_AUDIT = auditedKind<AccountAuthenticationSettings>(
  'account_authentication_settings',
  'account-authentication-settings',
);
/* The merchant's people (the merchant realm's user-authentication-infos are the same records), their
 * credentials (the password hash redacted by the snapshot rule) and the realm's OpenID Connect profiles
 * (the client secret redacted by the same rule). */
export const MERCHANT_USER_AUDIT = auditedKind<MerchantUser>(MERCHANT_USER_TYPE, 'merchant-user');
export const PASSWORD_PROFILE_INFO_AUDIT = auditedKind<PasswordProfileInfo>(
  PASSWORD_PROFILE_INFO_TYPE,
  'password-profile-info',
);
export const OIDC_PROFILE_AUDIT = auditedKind<OidcProfile>(OIDC_PROFILE_TYPE, 'oidc-profile');
/* A settlement of a pending manual payment (taken or failed) changes the payment; refunds fire their own
 * event. The store's own settings are the settings fields of its record; its test clock is the time it
 * holds: set (created), moved (updated), cleared (deleted). */
export const INVOICE_PAYMENT_AUDIT = auditedKind<InvoicePayment>(INVOICE_PAYMENT_TYPE, 'invoice-payment');
export type StoreSettingsRecord = Pick<Store, 'pageLength' | 'subscriptionsGeneration'>;
export const STORE_SETTINGS_AUDIT = auditedKind<StoreSettingsRecord>(SETTINGS_TYPE, 'store-settings');
/** The settings fields of a store's record, as the trail shows them. */
export const storeSettingsRecord = (store: Store): StoreSettingsRecord => ({
  pageLength: store.pageLength,
  subscriptionsGeneration: store.subscriptionsGeneration,
});
export interface TestClockRecord {
  readonly heldAt: Date;
}
export const TEST_CLOCK_AUDIT = auditedKind<TestClockRecord>(TEST_CLOCK_TYPE, 'test-clock');
/* A gateway's settings, one record per store and gateway (its id is the slug). Its credentials are redacted
 * here, not by the snapshot's rule of names: `login` names no secret, yet holds a Stripe key. */
export interface GatewaySettingsRecord {
  readonly slug: string;
  readonly enabled: boolean;
  readonly test: boolean;
  readonly stripeAccount?: string;
  readonly login?: typeof REDACTED;
  readonly password?: typeof REDACTED;
  readonly webhookSecret?: typeof REDACTED;
}
export const GATEWAY_SETTINGS_AUDIT = auditedKind<GatewaySettingsRecord>('gateway', 'gateway-settings');
/** A gateway's settings as the trail shows them: whether each credential is set, never its value nor its mask. */
export const gatewaySettingsRecord = (settings: GatewaySettings): GatewaySettingsRecord => ({
  slug: settings.slug,
  enabled: settings.enabled,
  test: settings.test,
  ...(settings.stripeAccount === undefined ? {} : { stripeAccount: settings.stripeAccount }),
  ...(settings.login === undefined ? {} : { login: REDACTED }),
  ...(settings.password === undefined ? {} : { password: REDACTED }),
  ...(settings.webhook_secret === undefined ? {} : { webhookSecret: REDACTED }),
});
