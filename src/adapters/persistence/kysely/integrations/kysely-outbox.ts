import type { Transaction } from 'kysely';
import type { ObservedPayloads } from '../../../../application/ports/observed-payloads.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import type { ObservableKey } from '../../../../domain/integrations/observable-events.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Tables } from '../schema.js';

/** An event a change fires, its payload made only when some integration observes it. */
export interface FiredEvent {
  readonly key: ObservableKey;
  readonly data: (payloads: ObservedPayloads) => unknown | Promise<unknown>;
}

/**
 * Writes the events of a change in the change's own transaction, with one job per integration that
 * observes each: a change that rolls back leaves none, and one that commits cannot lose them. A store
 * without an enabled integration pays one indexed read per change and nothing more.
 */
export class KyselyOutbox {
  constructor(
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly payloads: ObservedPayloads,
  ) {}

  async record(trx: Transaction<Tables>, storeId: Uuid, events: readonly FiredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const integrations = await trx.selectFrom('integrations').select(['id', 'observed_keys']).where('store_id', '=', storeId).where('enabled', '=', true).execute();
    if (integrations.length === 0) return;
    for (const event of events) {
      const observers = integrations.filter((i) => i.observed_keys.includes(`,${event.key},`));
      if (observers.length === 0) continue;
      const eventId = this.ids.uuid();
      // The system's time, not a store's test clock: retries and retention run on real time.
      const now = this.clock.now();
      const payload = JSON.stringify({ data: await event.data(this.payloads) });
      await trx.insertInto('integration_events').values({ id: eventId, store_id: storeId, observed_key: event.key, payload, created_at: now }).execute();
      await trx
        .insertInto('integration_jobs')
        .values(
          observers.map((integration) => ({
            id: this.ids.uuid(),
            store_id: storeId,
            integration_id: integration.id,
            event_id: eventId,
            observed_key: event.key,
            status: 'pending',
            attempts: 0,
            due_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  }
}
