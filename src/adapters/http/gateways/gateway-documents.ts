import { GATEWAY_TYPE } from '../../../domain/gateways/gateway-input.js';
import { GATEWAY_FIELDS, type GatewaySettings } from '../../../domain/gateways/gateway-settings.js';
import { GATEWAY_NAMES } from '../../../domain/gateways/gateway-slug.js';

/**
 * A gateway as EPCC answers it. Credentials appear as their masks only (`****` and the last four
 * characters), and not at all until set; `test` only for gateways that have a test mode.
 */
export const gatewayResource = (settings: GatewaySettings) => ({
  type: GATEWAY_TYPE,
  name: GATEWAY_NAMES[settings.slug],
  slug: settings.slug,
  enabled: settings.enabled,
  ...(GATEWAY_FIELDS[settings.slug].test ? { test: settings.test } : {}),
  ...(settings.stripeAccount === undefined ? {} : { stripe_account: settings.stripeAccount }),
  ...(settings.login === undefined ? {} : { login: settings.login.masked }),
  ...(settings.password === undefined ? {} : { password: settings.password.masked }),
  ...(settings.webhook_secret === undefined ? {} : { webhook_secret: settings.webhook_secret.masked }),
});
