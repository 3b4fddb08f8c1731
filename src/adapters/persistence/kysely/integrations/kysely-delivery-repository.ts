import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
  PendingDeliveries,
} from '../../../../application/ports/integrations/delivery-repository.js';
import type { IdGenerator } from '../../../../application/ports/system.js';
import { TOKENS } from '../../../../application/tokens.js';
import { isObservableKey } from '../../../../domain/events/event-keys.js';
import type { Delivery } from '../../../../domain/integrations/delivery.js';
import { withinShares } from '../../../../domain/integrations/delivery-shares.js';
import type { Integration } from '../../../../domain/integrations/integration.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { IntegrationEventsTable } from '../engine/schema.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { storedUuid } from '../sql/stored-json.js';
import { deliveryFromRow, integrationFromRow, logToRow } from './integration-rows.js';
import { claimReturning, recordInOneStatement } from './postgres-deliveries.js';

/** A claimed delivery with its event and integration; none when either is gone or the event's key is unknown. */
const claimOf = (
  delivery: Delivery,
  event: Selectable<IntegrationEventsTable> | undefined,
  integration: Integration | undefined,
): ClaimedDelivery[] => {
  if (event === undefined || integration === undefined || !isObservableKey(event.observed_key)) return [];
  return [
    {
      delivery,
      integration,
      event: {
        id: storedUuid('event id', event.id),
        storeId: storedUuid('event store', event.store_id),
        key: event.observed_key,
        payload: JSON.parse(event.payload) as unknown,
        createdAt: event.created_at,
      },
    },
  ];
};

@injectable()
export class KyselyDeliveryRepository implements DeliveryRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async claimDue(
    now: Date,
    limit: number,
    leaseMs: number,
    inFlight: ReadonlyMap<string, number>,
    perIntegration: number,
  ): Promise<readonly ClaimedDelivery[]> {
    const db = this.handle.db;
    // More candidates than wanted, so that integrations at their limit leave room for the others.
    const due = await db
      .selectFrom('integration_jobs')
      .select(['id', 'integration_id'])
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit * 4)
      .execute();
    const chosen = withinShares(
      due.map((row) => ({ id: row.id, integrationId: row.integration_id })),
      limit,
      inFlight,
      perIntegration,
    );
    if (chosen.length === 0) return [];
    const token = this.ids.uuid();
    const lease = new Date(now.getTime() + leaseMs);
    if (this.handle.flavor === 'postgres')
      return (await claimReturning(db, chosen, now, lease, token)).flatMap(({ job, event, integration }) =>
        claimOf(deliveryFromRow(job), event, integrationFromRow(integration)),
      );
    // One statement claims the batch: a row another claimer took meanwhile no longer matches `due_at <= now`
    // once its update commits (the row lock makes this one wait and read it again), so each attempt has one claimer.
    await db
      .updateTable('integration_jobs')
      .set((eb) => ({
        claim_token: token,
        due_at: lease,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', chosen)
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      .execute();
    const claimed = await db.selectFrom('integration_jobs').selectAll().where('claim_token', '=', token).execute();
    return this.withEvents(claimed.map(deliveryFromRow));
  }

  async reclaim(deliveryId: string, attempts: number): Promise<ClaimedDelivery | undefined> {
    const row = await this.handle.db
      .selectFrom('integration_jobs')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .where('attempts', '=', attempts)
      .executeTakeFirst();
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
    return claimed.flatMap((delivery) =>
      claimOf(delivery, eventById.get(delivery.eventId), integrationById.get(delivery.integrationId)),
    );
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (this.handle.flavor === 'postgres') return recordInOneStatement(this.handle.db, records);
    await this.handle.db.transaction().execute(async (trx) => {
      // Locked, and only those still at the attempt that was made: a delivery deleted, or claimed again
      // after its claim ran out, keeps what its new claimer records.
      const current = await trx
        .selectFrom('integration_jobs')
        .select(['id', 'attempts'])
        .where(
          'id',
          'in',
          records.map((r) => r.claim.delivery.id),
        )
        .forUpdate()
        .execute();
      const attemptOf = new Map(current.map((row) => [row.id, Number(row.attempts)]));
      const live = records.filter((r) => attemptOf.get(r.claim.delivery.id) === r.claim.delivery.attempts);
      if (live.length === 0) return;
      const succeeded = live.filter((r) => r.outcome.status === 'succeeded');
      if (succeeded.length > 0) {
        const at = new Date(
          succeeded.reduce((latest, r) => Math.max(latest, r.log.createdAt.getTime()), Number.NEGATIVE_INFINITY),
        );
        await trx
          .updateTable('integration_jobs')
          .set({ status: 'succeeded', due_at: null, updated_at: at })
          .where(
            'id',
            'in',
            succeeded.map((r) => r.claim.delivery.id),
          )
          .execute();
      }
      for (const { claim, log, outcome } of live.filter((r) => r.outcome.status !== 'succeeded')) {
        await trx
          .updateTable('integration_jobs')
          .set({
            status: outcome.status,
            due_at: outcome.status === 'pending' ? outcome.nextAttemptAt : null,
            updated_at: log.createdAt,
          })
          .where('id', '=', claim.delivery.id)
          .execute();
      }
      await trx
        .insertInto('integration_logs')
        .values(live.map((r) => logToRow(r.log)))
        .execute();
    });
  }

  async countPending(now: Date, cap: number): Promise<PendingDeliveries> {
    const db = this.handle.db;
    // A count over a limited range of the (status, due_at) index: at most `cap` index entries read per count.
    const capped = (dueNow: boolean) =>
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('integration_jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('due_at', dueNow ? '<=' : '>', now)
            .limit(cap)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
    const [dueNow, dueLater] = await Promise.all([capped(true), capped(false)]);
    return { dueNow: Number(dueNow.n), dueLater: Number(dueLater.n) };
  }

  async purge(before: Date): Promise<void> {
    const db = this.handle.db;
    await db.deleteFrom('integration_logs').where('created_at', '<', before).execute();
    await db
      .deleteFrom('integration_jobs')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('updated_at', '<', before)
      .execute();
    await db
      .deleteFrom('integration_events')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('integration_jobs')
              .select('integration_jobs.id')
              .whereRef('integration_jobs.event_id', '=', 'integration_events.id'),
          ),
        ),
      )
      .execute();
  }
}
