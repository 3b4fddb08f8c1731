import type { CredentialCipher } from '../../../application/ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from '../../../application/ports/gateways/gateway-settings-repository.js';
import { type SecretField, secretContext } from '../../../domain/gateways/gateway-settings.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AuthorizeNetCredentialsOf } from './authorize-net-gateway.js';

/**
 * A store's Authorize.Net credentials as its Gateways API settings hold them: `authorize_net`'s `login` (the
 * API login ID) and `password` (the transaction key), taken while that gateway is enabled, with its `test`.
 *
 * A credential sealed under a key this deployment no longer holds is an operator's problem, not the
 * customer's: it throws (the payment stays pending, the job reports why) rather than failing the payment.
 */
export const authorizeNetCredentialsFromSettings =
  (settings: GatewaySettingsRepository, cipher: CredentialCipher): AuthorizeNetCredentialsOf =>
  async (storeId) => {
    const gateway = await settings.find(storeId, 'authorize_net');
    if (gateway?.enabled !== true || gateway.login === undefined || gateway.password === undefined) return undefined;
    return {
      login: open(cipher, storeId, 'login', gateway.login),
      transactionKey: open(cipher, storeId, 'password', gateway.password),
      test: gateway.test,
    };
  };

const open = (
  cipher: CredentialCipher,
  storeId: Uuid,
  field: SecretField,
  secret: { readonly keyId: string; readonly sealed: string },
): string => {
  try {
    return cipher.open(secret, secretContext(storeId, 'authorize_net', field));
  } catch {
    throw new Error(
      `the store's Authorize.Net ${field === 'login' ? 'API login ID' : 'transaction key'} cannot be opened (sealed under key ${secret.keyId}): set GATEWAY_CREDENTIALS_KEY to the key it was stored with, or store it again`,
    );
  }
};
