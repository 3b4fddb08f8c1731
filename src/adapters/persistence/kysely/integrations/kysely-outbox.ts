import type { Kysely, Transaction } from 'kysely';
import { auditedEvent } from '../../../../application/ports/audit/audited-events.js';
import {
  type ChangeEvent,
  changePayload,
  type ObservedPayloads,
} from '../../../../application/ports/integrations/observed-payloads.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import type { ObservableKey } from '../../../../domain/events/event-keys.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { Tables } from '../engine/schema.js';

type Observers = readonly { readonly id: string; readonly observed_keys: string }[];

const observing = (integrations: Observers, key: ObservableKey) =>
  integrations.filter((i) => i.observed_keys.includes(`,${key},`));

/**
 * Writes the events of a change in the change's own transaction, with their audit events and one job per
 * integration that observes each: a change that rolls back leaves none, and one that commits cannot lose
 * them. A store without an enabled integration pays the audit rows and one indexed read per change.
 */
export class KyselyOutbox {
  constructor(
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly payloads: ObservedPayloads,
    private readonly audit: KyselyAuditRecorder,
  ) {}

  private observers(db: Kysely<Tables> | Transaction<Tables>, storeId: Uuid): Promise<Observers> {
    return db
      .selectFrom('integrations')
      .select(['id', 'observed_keys'])
      .where('store_id', '=', storeId)
      .where('enabled', '=', true)
      .execute();
  }

  /**
   * Records the events inside `trx`, the transaction of the change that fired them, each audited. Events
   * made of what the change stored may come as a function, which reads what they need.
   */
  async record(
    trx: Transaction<Tables>,
    storeId: Uuid,
    events: readonly ChangeEvent[] | (() => Promise<readonly ChangeEvent[]>),
  ): Promise<void> {
    const fired = typeof events === 'function' ? await events() : events;
    if (fired.length === 0) return;
    await this.audit.record(
      trx,
      storeId,
      fired.map((event) => auditedEvent(this.payloads, event)),
    );
    const integrations = await this.observers(trx, storeId);
    if (integrations.length === 0) return;
    for (const event of fired) {
      const observers = observing(integrations, event.key);
      if (observers.length === 0) continue;
      const eventId = this.ids.uuid();
      // The system's time, not a store's test clock: retries and retention run on real time.
      const now = this.clock.now();
      const payload = JSON.stringify(changePayload(this.payloads, event));
      await trx
        .insertInto('integration_events')
        .values({ id: eventId, store_id: storeId, observed_key: event.key, payload, created_at: now })
        .execute();
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

  /**
   * Runs a write that needs no transaction of its own: alone when it fires nothing, else in a transaction
   * that records its events (audited, and for the integrations observing them), and only if `applied` says
   * the write changed something (a delete that found its row). An integration created while the write runs
   * sees the changes that start after it.
   */
  async around<R>(
    db: Kysely<Tables>,
    storeId: Uuid,
    events: readonly ChangeEvent[],
    write: (db: Kysely<Tables>) => Promise<R>,
    applied: (result: R) => boolean = () => true,
  ): Promise<R> {
    // A change that fires nothing is audited by its repository, if at all.
    if (events.length === 0) return write(db);
    return db.transaction().execute(async (trx) => {
      const result = await write(trx);
      if (applied(result)) await this.record(trx, storeId, events);
      return result;
    });
  }
}
