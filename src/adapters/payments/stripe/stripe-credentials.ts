import type { CredentialCipher } from '../../../application/ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from '../../../application/ports/gateways/gateway-settings-repository.js';
import { secretContext } from '../../../domain/gateways/gateway-settings.js';
import type { StripeCredentialsOf } from './stripe-gateway.js';

/**
 * A store's Stripe credentials as its Gateways API settings hold them: the secret key is
 * `stripe_payment_intents`' `login`, taken while that gateway is enabled; the connected account is
 * `elastic_path_payments_stripe`'s `stripe_account`, sent while that gateway is enabled.
 *
 * A key sealed under a key this deployment no longer holds is an operator's problem, not the customer's:
 * it throws (the payment stays pending, the job reports why) rather than failing the payment into dunning.
 */
export const stripeCredentialsFromSettings =
  (settings: GatewaySettingsRepository, cipher: CredentialCipher): StripeCredentialsOf =>
  async (storeId) => {
    const [intents, connect] = await Promise.all([
      settings.find(storeId, 'stripe_payment_intents'),
      settings.find(storeId, 'elastic_path_payments_stripe'),
    ]);
    if (intents?.enabled !== true || intents.login === undefined) return undefined;
    let secretKey: string;
    try {
      secretKey = cipher.open(intents.login, secretContext(storeId, 'stripe_payment_intents', 'login'));
    } catch {
      throw new Error(
        `the store's Stripe secret key cannot be opened (sealed under key ${intents.login.keyId}): set GATEWAY_CREDENTIALS_KEY to the key it was stored with, or store it again`,
      );
    }
    const stripeAccount = connect?.enabled === true ? connect.stripeAccount : undefined;
    return { secretKey, ...(stripeAccount === undefined ? {} : { stripeAccount }) };
  };
