import { inject, injectable } from 'inversify';
import type { AttemptOutcome, ClaimedDelivery, DeliveryRepository } from '../../../../application/ports/delivery-repository.js';
import type { Delivery, DeliveryLog } from '../../../../domain/integrations/delivery.js';
import { isObservableKey } from '../../../../domain/integrations/observable-events.js';
import type { DatabaseHandle } from '../open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { storedUuid } from '../offering-json.js';
import { deliveryFromRow, integrationFromRow, logToRow } from './integration-rows.js';

@injectable()
export class KyselyDeliveryRepository implements DeliveryRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async claimDue(now: Date, limit: number, leaseMs: number, skip: ReadonlySet<string>): Promise<readonly ClaimedDelivery[]> {
    const db = this.handle.db;
    // More candidates than wanted, so that integrations at their limit leave room for the others.
    const due = await db.selectFrom('integration_jobs').selectAll().where('status', '=', 'pending').where('due_at', '<=', now).orderBy('due_at').limit(limit * 4).execute();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed: Delivery[] = [];
    for (const row of due) {
      if (claimed.length >= limit || skip.has(row.integration_id) || row.due_at === null) continue;
      // The attempt is ours only if no one else moved the job since it was read: one conditional update.
      const result = await db
        .updateTable('integration_jobs')
        .set({ due_at: leaseUntil, attempts: Number(row.attempts) + 1 })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', Number(row.attempts))
        .where('due_at', '=', row.due_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) continue;
      claimed.push(deliveryFromRow({ ...row, attempts: Number(row.attempts) + 1, due_at: leaseUntil }));
    }
    return this.withEvents(claimed);
  }

  async reclaim(deliveryId: string, attempts: number): Promise<ClaimedDelivery | undefined> {
    const row = await this.handle.db.selectFrom('integration_jobs').selectAll().where('id', '=', deliveryId).where('status', '=', 'pending').where('attempts', '=', attempts).executeTakeFirst();
    if (row === undefined) return undefined;
    const [claim] = await this.withEvents([deliveryFromRow(row)]);
    return claim;
  }

  /** The events and integrations of claimed deliveries: two queries whatever their number. */
  private async withEvents(claimed: readonly Delivery[]): Promise<readonly ClaimedDelivery[]> {
    const db = this.handle.db;
    if (claimed.length === 0) return [];
    const eventIds = [...new Set(claimed.map((d) => d.eventId))];
    const integrationIds = [...new Set(claimed.map((d) => d.integrationId))];
    const [events, integrations] = await Promise.all([
      db.selectFrom('integration_events').selectAll().where('id', 'in', eventIds).execute(),
      db.selectFrom('integrations').selectAll().where('id', 'in', integrationIds).execute(),
    ]);
    const eventById = new Map(events.map((e) => [e.id, e]));
    const integrationById = new Map(integrations.map((i) => [i.id, integrationFromRow(i)]));
    return claimed.flatMap((delivery): ClaimedDelivery[] => {
      const event = eventById.get(delivery.eventId);
      const integration = integrationById.get(delivery.integrationId);
      if (event === undefined || integration === undefined || !isObservableKey(event.observed_key)) return [];
      return [
        {
          delivery,
          integration,
          event: { id: storedUuid('event id', event.id), storeId: storedUuid('event store', event.store_id), key: event.observed_key, payload: JSON.parse(event.payload) as unknown, createdAt: event.created_at },
        },
      ];
    });
  }

  async recordAttempt(claim: ClaimedDelivery, log: DeliveryLog, outcome: AttemptOutcome): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('integration_jobs')
        .set({ status: outcome.status, due_at: outcome.status === 'pending' ? outcome.nextAttemptAt : null, updated_at: log.createdAt })
        .where('id', '=', claim.delivery.id)
        .where('attempts', '=', claim.delivery.attempts)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) await trx.insertInto('integration_logs').values(logToRow(log)).execute();
    });
  }

  async purge(before: Date): Promise<void> {
    const db = this.handle.db;
    await db.deleteFrom('integration_logs').where('created_at', '<', before).execute();
    await db.deleteFrom('integration_jobs').where('status', 'in', ['succeeded', 'failed']).where('updated_at', '<', before).execute();
    await db
      .deleteFrom('integration_events')
      .where('created_at', '<', before)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('integration_jobs').select('integration_jobs.id').whereRef('integration_jobs.event_id', '=', 'integration_events.id'))))
      .execute();
  }
}
