import { ensureInvoiceCounter, lockInvoiceCounter } from './invoice-counter.js';
import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  notAttempted,
  type Attempted,
  type Batch,
  type BillingCandidate,
  type CreationCursor,
  type Dunning,
  type DunningStanding,
  type InvoiceGroup,
  type InvoiceRepository,
  type NotAttempted,
  type PaymentCandidate,
  type PaymentGroup,
} from '../../../../application/ports/billing/invoice-repository.js';
import { missing, type Missing } from '../../../../application/ports/storage-outcomes.js';
import type { Invoice, InvoiceDraft } from '../../../../domain/billing/invoice.js';
import { pauseGaps, type StateChangeAt } from '../../../../domain/billing/pause-gaps.js';
import type { InvoicePayment } from '../../../../domain/billing/invoice-payment.js';
import type { InvoiceFilterField, InvoiceQuery } from '../../../../domain/billing/invoice-query.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { pageOf, type Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DunningOutcome } from '../../../../domain/billing/dunning-action.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import {
  invoiceFromRow,
  invoiceToRow,
  prorationFromJson,
  paymentFromRow,
  paymentStatus,
  paymentToRow,
} from './invoice-rows.js';
import {
  afterOldestFirst,
  booleanColumn,
  cappedCount,
  matching,
  oldestFirst,
  pageNewestFirst,
  pageOldestFirst,
  type FilterColumn,
} from '../kysely-list.js';

/** The columns EPCC's invoice filter compares. */
const INVOICE_COLUMNS: Readonly<Record<InvoiceFilterField, FilterColumn>> = {
  subscriber_id: { column: 'subscriber_id' },
  subscription_id: { column: 'subscription_id' },
  outstanding: booleanColumn('outstanding'),
  tax_required: booleanColumn('tax_required'),
};
import {
  appendState,
  loadOfferings,
  changedColumns,
  subscriptionFromRow,
} from '../subscriptions/kysely-subscription-repository.js';
import type { DatabaseHandle } from '../open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { storeNumberedInvoices } from './numbered-invoices.js';
import {
  isBilled,
  periodKey,
  uninvoicedPeriods,
  unchangedSince,
} from '../../../../domain/billing/billing-selection.js';
import type { Tables } from '../schema.js';
import { SnapshotCache } from '../snapshot-cache.js';
import { bodyFromJson, stateAction } from '../subscriptions/subscription-json.js';
import { parseJson } from '../stored-json.js';
import { toNumber } from '../sql-flavor.js';
import { chunks } from '../chunks.js';

/** Rows per INSERT: well below MySQL's 65,535 placeholders at the invoice's column count. */
const INSERT_CHUNK = 1000;

