import type * as E from 'fp-ts/lib/Either.js';
import type { Delivery, DeliveryLog } from '../../../domain/integrations/delivery.js';
import type { Integration } from '../../../domain/integrations/integration.js';
import type { DeliveryQuery, IntegrationQuery, LogQuery } from '../../../domain/integrations/integration-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing } from '../storage-outcomes.js';

/** Which logs of a store a list reads: all, one integration's, or one of its jobs'. */
export interface LogScope {
  readonly integrationId?: Uuid;
  readonly deliveryId?: Uuid;
}

/** Storage of a store's integrations, their jobs (one per event delivered) and the log of every attempt. */
export interface IntegrationRepository {
  insert(integration: Integration): Promise<void>;
  findById(storeId: Uuid, id: Uuid): Promise<Integration | undefined>;
  /** Loads, changes and stores the integration in one transaction; undefined when the store has no such integration. */
  update(storeId: Uuid, id: Uuid, change: (current: Integration) => Integration): Promise<Integration | undefined>;
  /** Deletes the integration with its jobs and logs: nothing more is delivered for it. */
  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing, void>>;
  /** Newest first. */
  list(storeId: Uuid, query: IntegrationQuery): Promise<Page<Integration>>;
  /** The jobs of an integration, newest first. */
  listDeliveries(storeId: Uuid, integrationId: Uuid, query: DeliveryQuery): Promise<Page<Delivery>>;
  findDelivery(storeId: Uuid, integrationId: Uuid, deliveryId: Uuid): Promise<Delivery | undefined>;
  /** Attempt logs in the scope, newest first. */
  listLogs(storeId: Uuid, scope: LogScope, query: LogQuery): Promise<Page<DeliveryLog>>;
}
