import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import type { CreationCursor } from '../../../../../src/application/ports/billing/billing-run-store.js';
import { notAttempted } from '../../../../../src/application/ports/billing/payment-run-store.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import type { UpdatedSubscription } from '../../../../../src/application/ports/subscriptions/subscription-repository.js';
import { RunBilling } from '../../../../../src/application/use-cases/billing/run-billing.js';
import { pendingPayment } from '../../../../../src/application/use-cases/billing/run-payments.js';
import { isBilled } from '../../../../../src/domain/billing/billing-selection.js';
import { afterInvoicePaid, afterRetriesSpent } from '../../../../../src/domain/billing/dunning/dunning-action.js';
import { DEFAULT_RETRY_POLICY } from '../../../../../src/domain/billing/dunning/payment-retry.js';
import { stateApplied, subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Invoice, InvoiceDraft } from '../../../../../src/domain/billing/invoices/invoice.js';
import { invoicesCreated } from '../../../../../src/domain/billing/invoices/invoice-events.js';
import { invoiceDraft } from '../../../../../src/domain/billing/invoices/invoice-items.js';
import { INVOICE_LIST, type InvoiceFilterField } from '../../../../../src/domain/billing/invoices/invoice-query.js';
import { completedAttempt } from '../../../../../src/domain/billing/payments/gateway-attempt.js';
import { settled } from '../../../../../src/domain/billing/payments/settlement.js';
import { withTaxes } from '../../../../../src/domain/billing/taxes/taxes.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { Job } from '../../../../../src/domain/jobs/job.js';
import type { FilterCondition } from '../../../../../src/domain/query/filter.js';
import type { PageRequest } from '../../../../../src/domain/query/page.js';
import type { Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { everyRow, listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 100 } as PageRequest;
const jobId = randomIds.uuid();

forEachBackend('Billing run, payment run and invoice read stores contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const product = aProduct(store.id);
    const plan = aPlan(store.id);
    await ports.products.insert(product, NO_EVENTS);
    await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], [plan]);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    const subscribe = async (overrides: Partial<Subscription> = {}) => {
      const subscription = aSubscription(offering, versionId, overrides);
      await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
      return subscription;
    };
    const draft = (subscription: Subscription, start: string, end: string, job = jobId): InvoiceDraft => {
      const made = invoiceDraft(
        subscription,
        offering,
        { start: at(start), end: at(end), trial: false },
        { id: randomIds.uuid(), jobId: job, now: at('2026-03-01T00:00:00.000Z') },
      );
      if (E.isLeft(made)) throw new Error(made.left);
      return made.right;
    };
    return { ...ports, store, other, offering, versionId, subscribe, draft };
  };

  it('stores drafts numbered from 1, reads them back whole, never from another store', async () => {
    const { billingRuns, invoiceReads, store, other, subscribe, draft } = await setup();
    const s = await subscribe();
    const stored = await billingRuns.insertInvoices(
      store.id,
      [
        draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
        draft(s, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      ],
      invoicesCreated,
    );
    expect(stored.map((i) => i.number)).to.deep.equal([1, 2]);
    for (const invoice of stored) {
      expect(await invoiceReads.findById(store.id, invoice.id)).to.deep.equal(invoice);
      expect(await invoiceReads.findById(other.id, invoice.id)).to.equal(undefined);
    }
    expect((await invoiceReads.list(store.id, everyRow([], page))).items.map((i) => i.id).sort()).to.deep.equal(
      stored.map((i) => i.id).sort(),
    );
    expect((await invoiceReads.list(other.id, everyRow([], page))).items).to.deep.equal([]);
  });

  it("moves each invoiced subscription's invoice_after to the end of its latest stored period, in the insert; a draft left out moves nothing", async () => {
    const { billingRuns, subscriptions, store, subscribe, draft } = await setup();
    const created = at('2026-01-31T09:15:00.000Z');
    const [a, b] = [
      await subscribe({ timestamps: { createdAt: created, updatedAt: created }, invoiceAfter: created }),
      await subscribe({ timestamps: { createdAt: created, updatedAt: created }, invoiceAfter: created }),
    ];
    await billingRuns.insertInvoices(
      store.id,
      [draft(a, '2026-01-31T09:15:00.000Z', '2026-02-28T09:15:00.000Z')],
      invoicesCreated,
    );
    const invoiceAfter = async (s: Subscription) =>
      (await subscriptions.findById(store.id, s.id))?.subscription.invoiceAfter.toISOString();
    expect(await invoiceAfter(a)).to.equal('2026-02-28T09:15:00.000Z');
    expect(await invoiceAfter(b), 'not invoiced: unchanged').to.equal('2026-01-31T09:15:00.000Z');
    // The same period again is left out; a later one moves it on.
    await billingRuns.insertInvoices(
      store.id,
      [
        draft(a, '2026-01-31T09:15:00.000Z', '2026-02-28T09:15:00.000Z'),
        draft(b, '2026-01-31T09:15:00.000Z', '2026-02-28T09:15:00.000Z'),
      ],
      invoicesCreated,
    );
    expect(await invoiceAfter(a)).to.equal('2026-02-28T09:15:00.000Z');
    expect(await invoiceAfter(b)).to.equal('2026-02-28T09:15:00.000Z');
    await billingRuns.insertInvoices(
      store.id,
      [draft(a, '2026-02-28T09:15:00.000Z', '2026-03-31T09:15:00.000Z')],
      invoicesCreated,
    );
    expect(await invoiceAfter(a)).to.equal('2026-03-31T09:15:00.000Z');
    const found = (await subscriptions.findById(store.id, a.id))?.subscription;
    expect(found?.timestamps.updatedAt, 'an invoice is no change of the subscription').to.deep.equal(created);
    expect(found?.billingAnchor, 'the anchor never moves').to.deep.equal(a.billingAnchor);
    const batch = await billingRuns.billingBatch(store.id, undefined, 10);
    expect(batch.items.find((c) => c.subscription.id === a.id)?.history.lastInvoiced).to.deep.include({
      start: at('2026-02-28T09:15:00.000Z'),
      end: at('2026-03-31T09:15:00.000Z'),
      jobId,
    });
  });

  it('leaves out the drafts of a subscription changed since they were made (a cancel committed while the run read its batch)', async () => {
    const { billingRuns, subscriptions, store, subscribe, draft } = await setup();
    const [kept, changed] = [await subscribe(), await subscribe()];
    const madeFrom = new Map([
      [kept.id, kept.timestamps.updatedAt],
      [changed.id, changed.timestamps.updatedAt],
    ]);
    const drafts = [
      draft(kept, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
      draft(changed, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
    ];
    const canceled = await subscriptions.applyState(
      store.id,
      changed.id,
      (sub, offering) =>
        applyStateAction(
          sub,
          offering.plans[0]!.attributes,
          'cancel',
          new Date(changed.timestamps.updatedAt.getTime() + 1000),
          randomIds.uuid(),
        ),
      stateApplied,
    );
    expect(E.isRight(canceled)).to.equal(true);
    const stored = await billingRuns.insertInvoices(store.id, drafts, invoicesCreated, madeFrom);
    expect(stored.map((i) => i.subscriptionId)).to.deep.equal([kept.id]);
  });

  it('leaves out periods already invoiced, and keeps numbers without gaps', async () => {
    const { billingRuns, store, subscribe, draft } = await setup();
    const s = await subscribe();
    await billingRuns.insertInvoices(
      store.id,
      [draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')],
      invoicesCreated,
    );
    const again = await billingRuns.insertInvoices(
      store.id,
      [
        draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
        draft(s, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      ],
      invoicesCreated,
    );
    expect(again.map((i) => [i.billingPeriod.start.toISOString(), i.number])).to.deep.equal([
      ['2026-03-01T00:00:00.000Z', 2],
    ]);
    const batch = await billingRuns.billingBatch(store.id, undefined, 10);
    expect(
      batch.items.map((c) => [
        c.subscription.id,
        c.history.lastInvoiced?.start.toISOString(),
        c.history.lastInvoiced?.end.toISOString(),
      ]),
    ).to.deep.equal([[s.id, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']]);
  });

  it('walks the store subscriptions in creation order (then id) by batches, each with its snapshot', async () => {
    const { billingRuns, store, offering, subscribe } = await setup();
    // Ids in random order, creation times out of id order, and two made in the same millisecond.
    const times = [5, 1, 3, 3, 0, 6, 2].map((minute) => new Date(Date.UTC(2026, 0, 1, 0, minute)));
    const all = await Promise.all(
      times.map((createdAt) => subscribe({ timestamps: { createdAt, updatedAt: createdAt } })),
    );
    const seen: string[] = [];
    let after: CreationCursor | undefined;
    do {
      const batch = await billingRuns.billingBatch(store.id, after, 3);
      for (const c of batch.items) {
        expect(c.offering).to.deep.equal(offering);
        seen.push(c.subscription.id);
      }
      after = batch.next;
    } while (after !== undefined);
    const inCreationOrder = [...all].sort(
      (x, y) => x.timestamps.createdAt.getTime() - y.timestamps.createdAt.getTime() || (x.id < y.id ? -1 : 1),
    );
    expect(seen).to.deep.equal(inCreationOrder.map((s) => s.id));
  });

  it('walks every subscription once when batches end inside a run of equal creation times, whatever the batch size, never into another store', async () => {
    const { billingRuns, store, other, offering, versionId, subscriptions, subscribe } = await setup();
    const minutes = [2, 0, 1, 0, 2, 1, 0, 2, 2];
    const mine = await Promise.all(
      minutes.map((minute) => {
        const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute));
        return subscribe({ timestamps: { createdAt, updatedAt: createdAt } });
      }),
    );
    // The other store's subscriptions share the same instants: the walk's range must stay inside the store.
    for (const minute of minutes) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute));
      await subscriptions.insert(
        aSubscription({ ...offering, storeId: other.id }, versionId, {
          storeId: other.id,
          timestamps: { createdAt, updatedAt: createdAt },
        }),
        undefined,
        subscriptionsStored,
      );
    }
    const inCreationOrder = [...mine]
      .sort((x, y) => x.timestamps.createdAt.getTime() - y.timestamps.createdAt.getTime() || (x.id < y.id ? -1 : 1))
      .map((s) => s.id);
    for (const size of [1, 2, 3, 4, 9, 10]) {
      const seen: string[] = [];
      let after: CreationCursor | undefined;
      let batches = 0;
      do {
        const batch = await billingRuns.billingBatch(store.id, after, size);
        expect(batch.items.length).to.be.at.most(size);
        seen.push(...batch.items.map((c) => c.subscription.id));
        after = batch.next;
        batches += 1;
      } while (after !== undefined && batches <= minutes.length + 1);
      expect(seen, `batches of ${size}`).to.deep.equal(inCreationOrder);
    }
  });

  it('leaves the subscriptions the domain does not bill (suspended ones) out of billing batches, and keeps walking past them', async () => {
    const { billingRuns, store, subscribe } = await setup();
    const all = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        subscribe(i % 2 === 0 ? { flags: { canceled: false, paused: false, suspended: true, pending: false } } : {}),
      ),
    );
    const seen: string[] = [];
    let after: CreationCursor | undefined;
    do {
      const batch = await billingRuns.billingBatch(store.id, after, 2);
      seen.push(...batch.items.map((c) => c.subscription.id));
      after = batch.next;
    } while (after !== undefined);
    const byCreation = (x: Subscription, y: Subscription) =>
      x.timestamps.createdAt.getTime() - y.timestamps.createdAt.getTime() || (x.id < y.id ? -1 : 1);
    const billed = all.filter(isBilled);
    expect(billed, 'the domain rule leaves the suspended ones out').to.have.length(2);
    expect(seen).to.deep.equal(billed.sort(byCreation).map((s) => s.id));
  });

  it('filters the list on subscription, subscriber, outstanding and tax_required', async () => {
    const { billingRuns, paymentRuns, invoiceReads, store, subscribe, draft } = await setup();
    const [a, b] = [await subscribe(), await subscribe()];
    const [ia] = await billingRuns.insertInvoices(
      store.id,
      [draft(a, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')],
      invoicesCreated,
    );
    const [ib] = await billingRuns.insertInvoices(
      store.id,
      [draft(b, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')],
      invoicesCreated,
    );
    await paymentRuns.update(store.id, ib!.id, (i) =>
      withTaxes(i, [{ type: 'tax_item', rate: 0.2 }], jobId, at('2026-03-02T00:00:00.000Z')),
    );
    const ids = async (filter: readonly FilterCondition<InvoiceFilterField>[]) =>
      (await invoiceReads.list(store.id, listQuery(INVOICE_LIST, { filter }))).items.map((i) => i.id);
    expect(await ids([{ op: 'eq', field: 'subscription_id', value: a.id }])).to.deep.equal([ia!.id]);
    expect(await ids([{ op: 'eq', field: 'subscriber_id', value: b.accountId }])).to.deep.equal([ib!.id]);
    expect(await ids([{ op: 'eq', field: 'tax_required', value: 'true' }])).to.deep.equal([ia!.id]);
    expect(
      await ids([
        { op: 'eq', field: 'tax_required', value: 'false' },
        { op: 'eq', field: 'outstanding', value: 'true' },
      ]),
    ).to.deep.equal([ib!.id]);
    expect(await ids([{ op: 'eq', field: 'outstanding', value: 'false' }])).to.deep.equal([]);
  });

  const keep = { retriesSpent: () => undefined, paid: () => undefined };

  it('begins attempts as pending payments, once per run, completes them with the invoice and settles a pending one', async () => {
    const { billingRuns, paymentRuns, invoiceReads, store, other, subscribe, draft } = await setup();
    const s = await subscribe({ manualPayments: true });
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [{ ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false }],
      invoicesCreated,
    );
    const runId = randomIds.uuid();
    const now = at('2026-03-03T00:00:00.000Z');
    expect(
      (await paymentRuns.paymentBatch(store.id, runId, undefined, 10)).items.map((c) => c.invoice.id),
    ).to.deep.equal([invoice!.id]);
    const begin = (current: Invoice) =>
      E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), 'manual', now));
    const begun = await paymentRuns.beginAttempt(store.id, invoice!.id, runId, begin);
    if (E.isLeft(begun)) throw new Error('not begun');
    expect(await paymentRuns.beginAttempt(store.id, invoice!.id, runId, begin)).to.deep.equal(E.left(notAttempted));
    expect(await paymentRuns.beginAttempt(other.id, invoice!.id, randomIds.uuid(), begin)).to.deep.equal(
      E.left(missing),
    );
    const completed = await paymentRuns.settle(
      store.id,
      invoice!.id,
      begun.right.id,
      (i, p) => completedAttempt(i, p, { status: 'pending' }, DEFAULT_RETRY_POLICY, now),
      keep,
    );
    if (E.isLeft(completed)) throw new Error('not completed');
    // Waiting for its settlement: no run begins another attempt, nor resumes this one.
    expect((await paymentRuns.paymentBatch(store.id, randomIds.uuid(), undefined, 10)).items).to.deep.equal([]);
    expect(await paymentRuns.beginAttempt(store.id, invoice!.id, randomIds.uuid(), begin)).to.deep.equal(
      E.left(notAttempted),
    );
    const pending = completed.right.payment;
    expect(await invoiceReads.findPayment(store.id, invoice!.id, pending.id)).to.deep.equal(pending);
    expect(await invoiceReads.findPayment(other.id, invoice!.id, pending.id)).to.equal(undefined);
    expect(await paymentRuns.attemptsBy(store.id, runId)).to.deep.equal([
      { status: 'pending', currency: 'USD', includesTax: false, count: 1, amount: 1000 },
    ]);

    const settle = () =>
      paymentRuns.settle(
        store.id,
        invoice!.id,
        pending.id,
        (i, p) => settled(i, p, { success: true, external_payment_id: 'x1' }, DEFAULT_RETRY_POLICY, now),
        keep,
      );
    const [first, second] = await Promise.all([settle(), settle()]);
    expect([first, second].filter(E.isRight)).to.have.length(1);
    expect([first, second].filter(E.isLeft).map((r) => E.isLeft(r) && r.left._tag)).to.deep.equal(['Conflict']);
    expect(await invoiceReads.findById(store.id, invoice!.id)).to.deep.include({
      outstanding: false,
      manualPaymentPending: false,
    });
    const listed = await invoiceReads.listPayments(store.id, invoice!.id, everyRow([], page));
    expect(listed?.items.map((p) => [p.status, p.externalPaymentId])).to.deep.equal([['succeeded', 'x1']]);
    expect(await invoiceReads.listPayments(other.id, invoice!.id, everyRow([], page))).to.equal(undefined);
  });

  it('stores a manual payment settled as failed with the time its attempt was made, and counts the invoice’s last attempt from it', async () => {
    const { billingRuns, paymentRuns, invoiceReads, store, subscribe, draft } = await setup();
    const s = await subscribe({ manualPayments: true });
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [{ ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false }],
      invoicesCreated,
    );
    const runId = randomIds.uuid();
    const now = at('2026-03-03T00:00:00.000Z');
    const attempted = at('2026-03-02T09:30:15.123Z');
    const begun = await paymentRuns.beginAttempt(store.id, invoice!.id, runId, (current) =>
      E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), 'manual', now)),
    );
    if (E.isLeft(begun)) throw new Error('not begun');
    const settle = (change: Parameters<typeof paymentRuns.settle>[3]) =>
      paymentRuns.settle(store.id, invoice!.id, begun.right.id, change, keep);
    await settle((i, p) => completedAttempt(i, p, { status: 'pending' }, DEFAULT_RETRY_POLICY, now));
    const failed = await settle((i, p) =>
      settled(
        i,
        p,
        { success: false, failure_detail: 'Card Failure', payment_taken_at: attempted },
        DEFAULT_RETRY_POLICY,
        now,
      ),
    );
    if (E.isLeft(failed)) throw new Error('not settled');
    expect(await invoiceReads.findPayment(store.id, invoice!.id, begun.right.id)).to.deep.include({
      status: 'failed',
      failureReason: 'Card Failure',
      paymentTakenAt: attempted,
      updatedAt: now,
    });
    expect(await invoiceReads.findById(store.id, invoice!.id)).to.deep.include({
      outstanding: true,
      failedPaymentAttempts: 1,
      lastPaymentAttemptAt: attempted,
    });
  });

  it('an attempt cut short before its completion is never begun again by its run, and is resumed (same payment) by another run', async () => {
    const { billingRuns, paymentRuns, invoiceReads, store, subscribe, draft } = await setup();
    const s = await subscribe();
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [{ ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false }],
      invoicesCreated,
    );
    const now = at('2026-03-03T00:00:00.000Z');
    const [crashed, twin, later] = [randomIds.uuid(), randomIds.uuid(), randomIds.uuid()];
    const begin = (run: typeof crashed) => (current: Invoice) =>
      E.right(pendingPayment(current, { id: run }, randomIds.uuid(), 'card', now));
    const cutShort = await paymentRuns.beginAttempt(store.id, invoice!.id, crashed, begin(crashed));
    if (E.isLeft(cutShort)) throw new Error('not begun');
    expect(await paymentRuns.beginAttempt(store.id, invoice!.id, crashed, begin(crashed))).to.deep.equal(
      E.left(notAttempted),
    );
    expect(await paymentRuns.beginAttempt(store.id, invoice!.id, twin, begin(twin))).to.deep.equal(cutShort);
    expect(
      (await paymentRuns.paymentBatch(store.id, later, undefined, 10)).items.map((c) => c.invoice.id),
    ).to.deep.equal([invoice!.id]);
    expect(await paymentRuns.beginAttempt(store.id, invoice!.id, later, begin(later))).to.deep.equal(cutShort);
    const answer = () =>
      paymentRuns.settle(
        store.id,
        invoice!.id,
        cutShort.right.id,
        (i, p) => completedAttempt(i, p, { status: 'succeeded', externalPaymentId: 'ch_1' }, DEFAULT_RETRY_POLICY, now),
        keep,
      );
    const [a, b] = await Promise.all([answer(), answer()]);
    expect([a, b].filter(E.isRight)).to.have.length(1);
    expect(
      (await invoiceReads.listPayments(store.id, invoice!.id, everyRow([], page)))?.items.map((p) => [
        p.id,
        p.status,
        p.externalPaymentId,
      ]),
    ).to.deep.equal([[cutShort.right.id, 'succeeded', 'ch_1']]);
    expect(await invoiceReads.findById(store.id, invoice!.id)).to.deep.include({ outstanding: false });
  });

  it('the completion that spends the last retry applies the dunning action to the subscription in the same call, once', async () => {
    const { billingRuns, paymentRuns, invoiceReads, subscriptions, store, subscribe, draft } = await setup();
    const s = await subscribe();
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [{ ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false }],
      invoicesCreated,
    );
    const policy = { ...DEFAULT_RETRY_POLICY, limit: 1, action: 'pause' as const };
    const dunned: string[] = [];
    // What the dunning change gives its events: the subscription before and after it, with its snapshot.
    const told: [string, boolean, boolean][] = [];
    const eventsOf = ({ previous, subscription, offering }: UpdatedSubscription) => {
      expect(offering.id).to.equal(s.offeringId);
      told.push([subscription.id, previous.flags.paused, subscription.flags.paused]);
      return [];
    };
    const pause = (subscription: Subscription) => {
      dunned.push(subscription.id);
      return afterRetriesSpent(subscription, 'pause', at('2026-03-05T00:00:00.000Z'), randomIds.uuid());
    };
    for (const day of ['03', '04']) {
      const now = at(`2026-03-${day}T00:00:00.000Z`);
      const run = randomIds.uuid();
      const begun = await paymentRuns.beginAttempt(store.id, invoice!.id, run, (current) =>
        E.right(pendingPayment(current, { id: run }, randomIds.uuid(), 'card', now)),
      );
      if (E.isLeft(begun)) throw new Error('not begun');
      await paymentRuns.settle(
        store.id,
        invoice!.id,
        begun.right.id,
        (i, p) => completedAttempt(i, p, { status: 'failed', failureReason: 'declined' }, policy, now),
        { retriesSpent: pause, paid: () => undefined, eventsOf },
      );
      expect((await subscriptions.findById(store.id, s.id))?.subscription.flags.paused).to.equal(day === '04');
    }
    expect(dunned).to.deep.equal([s.id]);
    expect(told, 'once, with the change it makes').to.deep.equal([[s.id, false, true]]);
    // The pause takes its place in the history, where billing reads pauses from.
    const history = await subscriptions.listStates(store.id, s.id, page);
    expect(history?.items.map((state) => state.action)).to.deep.equal(['pause']);
    expect(await invoiceReads.findById(store.id, invoice!.id)).to.deep.include({
      paymentRetriesLimitReached: true,
      failedPaymentAttempts: 2,
    });
  });

  it('paying an invoice lifts the suspension once no other invoice of the subscription is unpaid past its retries', async () => {
    const { billingRuns, paymentRuns, subscriptions, store, subscribe, draft } = await setup();
    const s = await subscribe({ flags: { canceled: false, paused: false, suspended: true, pending: false } });
    const stored = await billingRuns.insertInvoices(
      store.id,
      [
        { ...draft(s, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'), taxRequired: false },
        { ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false },
      ],
      invoicesCreated,
    );
    const policy = { ...DEFAULT_RETRY_POLICY, limit: 0, action: 'suspend' as const };
    const lift = {
      retriesSpent: () => undefined,
      paid: (subscription: Subscription, othersUnpaid: boolean) =>
        afterInvoicePaid(subscription, othersUnpaid, at('2026-03-10T00:00:00.000Z')),
    };
    expect(await paymentRuns.dunningStanding(store.id, s.id)).to.deep.equal({ spent: false, unpaid: false });
    const attempt = async (invoice: Invoice, status: 'failed' | 'succeeded', day: string) => {
      const now = at(`2026-03-${day}T00:00:00.000Z`);
      const run = randomIds.uuid();
      const begun = await paymentRuns.beginAttempt(store.id, invoice.id, run, (current) =>
        E.right(pendingPayment(current, { id: run }, randomIds.uuid(), 'card', now)),
      );
      if (E.isLeft(begun)) throw new Error('not begun');
      const outcome = status === 'failed' ? { status, failureReason: 'declined' } : { status };
      await paymentRuns.settle(
        store.id,
        invoice.id,
        begun.right.id,
        (i, p) => completedAttempt(i, p, outcome, policy, now),
        lift,
      );
    };
    const suspended = async () => (await subscriptions.findById(store.id, s.id))?.subscription.flags.suspended;
    for (const invoice of stored) await attempt(invoice, 'failed', '02');
    expect(await paymentRuns.dunningStanding(store.id, s.id)).to.deep.equal({ spent: true, unpaid: true });
    // A merchant asks for one more attempt of each: the retries are no longer marked spent.
    await paymentRuns.update(store.id, stored[0]!.id, (i) => E.right({ ...i, paymentRetriesLimitReached: false }));
    await attempt(stored[0]!, 'succeeded', '04');
    expect(await suspended()).to.equal(true);
    await paymentRuns.update(store.id, stored[1]!.id, (i) => E.right({ ...i, paymentRetriesLimitReached: false }));
    await attempt(stored[1]!, 'succeeded', '05');
    expect(await suspended()).to.equal(false);
    expect((await subscriptions.findById(store.id, s.id))?.subscription.billableFrom).to.deep.equal(
      at('2026-03-10T00:00:00.000Z'),
    );
    expect(await paymentRuns.dunningStanding(store.id, s.id)).to.deep.equal({ spent: true, unpaid: false });
    expect(await paymentRuns.dunningStanding(store.id, randomIds.uuid())).to.deep.equal({
      spent: false,
      unpaid: false,
    });
  });

  it('settling races a payment run: the invoice ends paid once, with one payment', async () => {
    const { billingRuns, paymentRuns, invoiceReads, store, subscribe, draft } = await setup();
    const s = await subscribe({ manualPayments: true });
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [{ ...draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), taxRequired: false }],
      invoicesCreated,
    );
    const now = at('2026-03-03T00:00:00.000Z');
    const begin = (run: ReturnType<typeof randomIds.uuid>) => (i: Invoice) =>
      i.outstanding && !i.manualPaymentPending
        ? E.right(pendingPayment(i, { id: run }, randomIds.uuid(), 'manual', now))
        : E.left(notAttempted);
    const firstRun = randomIds.uuid();
    const first = await paymentRuns.beginAttempt(store.id, invoice!.id, firstRun, begin(firstRun));
    if (E.isLeft(first)) throw new Error('not begun');
    await paymentRuns.settle(
      store.id,
      invoice!.id,
      first.right.id,
      (i, p) => completedAttempt(i, p, { status: 'pending' }, DEFAULT_RETRY_POLICY, now),
      keep,
    );
    const secondRun = randomIds.uuid();
    const [settledResult, runResult] = await Promise.all([
      paymentRuns.settle(
        store.id,
        invoice!.id,
        first.right.id,
        (i, p) => settled(i, p, { success: true }, DEFAULT_RETRY_POLICY, now),
        keep,
      ),
      paymentRuns.beginAttempt(store.id, invoice!.id, secondRun, begin(secondRun)),
    ]);
    expect(E.isRight(settledResult)).to.equal(true);
    expect(runResult).to.deep.equal(E.left(notAttempted));
    expect(
      (await invoiceReads.listPayments(store.id, invoice!.id, everyRow([], page)))?.items.map((p) => p.status),
    ).to.deep.equal(['succeeded']);
  });

  it('two billing runs of one store at once invoice each period once, numbered 1..n without gaps', async () => {
    const { container, invoiceReads, store, subscribe } = await setup();
    const subscriptions = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        subscribe({
          timestamps: {
            createdAt: at(`2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`),
            updatedAt: at('2026-01-01T00:00:00.000Z'),
          },
          invoiceAfter: at(`2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`),
        }),
      ),
    );
    const run = container.get(RunBilling);
    const job = (): Job => ({
      id: randomIds.uuid(),
      storeId: store.id,
      jobType: 'billing-run',
      status: 'started',
      createdAt: at('2026-04-01T00:00:00.000Z'),
      updatedAt: at('2026-04-01T00:00:00.000Z'),
    });
    const startedAt = at('2026-04-15T00:00:00.000Z');
    const taxRequired = (ran: Awaited<ReturnType<typeof run.run>>) =>
      E.isRight(ran) ? Number(ran.right['invoices_tax_required']) : Number.NaN;
    // Each subscription has four monthly periods begun by 15 April, and a run invoices one per
    // subscription: two runs at once, four times over, catch every one up, whichever run reads first.
    let reported = 0;
    for (let round = 0; round < 4; round += 1) {
      const ran = await Promise.all([
        run.run({ job: job(), startedAt, heartbeat: async () => {} }),
        run.run({ job: job(), startedAt, heartbeat: async () => {} }),
      ]);
      for (const one of ran) {
        expect(taxRequired(one), 'at most one invoice per subscription per run').to.be.at.most(subscriptions.length);
        reported += taxRequired(one);
      }
    }
    const all = (await invoiceReads.list(store.id, everyRow([], page))).items;
    expect(all).to.have.length(subscriptions.length * 4);
    expect(all.map((i) => i.number).sort((x, y) => x - y)).to.deep.equal(
      Array.from({ length: all.length }, (_, i) => i + 1),
    );
    expect(new Set(all.map((i) => `${i.subscriptionId} ${i.billingPeriod.start.getTime()}`)).size).to.equal(all.length);
    expect(reported).to.equal(all.length);
    expect(taxRequired(await run.run({ job: job(), startedAt, heartbeat: async () => {} })), 'caught up').to.equal(0);
  });

  it('leaves out the drafts of a subscription deleted before the insert, and invoices the others', async () => {
    const { billingRuns, subscriptions, store, subscribe, draft } = await setup();
    const [a, gone, c] = [await subscribe(), await subscribe(), await subscribe()];
    expect(await subscriptions.delete(store.id, gone.id)).to.deep.equal(E.right(undefined));
    const stored = await billingRuns.insertInvoices(
      store.id,
      [a, gone, c].map((s) => draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')),
      invoicesCreated,
    );
    expect(stored.map((i) => [i.subscriptionId, i.number])).to.deep.equal([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect(
      await billingRuns.insertInvoices(
        store.id,
        [draft(gone, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')],
        invoicesCreated,
      ),
    ).to.deep.equal([]);
  });

  it('a billing insert racing the deletion of one of its subscriptions: the others are invoiced, and the deleted one keeps no invoice', async () => {
    const { billingRuns, invoiceReads, subscriptions, store, subscribe, draft } = await setup();
    for (let round = 0; round < 8; round += 1) {
      const batch = await Promise.all(Array.from({ length: 6 }, () => subscribe()));
      const victim = batch[round % batch.length]!;
      const drafts = batch.map((s) => draft(s, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'));
      // Alternate which one starts first, so both orders are taken.
      const [stored, deleted] =
        round % 2 === 0
          ? await Promise.all([
              billingRuns.insertInvoices(store.id, drafts, invoicesCreated),
              subscriptions.delete(store.id, victim.id),
            ])
          : await Promise.all([
              subscriptions.delete(store.id, victim.id),
              billingRuns.insertInvoices(store.id, drafts, invoicesCreated),
            ]).then(([d, s]) => [s, d] as const);
      // No payment was attempted: the delete goes through whichever came first, taking an invoice made before it along.
      expect(E.isRight(deleted)).to.equal(true);
      const others = batch
        .filter((s) => s.id !== victim.id)
        .map((s) => s.id)
        .sort();
      expect(
        stored
          .map((i) => i.subscriptionId)
          .filter((id) => id !== victim.id)
          .sort(),
      ).to.deep.equal(others);
      expect(await subscriptions.findById(store.id, victim.id)).to.equal(undefined);
    }
    const all = (await invoiceReads.list(store.id, everyRow())).items;
    const numbers = all.map((i) => i.number).sort((x, y) => x - y);
    expect(new Set(numbers).size, 'numbers are never reused').to.equal(numbers.length);
    expect(all.length).to.equal(8 * 5);
  });

  it('deletes a subscription whose invoices no payment was attempted on, with them; keeps one with a payment attempt', async () => {
    const { billingRuns, paymentRuns, invoiceReads, subscriptions, store, subscribe, draft } = await setup();
    const unpaid = await subscribe();
    const [invoice] = await billingRuns.insertInvoices(
      store.id,
      [draft(unpaid, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')],
      invoicesCreated,
    );
    expect(await subscriptions.delete(store.id, unpaid.id)).to.deep.equal(E.right(undefined));
    expect(await invoiceReads.findById(store.id, invoice!.id)).to.equal(undefined);

    const attempted = await subscribe();
    const [billed] = await billingRuns.insertInvoices(
      store.id,
      [draft(attempted, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')],
      invoicesCreated,
    );
    const runId = randomIds.uuid();
    const now = new Date('2026-02-01T00:00:00.000Z');
    await paymentRuns.beginAttempt(store.id, billed!.id, runId, (current: Invoice) =>
      E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), 'manual', now)),
    );
    expect(await subscriptions.delete(store.id, attempted.id)).to.deep.equal(E.left({ _tag: 'InUse' }));
    expect(await subscriptions.findById(store.id, attempted.id)).not.to.equal(undefined);
    expect(await invoiceReads.findById(store.id, billed!.id)).not.to.equal(undefined);
  });
});
