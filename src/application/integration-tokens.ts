import type { ServiceIdentifier } from 'inversify';
import type { DeliveryRepository } from './ports/integrations/delivery-repository.js';
import type { HostResolver } from './ports/integrations/host-resolver.js';
import type { IntegrationRepository } from './ports/integrations/integration-repository.js';
import type { IntegrationSettings } from './ports/integrations/integration-settings.js';
import type { ObservedPayloads } from './ports/integrations/observed-payloads.js';
import type { WebhookSender } from './ports/integrations/webhook-sender.js';

/** The ports of integrations and their deliveries, beside the core's TOKENS. */
export const INTEGRATION_TOKENS = {
  IntegrationRepository: Symbol.for('commerce-core.IntegrationRepository') as ServiceIdentifier<IntegrationRepository>,
  HostResolver: Symbol.for('commerce-core.HostResolver') as ServiceIdentifier<HostResolver>,
  IntegrationSettings: Symbol.for('commerce-core.IntegrationSettings') as ServiceIdentifier<IntegrationSettings>,
  DeliveryRepository: Symbol.for('commerce-core.DeliveryRepository') as ServiceIdentifier<DeliveryRepository>,
  WebhookSender: Symbol.for('commerce-core.WebhookSender') as ServiceIdentifier<WebhookSender>,
  ObservedPayloads: Symbol.for('commerce-core.ObservedPayloads') as ServiceIdentifier<ObservedPayloads>,
} as const;
