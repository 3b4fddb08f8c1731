import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  IntegrationRepository,
  LogScope,
} from '../../../../application/ports/integrations/integration-repository.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import { INTEGRATION_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { Delivery, DeliveryLog } from '../../../../domain/integrations/delivery.js';
import type { Integration } from '../../../../domain/integrations/integration.js';
import type { DeliveryQuery, IntegrationQuery, LogQuery } from '../../../../domain/integrations/integration-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryIntegrationRepository implements IntegrationRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async insert(integration: Integration): Promise<void> {
    if (this.state.integrations.has(integration.id)) throw new Error(`duplicate id ${integration.id}`);
    this.state.integrations.set(integration.id, integration);
    this.audit.record(integration.storeId, [INTEGRATION_AUDIT.created(integration.id, integration)]);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Integration | undefined> {
    const found = this.state.integrations.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Integration) => Integration,
  ): Promise<Integration | undefined> {
    const current = this.state.integrations.get(id);
    if (current?.storeId !== storeId) return undefined;
    const updated = change(current);
    this.state.integrations.set(id, updated);
    this.audit.record(storeId, [INTEGRATION_AUDIT.updated(id, current, updated)]);
    return updated;
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing, void>> {
    const current = this.state.integrations.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    this.state.integrations.delete(id);
    this.audit.record(storeId, [INTEGRATION_AUDIT.deleted(id, current)]);
    for (const [key, delivery] of this.state.deliveries)
      if (delivery.integrationId === id) this.state.deliveries.delete(key);
    for (const [key, log] of this.state.deliveryLogs) if (log.integrationId === id) this.state.deliveryLogs.delete(key);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: IntegrationQuery): Promise<Page<Integration>> {
    const ofStore = [...this.state.integrations.values()].filter((i) => i.storeId === storeId);
    return listOf(ofStore, query, {
      fields: {
        name: (i) => i.attributes.name,
        integration_type: (i) => i.attributes.integration_type,
        enabled: (i) => String(i.attributes.enabled),
      },
      ordered: (i) => i,
      keepsRunningCount: false,
    });
  }

  async listDeliveries(storeId: Uuid, integrationId: Uuid, query: DeliveryQuery): Promise<Page<Delivery>> {
    const ofIntegration = [...this.state.deliveries.values()].filter(
      (d) => d.storeId === storeId && d.integrationId === integrationId,
    );
    return listOf(ofIntegration, query, {
      fields: { status: (d) => d.status, triggered_by: (d) => d.key },
      ordered: (d) => d,
      keepsRunningCount: false,
    });
  }

  async findDelivery(storeId: Uuid, integrationId: Uuid, deliveryId: Uuid): Promise<Delivery | undefined> {
    const found = this.state.deliveries.get(deliveryId);
    return found?.storeId === storeId && found.integrationId === integrationId ? found : undefined;
  }

  async listLogs(storeId: Uuid, scope: LogScope, query: LogQuery): Promise<Page<DeliveryLog>> {
    const inScope = [...this.state.deliveryLogs.values()].filter(
      (l) =>
        l.storeId === storeId &&
        (scope.integrationId === undefined || l.integrationId === scope.integrationId) &&
        (scope.deliveryId === undefined || l.deliveryId === scope.deliveryId),
    );
    return listOf(inScope, query, {
      fields: { succeeded: (l) => String(l.succeeded) },
      ordered: (l) => l,
      keepsRunningCount: false,
    });
  }
}
