import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Batch } from '../../../../application/ports/billing/billing-run-store.js';
import {
  type Attempted,
  type Dunning,
  type DunningStanding,
  type NotAttempted,
  notAttempted,
  type PaymentCandidate,
  type PaymentGroup,
  type PaymentRunStore,
} from '../../../../application/ports/billing/payment-run-store.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { SubscriptionDocuments } from '../../../../application/ports/subscriptions/subscription-documents.js';
import { TOKENS } from '../../../../application/tokens.js';
import { INVOICE_PAYMENT_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { DunningOutcome } from '../../../../domain/billing/dunning/dunning-action.js';
import type { Invoice } from '../../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../../domain/billing/payments/invoice-payment.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription } from '../../../../domain/subscriptions/subscription.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import { SnapshotCache } from '../catalogue/snapshot-cache.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import {
  appendState,
  changedColumns,
  loadOfferings,
  SUBSCRIPTION_COLUMNS,
  subscriptionFromRow,
} from '../subscriptions/subscription-rows.js';
import {
  bool,
  invoiceFromRow,
  invoiceToRow,
  lockInvoice,
  paymentFromRow,
  paymentStatus,
  paymentToRow,
} from './invoice-rows.js';

/** Invoices brought to payment and settled: taxes, payment attempts, settlements and the dunning they cause. */
@injectable()
export class KyselyPaymentRunStore implements PaymentRunStore {
  private readonly snapshots = new SnapshotCache();

  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
    @inject(TOKENS.SubscriptionDocuments) private readonly documents: SubscriptionDocuments,
  ) {}

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
      const current = await lockInvoice(trx, storeId, id);
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
        .select(SUBSCRIPTION_COLUMNS)
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
        const current = await lockInvoice(trx, storeId, id);
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
      includesTax: bool(row.includes_tax),
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
    eventsOf: Dunning['eventsOf'],
  ): Promise<void> {
    const row = await trx
      .selectFrom('subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .where('store_id', '=', storeId)
      .where('id', '=', subscriptionId)
      .forUpdate()
      .executeTakeFirst();
    const previous = row === undefined ? undefined : subscriptionFromRow(row);
    const changed = previous === undefined ? undefined : outcome(previous);
    if (previous === undefined || changed === undefined) return;
    const offering = (await loadOfferings(trx, this.snapshots, [previous.offeringVersionId])).get(
      previous.offeringVersionId,
    );
    if (offering === undefined) throw new Error(`offering version ${previous.offeringVersionId} is missing`);
    await trx
      .updateTable('subscriptions')
      .set(changedColumns(changed.subscription, this.documents.render(changed.subscription, offering)))
      .where('id', '=', subscriptionId)
      .execute();
    // Under the subscription's row lock, as a merchant's state change takes its place in the history.
    if (changed.state !== undefined) await appendState(trx, changed.state);
    if (eventsOf === undefined) return;
    await this.outbox.record(trx, storeId, eventsOf({ previous, subscription: changed.subscription, offering }));
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
      .select(SUBSCRIPTION_COLUMNS)
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
      const invoice = await lockInvoice(trx, storeId, invoiceId);
      if (invoice === undefined) return E.left(missing);
      const row = await trx
        .selectFrom('subscription_invoice_payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      const pending = paymentFromRow(row);
      const changed = change(invoice, pending);
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
      await this.audit.record(trx, storeId, [INVOICE_PAYMENT_AUDIT.updated(paymentId, pending, changed.right.payment)]);
      if (
        changed.right.invoice.outstanding &&
        changed.right.invoice.paymentRetriesLimitReached &&
        !invoice.paymentRetriesLimitReached
      )
        await this.dun(trx, storeId, invoice.subscriptionId, dunning.retriesSpent, dunning.eventsOf);
      if (
        invoice.outstanding &&
        !changed.right.invoice.outstanding &&
        (await this.suspended(trx, storeId, invoice.subscriptionId))
      ) {
        const others = await this.spentInvoices(trx, storeId, invoice.subscriptionId, invoiceId);
        await this.dun(
          trx,
          storeId,
          invoice.subscriptionId,
          (subscription) => dunning.paid(subscription, others.unpaid),
          dunning.eventsOf,
        );
      }
      return changed;
    });
  }
}
