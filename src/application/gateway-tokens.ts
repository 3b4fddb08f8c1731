import type { ServiceIdentifier } from 'inversify';
import type { CredentialCipher } from './ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from './ports/gateways/gateway-settings-repository.js';

/** The ports of payment gateways' settings, beside the core's TOKENS. */
export const GATEWAY_TOKENS = {
  GatewaySettingsRepository: Symbol.for(
    'commerce-core.GatewaySettingsRepository',
  ) as ServiceIdentifier<GatewaySettingsRepository>,
  CredentialCipher: Symbol.for('commerce-core.CredentialCipher') as ServiceIdentifier<CredentialCipher>,
} as const;
