import { inject, injectable } from 'inversify';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
  PendingDeliveries,
} from '../../../../application/ports/integrations/delivery-repository.js';
import { withinShares } from '../../../../domain/integrations/delivery-shares.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryDeliveryRepository implements DeliveryRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async claimDue(
    now: Date,
    limit: number,
    leaseMs: number,
    inFlight: ReadonlyMap<string, number>,
    perIntegration: number,
  ): Promise<readonly ClaimedDelivery[]> {
    const candidates = [...this.state.deliveries.values()]
      .filter((d) => d.status === 'pending' && d.nextAttemptAt !== undefined && d.nextAttemptAt <= now)
      .sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0));
    const chosen = new Set(withinShares(candidates, limit, inFlight, perIntegration));
    return candidates
      .filter((d) => chosen.has(d.id))
      .flatMap((d) => {
        const event = this.state.integrationEvents.get(d.eventId);
        const integration = this.state.integrations.get(d.integrationId);
        if (event === undefined || integration === undefined) return [];
        const delivery = { ...d, attempts: d.attempts + 1, nextAttemptAt: new Date(now.getTime() + leaseMs) };
        this.state.deliveries.set(d.id, delivery);
        return [{ delivery, event, integration }];
      });
  }

  async reclaim(deliveryId: string, attempts: number): Promise<ClaimedDelivery | undefined> {
    const delivery = this.state.deliveries.get(deliveryId);
    if (delivery === undefined || delivery.status !== 'pending' || delivery.attempts !== attempts) return undefined;
    const event = this.state.integrationEvents.get(delivery.eventId);
    const integration = this.state.integrations.get(delivery.integrationId);
    return event === undefined || integration === undefined ? undefined : { delivery, event, integration };
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<void> {
    // All or nothing, as a database's transaction: a log id already taken (its primary key) refuses the batch.
    const ids = records.map((r) => r.log.id);
    if (new Set(ids).size !== ids.length || ids.some((id) => this.state.deliveryLogs.has(id)))
      throw new Error('a delivery log with this id is already stored');
    for (const { claim, log, outcome } of records) {
      const current = this.state.deliveries.get(claim.delivery.id);
      if (current === undefined || current.attempts !== claim.delivery.attempts) continue;
      const { nextAttemptAt: _due, ...rest } = current;
      this.state.deliveries.set(current.id, {
        ...rest,
        status: outcome.status,
        updatedAt: log.createdAt,
        ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      });
      this.state.deliveryLogs.set(log.id, log);
    }
  }

  async countPending(now: Date, cap: number): Promise<PendingDeliveries> {
    let dueNow = 0;
    let dueLater = 0;
    for (const d of this.state.deliveries.values()) {
      if (d.status !== 'pending' || d.nextAttemptAt === undefined) continue;
      if (d.nextAttemptAt <= now) dueNow += 1;
      else dueLater += 1;
    }
    return { dueNow: Math.min(dueNow, cap), dueLater: Math.min(dueLater, cap) };
  }

  async purge(before: Date): Promise<void> {
    for (const [id, log] of this.state.deliveryLogs) if (log.createdAt < before) this.state.deliveryLogs.delete(id);
    for (const [id, d] of this.state.deliveries)
      if (d.status !== 'pending' && d.updatedAt < before) this.state.deliveries.delete(id);
    const referenced = new Set([...this.state.deliveries.values()].map((d) => d.eventId));
    for (const [id, e] of this.state.integrationEvents)
      if (e.createdAt < before && !referenced.has(e.id)) this.state.integrationEvents.delete(id);
  }
}
