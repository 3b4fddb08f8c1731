import type { RetryPolicy } from '../../../domain/integrations/delivery-retry.js';

/** How integrations are checked and delivered, from the operator's configuration. */
export interface IntegrationSettings {
  /** `INTEGRATIONS_ALLOW_PRIVATE`: loopback and private receivers allowed (on-premises, tests). */
  readonly allowPrivate: boolean;
  readonly retry: RetryPolicy;
  /** How long attempt logs and finished jobs are kept. */
  readonly retentionMs: number;
}
