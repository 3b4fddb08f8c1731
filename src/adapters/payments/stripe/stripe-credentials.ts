import type { CredentialCipher } from '../../../application/ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from '../../../application/ports/gateways/gateway-settings-repository.js';
import { openCredential } from '../open-credential.js';
import type { StripeWebhookSecretOf } from './stripe-events.js';
import type { StripeCredentialsOf } from './stripe-gateway.js';

/**
 * A store's Stripe credentials as its Gateways API settings hold them: the secret key is
 * `stripe_payment_intents`' `login`, taken while that gateway is enabled; the connected account is
 * `elastic_path_payments_stripe`'s `stripe_account`, sent while that gateway is enabled.
 */
export const stripeCredentialsFromSettings =
  (settings: GatewaySettingsRepository, cipher: CredentialCipher): StripeCredentialsOf =>
  async (storeId) => {
    const [intents, connect] = await Promise.all([
      settings.find(storeId, 'stripe_payment_intents'),
      settings.find(storeId, 'elastic_path_payments_stripe'),
    ]);
    if (intents?.enabled !== true || intents.login === undefined) return undefined;
    const secretKey = openCredential(
      cipher,
      storeId,
      'stripe_payment_intents',
      'login',
      intents.login,
      'Stripe secret key',
    );
    const stripeAccount = connect?.enabled === true ? connect.stripeAccount : undefined;
    return { secretKey, ...(stripeAccount === undefined ? {} : { stripeAccount }) };
  };

/**
 * A store's Stripe webhook signing secret, `stripe_payment_intents`' `webhook_secret`, whether the gateway is
 * enabled or not: a late answer settles a payment already made, even once the store stops charging.
 */
export const stripeWebhookSecretFromSettings =
  (settings: GatewaySettingsRepository, cipher: CredentialCipher): StripeWebhookSecretOf =>
  async (storeId) => {
    const intents = await settings.find(storeId, 'stripe_payment_intents');
    if (intents?.webhook_secret === undefined) return undefined;
    return openCredential(
      cipher,
      storeId,
      'stripe_payment_intents',
      'webhook_secret',
      intents.webhook_secret,
      'Stripe webhook secret',
    );
  };