@injectable()
export class KyselyInvoiceRepository implements InvoiceRepository {
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
      db.selectFrom('subscriptions as s').innerJoin(batchIds.as('b'), 'b.id', 's.id').selectAll('s'),
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
    for (const part of chunks([...ids].sort(), INSERT_CHUNK)) {
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
        for (const ids of chunks(subscriptionIds, INSERT_CHUNK)) {
          const rows = await trx
            .selectFrom('subscription_invoices')
            .select(['subscription_id', 'billing_period_start'])
            .where('subscription_id', 'in', ids)
            .where('billing_period_start', '>=', earliest)
            .execute();
          for (const row of rows) invoiced.add(periodKey(row.subscription_id, new Date(row.billing_period_start)));
        }
        const { invoices: stored, events } = await storeNumberedInvoices(
          trx,
          this.handle.flavor,
          storeId,
          last,
          uninvoicedPeriods(live, invoiced),
        );
        if (stored.length === 0) return [];
        // EPCC's `invoice_after` moves to the end of each subscription's latest invoiced period, on rows
        // this transaction has locked.
        for (const ids of chunks([...new Set(stored.map((invoice) => invoice.subscriptionId))], INSERT_CHUNK))
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
        await this.outbox.record(trx, storeId, events);
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
      includesTax: row.includes_tax === true || row.includes_tax === 1,
      charged: toNumber(row.charged) === 1,
      count: toNumber(row.n),
      amount: toNumber(row.total),
    }));
  }

  private async locked(trx: Kysely<Tables>, storeId: Uuid, id: Uuid): Promise<Invoice | undefined> {
    const row = await trx
      .selectFrom('subscription_invoices')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row === undefined ? undefined : invoiceFromRow(row);
  }

  private async write(trx: Kysely<Tables>, invoice: Invoice): Promise<void> {
    const {
      id: _id,
      store_id: _store,
      subscription_id: _subscription,
      number: _number,
      created_at: _created,
      ...columns
    } = invoiceToRow(invoice);
    await trx.updateTable('subscription_invoices').set(columns).where('id', '=', invoice.id).execute();
  }

  update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Invoice) => E.Either<R, Invoice>,
  ): Promise<E.Either<Missing | R, Invoice>> {
    return this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | R, Invoice>> => {
      const current = await this.locked(trx, storeId, id);
      if (current === undefined) return E.left(missing);
      const changed = change(current);
      if (E.isRight(changed)) await this.write(trx, changed.right);
      return changed;
    });
  }

  async paymentBatch(
    storeId: Uuid,
    jobId: Uuid,
    after: Uuid | undefined,
    limit: number,
  ): Promise<Batch<PaymentCandidate>> {
    const db = this.handle.db;
    let query = db
      .selectFrom('subscription_invoices as i')
      .selectAll('i')
      .where('i.store_id', '=', storeId)
      .where('i.outstanding', '=', true)
      .where('i.tax_required', '=', false)
      .where('i.manual_payment_pending', '=', false)
      .where('i.payment_retries_limit_reached', '=', false);
    if (after !== undefined) query = query.where('i.id', '>', after);
    const rows = await query.orderBy('i.id').limit(limit).execute();
    if (rows.length === 0) return { items: [] };
    const ids = rows.map((row) => row.id);
    const [subscriptions, attempted] = await Promise.all([
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((row) => row.subscription_id))])
        .execute(),
      db
        .selectFrom('subscription_invoice_payments')
        .select('invoice_id')
        .where('job_id', '=', jobId)
        .where('invoice_id', 'in', ids)
        .execute(),
    ]);
    const byId = new Map(subscriptions.map((row) => [row.id, subscriptionFromRow(row)]));
    const done = new Set(attempted.map((row) => row.invoice_id));
    const items = rows.flatMap((row) => {
      const subscription = byId.get(row.subscription_id);
      return subscription === undefined || done.has(row.id) ? [] : [{ invoice: invoiceFromRow(row), subscription }];
    });
    const last = ids[ids.length - 1];
    return rows.length < limit || last === undefined ? { items } : { items, next: last as Uuid };
  }

  beginAttempt(
    storeId: Uuid,
    id: Uuid,
    jobId: Uuid,
    begin: (current: Invoice) => E.Either<NotAttempted, InvoicePayment>,
  ): Promise<E.Either<Missing | NotAttempted, InvoicePayment>> {
    return this.handle.db
      .transaction()
      .execute(async (trx): Promise<E.Either<Missing | NotAttempted, InvoicePayment>> => {
        const current = await this.locked(trx, storeId, id);
        if (current === undefined) return E.left(missing);
        const payments = await trx
          .selectFrom('subscription_invoice_payments')
          .selectAll()
          .where('invoice_id', '=', id)
          .where((eb) => eb.or([eb('job_id', '=', jobId), eb('pending_invoice_id', '=', id)]))
          .execute();
        if (payments.some((row) => row.job_id === jobId)) return E.left(notAttempted);
        const cutShort = payments.find((row) => row.status === 'pending');
        if (cutShort !== undefined)
          return current.manualPaymentPending ? E.left(notAttempted) : E.right(paymentFromRow(cutShort));
        const begun = begin(current);
        if (E.isLeft(begun)) return begun;
        await trx.insertInto('subscription_invoice_payments').values(paymentToRow(begun.right)).execute();
        return begun;
      });
  }

  async attemptsBy(storeId: Uuid, jobId: Uuid): Promise<readonly PaymentGroup[]> {
    const rows = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .select([
        'status',
        'currency',
        'includes_tax',
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.sum('amount').as('total'),
      ])
      .where('job_id', '=', jobId)
      .where('store_id', '=', storeId)
      .groupBy(['status', 'currency', 'includes_tax'])
      .execute();
    return rows.map((row) => ({
      status: paymentStatus(row.status),
      currency: row.currency,
      includesTax: row.includes_tax === true || row.includes_tax === 1,
      count: toNumber(row.n),
      amount: toNumber(row.total),
    }));
  }

  /** Changes the invoice's subscription in the transaction that settled the attempt: the invoice's lock is taken, then the subscription's, as no other path takes them the other way round. */
  private async dun(
    trx: Transaction<Tables>,
    storeId: Uuid,
    subscriptionId: Uuid,
    outcome: (subscription: Subscription) => DunningOutcome | undefined,
  ): Promise<void> {
    const row = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', subscriptionId)
      .forUpdate()
      .executeTakeFirst();
    const changed = row === undefined ? undefined : outcome(subscriptionFromRow(row));
    if (changed === undefined) return;
    await trx
      .updateTable('subscriptions')
      .set(changedColumns(changed.subscription))
      .where('id', '=', subscriptionId)
      .execute();
    // Under the subscription's row lock, as a merchant's state change takes its place in the history.
    if (changed.state !== undefined) await appendState(trx, changed.state);
  }

  private async spentInvoices(
    db: Kysely<Tables>,
    storeId: Uuid,
    subscriptionId: Uuid,
    except?: Uuid,
  ): Promise<DunningStanding> {
    let query = db
      .selectFrom('subscription_invoices')
      .select([
        sql<number>`sum(case when payment_retries_limit_reached = ${true} then 1 else 0 end)`.as('spent'),
        sql<number>`sum(case when outstanding = ${true} and failed_payment_attempts > 0 then 1 else 0 end)`.as(
          'unpaid',
        ),
      ])
      .where('store_id', '=', storeId)
      .where('subscription_id', '=', subscriptionId)
      .where((eb) =>
        eb.or([
          eb('payment_retries_limit_reached', '=', true),
          eb.and([eb('outstanding', '=', true), eb('failed_payment_attempts', '>', 0)]),
        ]),
      );
    if (except !== undefined) query = query.where('id', '<>', except);
    const row = await query.executeTakeFirst();
    return { spent: toNumber(row?.spent ?? 0) > 0, unpaid: toNumber(row?.unpaid ?? 0) > 0 };
  }

  /**
   * Read without a lock: only a suspended subscription is changed by a payment, and only then is its row
   * locked, so paying does not wait for a billing run holding the subscriptions of its batch.
   */
  private async suspended(trx: Transaction<Tables>, storeId: Uuid, subscriptionId: Uuid): Promise<boolean> {
    const row = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    return row !== undefined && subscriptionFromRow(row).flags.suspended;
  }

  dunningStanding(storeId: Uuid, subscriptionId: Uuid): Promise<DunningStanding> {
    return this.spentInvoices(this.handle.db, storeId, subscriptionId);
  }

  settle<R>(
    storeId: Uuid,
    invoiceId: Uuid,
    paymentId: Uuid,
    change: (invoice: Invoice, payment: InvoicePayment) => E.Either<R, Attempted>,
    dunning: Dunning,
  ): Promise<E.Either<Missing | R, Attempted>> {
    return this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | R, Attempted>> => {
      const invoice = await this.locked(trx, storeId, invoiceId);
      if (invoice === undefined) return E.left(missing);
      const row = await trx
        .selectFrom('subscription_invoice_payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      const changed = change(invoice, paymentFromRow(row));
      if (E.isLeft(changed)) return changed;
      const {
        id: _id,
        store_id: _store,
        invoice_id: _invoice,
        created_at: _created,
        ...columns
      } = paymentToRow(changed.right.payment);
      await trx.updateTable('subscription_invoice_payments').set(columns).where('id', '=', paymentId).execute();
      await this.write(trx, changed.right.invoice);
      if (
        changed.right.invoice.outstanding &&
        changed.right.invoice.paymentRetriesLimitReached &&
        !invoice.paymentRetriesLimitReached
      )
        await this.dun(trx, storeId, invoice.subscriptionId, dunning.retriesSpent);
      if (
        invoice.outstanding &&
        !changed.right.invoice.outstanding &&
        (await this.suspended(trx, storeId, invoice.subscriptionId))
      ) {
        const others = await this.spentInvoices(trx, storeId, invoice.subscriptionId, invoiceId);
        await this.dun(trx, storeId, invoice.subscriptionId, (subscription) =>
          dunning.paid(subscription, others.unpaid),
        );
      }
      return changed;
    });
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Invoice | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_invoices')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : invoiceFromRow(row);
  }

  async list(storeId: Uuid, { page, filter }: InvoiceQuery): Promise<Page<Invoice>> {
    const filtered = this.handle.db
      .selectFrom('subscription_invoices')
      .where('store_id', '=', storeId)
      .where(matching(filter, INVOICE_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(invoiceFromRow), page, counted, 'capped');
  }

  async findPayment(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<InvoicePayment | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_invoice_payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('invoice_id', '=', invoiceId)
      .where('id', '=', paymentId)
      .executeTakeFirst();
    return row === undefined ? undefined : paymentFromRow(row);
  }

  async listPayments(storeId: Uuid, invoiceId: Uuid, { page }: ListQuery): Promise<Page<InvoicePayment> | undefined> {
    if ((await this.findById(storeId, invoiceId)) === undefined) return undefined;
    const payments = this.handle.db.selectFrom('subscription_invoice_payments').where('invoice_id', '=', invoiceId);
    const [rows, counted] = await Promise.all([
      pageOldestFirst(payments.selectAll(), page).execute(),
      payments.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(rows.map(paymentFromRow), page, toNumber(counted.n), 'exact');
  }
}
