import type { Insertable, Selectable } from 'kysely';
import type { GatewaySettings, SealedSecret } from '../../../../domain/gateways/gateway-settings.js';
import { type GatewaySlug, lookUpGateway } from '../../../../domain/gateways/gateway-slug.js';
import type { GatewaySettingsTable } from '../engine/schema.js';

const sealedOf = (sealed: string | null, keyId: string | null, masked: string | null): SealedSecret | undefined => {
  if (sealed === null && keyId === null && masked === null) return undefined;
  if (sealed === null || keyId === null || masked === null)
    throw new Error('a stored gateway credential is missing its sealed value, key id or mask');
  return { keyId, sealed, masked };
};

const storedSlug = (slug: string): GatewaySlug => {
  const lookup = lookUpGateway(slug);
  if (lookup._tag !== 'Served') throw new Error(`a stored gateway has a slug this service does not serve: ${slug}`);
  return lookup.slug;
};

export const gatewaySettingsOf = (row: Selectable<GatewaySettingsTable>): GatewaySettings => {
  const login = sealedOf(row.login_sealed, row.login_key_id, row.login_masked);
  const password = sealedOf(row.password_sealed, row.password_key_id, row.password_masked);
  const webhookSecret = sealedOf(row.webhook_secret_sealed, row.webhook_secret_key_id, row.webhook_secret_masked);
  return {
    slug: storedSlug(row.slug),
    enabled: Boolean(row.enabled),
    test: Boolean(row.test_mode),
    ...(row.stripe_account === null ? {} : { stripeAccount: row.stripe_account }),
    ...(login === undefined ? {} : { login }),
    ...(password === undefined ? {} : { password }),
    ...(webhookSecret === undefined ? {} : { webhook_secret: webhookSecret }),
  };
};

/** The row's columns but its key. */
export const gatewaySettingsColumns = (settings: GatewaySettings) => ({
  enabled: settings.enabled,
  test_mode: settings.test,
  stripe_account: settings.stripeAccount ?? null,
  login_sealed: settings.login?.sealed ?? null,
  login_key_id: settings.login?.keyId ?? null,
  login_masked: settings.login?.masked ?? null,
  password_sealed: settings.password?.sealed ?? null,
  password_key_id: settings.password?.keyId ?? null,
  password_masked: settings.password?.masked ?? null,
  webhook_secret_sealed: settings.webhook_secret?.sealed ?? null,
  webhook_secret_key_id: settings.webhook_secret?.keyId ?? null,
  webhook_secret_masked: settings.webhook_secret?.masked ?? null,
});

export const gatewaySettingsRow = (storeId: string, settings: GatewaySettings): Insertable<GatewaySettingsTable> => ({
  store_id: storeId,
  slug: settings.slug,
  ...gatewaySettingsColumns(settings),
});
