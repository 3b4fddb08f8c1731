import { inject, injectable } from 'inversify';
import { sql, type Transaction } from 'kysely';
import type {
  Batch,
  BillingCandidate,
  BillingRunStore,
  CreationCursor,
  InvoiceGroup,
} from '../../../../application/ports/billing/billing-run-store.js';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  isBilled,
  periodKey,
  unchangedSince,
  uninvoicedPeriods,
} from '../../../../domain/billing/billing-selection.js';
import type { Invoice, InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import { pauseGaps, type StateChangeAt } from '../../../../domain/billing/periods/pause-gaps.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { SnapshotCache } from '../catalogue/snapshot-cache.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { chunks } from '../sql/chunks.js';
import { afterOldestFirst, oldestFirst } from '../sql/kysely-list.js';
import { parseJson } from '../sql/stored-json.js';
import { bodyFromJson, stateAction } from '../subscriptions/subscription-json.js';
import { loadOfferings, subscriptionColumnsOf, subscriptionFromRow } from '../subscriptions/subscription-rows.js';
import { ensureInvoiceCounter, lockInvoiceCounter } from './invoice-counter.js';
import { bool, prorationFromJson } from './invoice-rows.js';
import { storeNumberedInvoices } from './numbered-invoices.js';

/** Ids per `IN` list: well below MySQL's 65,535 placeholders. */
const IN_LIST_CHUNK = 1000;

/** A billing run's reads and writes: batches of subscriptions, invoices stored numbered, what a run made. */
@injectable()
export class KyselyBillingRunStore implements BillingRunStore {
  private readonly snapshots = new SnapshotCache();

  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  async billingBatch(
    storeId: Uuid,
    after: CreationCursor | undefined,
    limit: number,
  ): Promise<Batch<BillingCandidate, CreationCursor>> {
    const db = this.handle.db;
    // The batch's ids are picked as a range of the (store_id, created_at, id) index the lists use, where the
    // last batch ended, then joined back, as the list's cursor pages do: asked for whole rows, MariaDB and
    // PostgreSQL read the store's index entries from the first at every batch (half a million for a batch
    // halfway through a million).
    const store = db.selectFrom('subscriptions').select('id').where('store_id', '=', storeId);
    const batchIds = oldestFirst(after === undefined ? store : store.where(afterOldestFirst(after))).limit(limit);
    const rows = await oldestFirst(
      db
        .selectFrom('subscriptions as s')
        .innerJoin(batchIds.as('b'), 'b.id', 's.id')
        .select(subscriptionColumnsOf('s')),
      's',
    ).execute();
    if (rows.length === 0) return { items: [] };
    const ids = rows.map((row) => row.id);
    const subscriptions = rows.map(subscriptionFromRow).filter(isBilled);
    // Only a subscription that was ever paused has pauses in its history: one query for all of them.
    const everPaused = subscriptions.filter((s) => s.timestamps.pausedAt !== undefined).map((s) => s.id);
    const [latest, states, offerings] = await Promise.all([
      db
        .selectFrom('subscription_invoices as i')
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('subscription_invoices')
              .select(['subscription_id', (e) => e.fn.max('billing_period_start').as('start')])
              .where('subscription_id', 'in', ids)
              .groupBy('subscription_id')
              .as('m'),
          (join) =>
            join.onRef('m.subscription_id', '=', 'i.subscription_id').onRef('m.start', '=', 'i.billing_period_start'),
        )
        .select(['i.subscription_id', 'i.billing_period_start', 'i.billing_period_end', 'i.proration', 'i.job_id'])
        .execute(),
      everPaused.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('subscription_states')
            .select(['subscription_id', 'action', 'created_at'])
            .where('subscription_id', 'in', everPaused)
            .where('action', 'in', ['pause', 'resume'])
            .orderBy('subscription_id')
            .orderBy('sequence')
            .execute(),
      loadOfferings(
        db,
        this.snapshots,
        rows.map((row) => row.offering_version_id),
      ),
    ]);
    const lastInvoiced = new Map(
      latest.map((row) => [
        row.subscription_id,
        {
          start: new Date(row.billing_period_start),
          end: new Date(row.billing_period_end),
          proration: prorationFromJson(row.proration),
          ...(row.job_id === null ? {} : { jobId: row.job_id as Uuid }),
        },
      ]),
    );
    const histories = new Map<string, StateChangeAt[]>();
    for (const row of states) {
      const history = histories.get(row.subscription_id) ?? [];
      history.push({ action: stateAction(row.action), at: new Date(row.created_at) });
      histories.set(row.subscription_id, history);
    }
    const items = subscriptions.map((subscription): BillingCandidate => {
      const offering = offerings.get(subscription.offeringVersionId);
      if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
      const last = lastInvoiced.get(subscription.id);
      const pauses = pauseGaps(histories.get(subscription.id) ?? []);
      return { subscription, offering, history: { pauses, ...(last === undefined ? {} : { lastInvoiced: last }) } };
    });
    // The walk goes on after the batch's last row, a suspended one included.
    const last = rows[rows.length - 1];
    return rows.length < limit || last === undefined
      ? { items }
      : { items, next: { createdAt: new Date(last.created_at), id: last.id as Uuid } };
  }

  /**
   * The ids among `ids` whose subscription still exists, their rows share-locked in id order until the
   * transaction ends (then written, their `invoice_after` moved; the store's counter lock keeps every other
   * writer that share-locks them out meanwhile): a delete of one waits for the invoices and is then refused, or went first and its
   * drafts are left out, so the insert never fails on a foreign key. Every run and every delete takes
   * subscription rows before the store's row, so the orders never cross.
   */
  private async lockSubscriptions(
    trx: Transaction<Tables>,
    storeId: Uuid,
    ids: readonly Uuid[],
    madeFrom: ReadonlyMap<Uuid, Date> | undefined,
  ): Promise<Set<string>> {
    const present = new Set<string>();
    const unchanged = (row: { readonly id: string; readonly body: string }): boolean =>
      unchangedSince(madeFrom, row.id as Uuid, bodyFromJson(parseJson('subscription', row.body)).timestamps.updatedAt);
    for (const part of chunks([...ids].sort(), IN_LIST_CHUNK)) {
      // By primary key alone, as a delete locks the row: reached through a secondary index, InnoDB would
      // share-lock that index's entry before waiting for the row, and the delete, holding the row, would then
      // wait for the entry it has to remove. MariaDB 10.11 knows no FOR SHARE.
      const query = trx
        .selectFrom('subscriptions')
        .select(['id', 'store_id', 'body'])
        .where('id', 'in', part)
        .orderBy('id');
      const rows = await (this.handle.flavor === 'mysql'
        ? query.modifyEnd(sql`lock in share mode`)
        : query.forShare()
      ).execute();
      for (const row of rows) if (row.store_id === storeId && unchanged(row)) present.add(row.id);
    }
    return present;
  }

  async insertInvoices(
    storeId: Uuid,
    drafts: readonly InvoiceDraft[],
    eventsOf: ChangeEventsOf<readonly Invoice[]>,
    madeFrom?: ReadonlyMap<Uuid, Date>,
  ): Promise<readonly Invoice[]> {
    if (drafts.length === 0) return [];
    await ensureInvoiceCounter(this.handle, storeId);
    // Read committed: MariaDB then locks the rows it reads, not the gaps around ids that are gone, which a
    // subscription created meanwhile (holding its store's row) would wait on while this insert waits on the store.
    return this.handle.db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const last = await lockInvoiceCounter(trx, storeId);
        const present = await this.lockSubscriptions(
          trx,
          storeId,
          [...new Set(drafts.map((d) => d.subscriptionId))],
          madeFrom,
        );
        const live = drafts.filter((d) => present.has(d.subscriptionId));
        if (live.length === 0) return [];
        // Read after the lock: a concurrent run of the store committed its invoices before letting go of it.
        const subscriptionIds = [...new Set(live.map((d) => d.subscriptionId))];
        // A loop, not Math.min(...): a spread of a large batch's drafts overflows the call stack.
        let earliestTime = Number.POSITIVE_INFINITY;
        for (const draft of live) earliestTime = Math.min(earliestTime, draft.billingPeriod.start.getTime());
        const earliest = new Date(earliestTime);
        const invoiced = new Set<string>();
        for (const ids of chunks(subscriptionIds, IN_LIST_CHUNK)) {
          const rows = await trx
            .selectFrom('subscription_invoices')
            .select(['subscription_id', 'billing_period_start'])
            .where('subscription_id', 'in', ids)
            .where('billing_period_start', '>=', earliest)
            .execute();
          for (const row of rows) invoiced.add(periodKey(row.subscription_id, new Date(row.billing_period_start)));
        }
        const { invoices: stored } = await storeNumberedInvoices(
          trx,
          this.handle.flavor,
          storeId,
          last,
          uninvoicedPeriods(live, invoiced),
        );
        if (stored.length === 0) return [];
        // EPCC's `invoice_after` moves to the end of each subscription's latest invoiced period, on rows
        // this transaction has locked.
        for (const ids of chunks([...new Set(stored.map((invoice) => invoice.subscriptionId))], IN_LIST_CHUNK))
          await trx
            .updateTable('subscriptions')
            .set((eb) => ({
              invoice_after: eb
                .selectFrom('subscription_invoices')
                .select((e) => e.fn.max('billing_period_end').as('end'))
                .whereRef('subscription_invoices.subscription_id', '=', 'subscriptions.id'),
            }))
            .where('id', 'in', ids)
            .execute();
        await this.outbox.record(trx, storeId, eventsOf(stored));
        return stored;
      });
  }

  async createdBy(storeId: Uuid, jobId: Uuid): Promise<readonly InvoiceGroup[]> {
    const charged = sql<number>`case when amount > 0 then 1 else 0 end`;
    const rows = await this.handle.db
      .selectFrom('subscription_invoices')
      .select([
        'currency',
        'includes_tax',
        charged.as('charged'),
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.sum('amount').as('total'),
      ])
      .where('job_id', '=', jobId)
      .where('store_id', '=', storeId)
      .groupBy(['currency', 'includes_tax', charged])
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      includesTax: bool(row.includes_tax),
      charged: toNumber(row.charged) === 1,
      count: toNumber(row.n),
      amount: toNumber(row.total),
    }));
  }
}
