import type { Container } from 'inversify';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../src/adapters/config/integration-settings.js';
import { HttpWebhookSender } from '../../src/adapters/integrations/http-webhook-sender.js';
import { INTEGRATION_TOKENS } from '../../src/application/integration-tokens.js';
import type { HostResolver } from '../../src/application/ports/integrations/host-resolver.js';
import type { IntegrationSettings } from '../../src/application/ports/integrations/integration-settings.js';

/** A resolver answering from a table, so that no test looks a name up in real DNS; unlisted names do not resolve. */
export class TableResolver implements HostResolver {
  readonly asked: string[] = [];
  constructor(private readonly table: Readonly<Record<string, readonly string[]>> = {}) {}

  async resolve(host: string): Promise<readonly string[]> {
    this.asked.push(host);
    return this.table[host] ?? [];
  }
}

/**
 * Binds a container to send real webhooks under `settings` (which should allow private addresses) to
 * receivers on loopback, with names resolved from an empty table: no real DNS.
 */
export const deliverOnLoopback =
  (settings: IntegrationSettings) =>
  (container: Container): void => {
    container.rebind(INTEGRATION_TOKENS.IntegrationSettings).toConstantValue(settings);
    container.rebind(INTEGRATION_TOKENS.HostResolver).toConstantValue(new TableResolver());
    container.rebind(INTEGRATION_TOKENS.WebhookSender).toConstantValue(new HttpWebhookSender(settings));
  };

/** Binds a resolver and, optionally, private receivers allowed: for `startTestApi`'s `configure`. */
export const withIntegrations =
  (resolver: HostResolver, allowPrivate = false) =>
  (container: Container): void => {
    container.rebind(INTEGRATION_TOKENS.HostResolver).toConstantValue(resolver);
    container
      .rebind(INTEGRATION_TOKENS.IntegrationSettings)
      .toConstantValue({ ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate });
  };
