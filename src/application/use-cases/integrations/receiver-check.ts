import { webhookHost } from '../../../domain/integrations/integration.js';
import { addressVerdict, classifyAddress } from '../../../domain/integrations/receiver-address.js';
import type { HostResolver } from '../../ports/integrations/host-resolver.js';
import type { IntegrationSettings } from '../../ports/integrations/integration-settings.js';

/**
 * Why a webhook URL may not be used, or undefined when it may: every address its host resolves to must be
 * allowed. A name that does not resolve yet is accepted (its deliveries retry until it does); the
 * delivery checks the address it connects to again, so a name that later resolves elsewhere gains nothing.
 */
export const refusedReceiver = async (
  url: string,
  resolver: HostResolver,
  settings: IntegrationSettings,
): Promise<string | undefined> => {
  const host = webhookHost(url);
  const addresses = classifyAddress(host) === undefined ? await resolver.resolve(host) : [host];
  for (const address of addresses) {
    const verdict = addressVerdict(address, settings);
    if (!verdict.allowed) return host === address ? verdict.reason : `${host} resolves to ${verdict.reason}`;
  }
  return undefined;
};
