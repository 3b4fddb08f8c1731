import type { CredentialCipher } from '../../../application/ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from '../../../application/ports/gateways/gateway-settings-repository.js';
import { openCredential } from '../open-credential.js';
import type { AuthorizeNetCredentialsOf } from './authorize-net-gateway.js';

/**
 * A store's Authorize.Net credentials as its Gateways API settings hold them: `authorize_net`'s `login` (the
 * API login ID) and `password` (the transaction key), taken while that gateway is enabled, with its `test`.
 */
export const authorizeNetCredentialsFromSettings =
  (settings: GatewaySettingsRepository, cipher: CredentialCipher): AuthorizeNetCredentialsOf =>
  async (storeId) => {
    const gateway = await settings.find(storeId, 'authorize_net');
    if (gateway?.enabled !== true || gateway.login === undefined || gateway.password === undefined) return undefined;
    return {
      login: openCredential(cipher, storeId, 'authorize_net', 'login', gateway.login, 'Authorize.Net API login ID'),
      transactionKey: openCredential(
        cipher,
        storeId,
        'authorize_net',
        'password',
        gateway.password,
        'Authorize.Net transaction key',
      ),
      test: gateway.test,
    };
  };
