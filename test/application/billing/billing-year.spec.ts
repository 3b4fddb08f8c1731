import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { ListInvoicePayments } from '../../../src/application/use-cases/billing/list-invoice-payments.js';
import { ListInvoices } from '../../../src/application/use-cases/billing/list-invoices.js';
import { SettleInvoicePayment } from '../../../src/application/use-cases/billing/settle-invoice-payment.js';
import { buildContainer } from '../../../src/container.js';
import { stateApplied, subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { billingAnchorOf } from '../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../src/domain/subscriptions/subscription-state.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('Billing over fourteen months (use cases, fake clock)', () => {
  it('bills, taxes, pays, settles and retries every month, each invoice exact', async () => {
    const clock = new TestClock(at('2026-01-01T00:00:00.000Z'));
    const container = buildContainer({ kind: 'memory' });
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const subscriptions = container.get(TOKENS.SubscriptionRepository);
    const invoiceReads = container.get(TOKENS.InvoiceReads);

    const product = aProduct(store.id, { name: 'Beans', price: { USD: { amount: 1000, includes_tax: false } } });
    const monthly = aPlan(store.id, { name: 'Monthly' });
    const trial = aPlan(store.id, { name: 'Trial first', trial_period: 1 });
    const instalments = aPlan(store.id, {
      name: 'Six instalments',
      end_behavior: 'close',
      plan_length: 6,
      fixed_price: { USD: { amount: 5000, includes_tax: true } },
    });
    const offering = anOffering(store.id, [product], [monthly, trial, instalments]);
    const versionId = await subscriptions.snapshotOffering(offering);
    const subscribe = async (planIndex: number, start: string, overrides: Parameters<typeof aSubscription>[2] = {}) => {
      const plan = offering.plans[planIndex]!;
      const createdAt = at(start);
      const subscription = aSubscription(offering, versionId, {
        planId: plan.id,
        timestamps: { createdAt, updatedAt: createdAt },
        billingAnchor: billingAnchorOf(createdAt, plan.attributes),
        invoiceAfter: createdAt,
        ...overrides,
      });
      await subscriptions.insert(subscription, undefined, subscriptionsStored);
      return subscription;
    };
    const endOfJanuary = await subscribe(0, '2026-01-31T09:15:00.000Z', { manualPayments: true });
    const onTrial = await subscribe(1, '2026-02-15T12:00:00.000Z');
    const closing = await subscribe(2, '2026-03-10T00:00:00.000Z', { manualPayments: true });
    const paused = await subscribe(0, '2026-01-05T00:00:00.000Z', { manualPayments: true });

    const all = async (): Promise<Invoice[]> => {
      const found = await container.get(ListInvoices).execute(store.id, queryParams([['page[limit]', '100']]));
      if (E.isLeft(found)) throw new Error('list failed');
      return [...found.right.items];
    };
    const settle = container.get(SettleInvoicePayment);

    for (let month = 0; month < 14; month += 1) {
      const instant = new Date(Date.UTC(2026, 1 + month, 1));
      clock.set(instant);
      if (instant.getTime() === at('2026-05-01T00:00:00.000Z').getTime()) {
        const pause = await subscriptions.applyState(
          store.id,
          paused.id,
          (s, o) =>
            applyStateAction(s, o.plans[0]!.attributes, 'pause', at('2026-04-20T00:00:00.000Z'), randomIds.uuid()),
          stateApplied,
        );
        expect(E.isRight(pause)).to.equal(true);
      }
      if (instant.getTime() === at('2026-07-01T00:00:00.000Z').getTime()) {
        const resume = await subscriptions.applyState(
          store.id,
          paused.id,
          (s, o) =>
            applyStateAction(s, o.plans[0]!.attributes, 'resume', at('2026-06-20T00:00:00.000Z'), randomIds.uuid()),
          stateApplied,
        );
        expect(E.isRight(resume)).to.equal(true);
      }
      const billing = await runJob(container, aJob(store.id, 'billing-run', instant), instant);
      // One invoice per subscription per run (EPCC): resumed on 20 June, the paused subscription is two
      // periods behind on 1 July (5 April, begun before its pause, and 5 June, in which it resumed), and a
      // second run that day catches up the second; then nothing is due.
      const behind = instant.getTime() === at('2026-07-01T00:00:00.000Z').getTime() ? 1 : 0;
      const rerun = await runJob(container, aJob(store.id, 'billing-run', instant), instant);
      expect(rerun.report['invoices_tax_required'], 'a second run the same day catches up what is behind').to.equal(
        behind,
      );
      const third = await runJob(container, aJob(store.id, 'billing-run', instant), instant);
      expect(third.report['invoices_tax_required'], 'then nothing is due').to.equal(0);
      expect(billing.report['invoice_failures']).to.equal(0);
      const needingTax = (await all())
        .filter((i) => i.taxRequired)
        .map((i) => ({ invoice_id: i.id, tax_items: [{ type: 'tax_item' as const, rate: 0.2, name: 'VAT' }] }));
      const taxJob = aJob(store.id, 'tax-run', instant, needingTax);
      const taxed = await runJob(container, taxJob, instant);
      expect(taxed.report).to.deep.equal({ invoices_updated: needingTax.length, invoice_failures: 0 });
      expect(
        (await runJob(container, taxJob, instant)).report,
        'the same tax job again reports the same',
      ).to.deep.equal(taxed.report);
      const paymentJob = aJob(store.id, 'payment-run', instant);
      const paid = await runJob(container, paymentJob, instant);
      expect(
        (await runJob(container, paymentJob, instant)).report,
        'the same payment job again changes nothing',
      ).to.deep.equal(paid.report);
      // Manual payments: the end-of-January subscription pays in even months and bounces in odd ones; the others always pay.
      clock.set(new Date(instant.getTime() + DAY / 2));
      for (const invoice of (await all()).filter((i) => i.manualPaymentPending)) {
        const payments = await container
          .get(ListInvoicePayments)
          .execute(store.id, invoice.id, queryParams([['page[limit]', '100']]));
        if (E.isLeft(payments)) throw new Error('no payments');
        const pending = payments.right.items.find((p) => p.status === 'pending')!;
        const success = invoice.subscriptionId !== endOfJanuary.id || month % 2 === 0;
        const data = {
          type: 'subscription_invoice_payment',
          attributes: success
            ? { success: true, external_payment_id: `cash-${month}` }
            : { success: false, failure_detail: { reason: 'bounced' } },
        };
        expect(E.isRight(await settle.execute(store.id, invoice.id, pending.id, data))).to.equal(true);
      }
    }

    const invoicesOf = async (id: Uuid) =>
      (await all())
        .filter((i) => i.subscriptionId === id)
        .sort((a, b) => a.billingPeriod.start.getTime() - b.billingPeriod.start.getTime());
    const starts = (list: Invoice[]) => list.map((i) => i.billingPeriod.start.toISOString().slice(0, 10));

    const january = await invoicesOf(endOfJanuary.id);
    expect(starts(january)).to.deep.equal([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ]);
    for (const invoice of january) {
      expect(invoice.amount).to.equal(1000);
      expect(invoice.taxItems.map((t) => t.amount)).to.deep.equal([200]);
      expect(invoice.billingPeriod.start.toISOString().slice(10)).to.equal('T09:15:00.000Z');
    }
    // A bounced settlement (odd months) leaves the invoice to the next month's run, whose settlement takes it;
    // the last month bounced, so its invoice waits with one failed attempt.
    expect(january.slice(0, -1).every((i) => !i.outstanding)).to.equal(true);
    expect(january.filter((i) => i.failedPaymentAttempts === 1)).to.have.length(7);
    expect(january[january.length - 1]).to.deep.include({
      outstanding: true,
      failedPaymentAttempts: 1,
      manualPaymentPending: false,
    });

    const trialled = await invoicesOf(onTrial.id);
    expect(trialled[0]).to.deep.include({ amount: 0, outstanding: false, taxRequired: false });
    expect(starts(trialled)).to.deep.equal([
      '2026-02-15',
      ...Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 2 + i, 15)).toISOString().slice(0, 10)),
    ]);
    const firstPaid = trialled[1]!;
    expect(firstPaid).to.deep.include({
      amount: 1000,
      outstanding: true,
      failedPaymentAttempts: 11,
      paymentRetriesLimitReached: true,
    });
    expect(trialled.slice(1).every((i) => i.outstanding && i.failedPaymentAttempts >= 1)).to.equal(true);

    const instalmentInvoices = await invoicesOf(closing.id);
    expect(starts(instalmentInvoices)).to.deep.equal([
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
      '2026-07-10',
      '2026-08-10',
    ]);
    expect(
      instalmentInvoices.every((i) => i.amount === 5000 && i.includesTax && i.taxItems.length === 0 && !i.outstanding),
    ).to.equal(true);

    expect(starts(await invoicesOf(paused.id))).to.deep.equal([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
      // Paused 20 April to 20 June: 5 May to 5 June is skipped, 5 June to 5 July holds the resume and is billed.
      '2026-06-05',
      '2026-07-05',
      '2026-08-05',
      '2026-09-05',
      '2026-10-05',
      '2026-11-05',
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
    ]);

    const numbers = (await all()).map((i) => i.number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers).to.have.length(14 + 13 + 6 + 13);
    expect(await subscriptions.delete(store.id, paused.id)).to.deep.equal(E.left({ _tag: 'InUse' }));
    expect(await invoiceReads.findById(store.id, january[0]!.id)).to.deep.equal(january[0]);
  });
});
