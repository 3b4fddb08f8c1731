import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { INTEGRATION_TOKENS } from '../../../../../src/application/integration-tokens.js';
import type { Refunded } from '../../../../../src/application/ports/billing/payment-refunds.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import type { InvoicePayment } from '../../../../../src/domain/billing/payments/invoice-payment.js';
import { refunded, refundGiven, refundWithdrawn } from '../../../../../src/domain/billing/payments/refund.js';
import { refundCreated } from '../../../../../src/domain/billing/payments/refund-events.js';
import { DELIVERY_LIST } from '../../../../../src/domain/integrations/integration-query.js';
import type { PageRequest } from '../../../../../src/domain/query/page.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { anIntegration } from '../../../../support/integration-builders.js';
import { everyRow, listQuery } from '../../../../support/list-queries.js';
import { aPayingStore, aTakenPayment } from '../../../../support/payment-runs.js';
import { portsOf } from '../../../../support/ports.js';

const at = (iso: string) => new Date(iso);
const none = () => [];

forEachBackend('Payment refunds store contract', (_backend, persistence) => {
  /** A manual payment of 1000 taken on one invoice, in one store of two. */
  const setup = async () => {
    const ports = portsOf(persistence());
    const { store, subscribed } = await aPayingStore(ports);
    const other = aStore();
    await ports.stores.create(storeRecords(other));
    const { invoice } = await subscribed({ manualPayments: true });
    const now = at('2026-03-03T00:00:00.000Z');
    const payment = await aTakenPayment(ports, store.id, invoice.id, now);
    const refund =
      (amount: number, when = now) =>
      (payment: InvoicePayment) =>
        refunded(payment, { amount, reason: `refund of ${amount}` }, randomIds.uuid(), when);
    return { ...ports, store, other, invoice, payment, refund, subscribed };
  };
  /** A refund of `amount` asked of the payment's gateway: stored pending, holding its amount. */
  const viaGateway = (amount: number) => (current: InvoicePayment) =>
    refunded(
      { ...current, gateway: 'elastic_path_payments_stripe' },
      { amount, reason: 'r' },
      randomIds.uuid(),
      current.updatedAt,
      true,
    );
  const page = { offset: 0, limit: 100 } as PageRequest;

  it('stores each refund with the payment as it leaves it, reads them back whole and oldest first, never from another store, invoice or payment', async () => {
    const { paymentRefunds, invoiceReads, store, other, invoice, payment, refund } = await setup();
    expect(payment.amount).to.equal(1000);
    const first = await paymentRefunds.refund(store.id, invoice.id, payment.id, refund(300), none);
    const second = await paymentRefunds.refund(
      store.id,
      invoice.id,
      payment.id,
      refund(200, at('2026-03-04T00:00:00.000Z')),
      none,
    );
    if (E.isLeft(first) || E.isLeft(second)) throw new Error('not refunded');
    expect(second.right.payment.amountRefunded).to.equal(500);
    expect(await invoiceReads.findPayment(store.id, invoice.id, payment.id)).to.deep.equal(second.right.payment);
    const made = [first.right.refund, second.right.refund];
    for (const r of made)
      expect(await paymentRefunds.findRefund(store.id, invoice.id, payment.id, r.id)).to.deep.equal(r);
    expect(await paymentRefunds.findRefund(other.id, invoice.id, payment.id, made[0]!.id)).to.equal(undefined);
    expect(await paymentRefunds.findRefund(store.id, randomIds.uuid(), payment.id, made[0]!.id)).to.equal(undefined);
    expect(await paymentRefunds.findRefund(store.id, invoice.id, randomIds.uuid(), made[0]!.id)).to.equal(undefined);
    const listed = await paymentRefunds.listRefunds(store.id, invoice.id, payment.id, everyRow([], page));
    expect(listed?.items).to.deep.equal(made);
    expect(listed?.total).to.equal(2);
    expect(await paymentRefunds.listRefunds(other.id, invoice.id, payment.id, everyRow([], page))).to.equal(undefined);
    expect(await paymentRefunds.listRefunds(store.id, invoice.id, randomIds.uuid(), everyRow([], page))).to.equal(
      undefined,
    );
    expect(await invoiceReads.findById(store.id, invoice.id), 'the invoice is left as it was').to.deep.include({
      outstanding: false,
    });
  });

  it('stores nothing when the rule refuses, and is missing for another store or an unknown payment', async () => {
    const { paymentRefunds, invoiceReads, store, other, invoice, payment, refund } = await setup();
    const over = await paymentRefunds.refund(store.id, invoice.id, payment.id, refund(1001), none);
    expect(E.isLeft(over) && over.left).to.deep.include({ _tag: 'Unprocessable', code: 'payment_not_refundable' });
    expect(await paymentRefunds.refund(other.id, invoice.id, payment.id, refund(1), none)).to.deep.equal(
      E.left(missing),
    );
    expect(await paymentRefunds.refund(store.id, invoice.id, randomIds.uuid(), refund(1), none)).to.deep.equal(
      E.left(missing),
    );
    expect((await invoiceReads.findPayment(store.id, invoice.id, payment.id))?.amountRefunded).to.equal(0);
    expect(
      (await paymentRefunds.listRefunds(store.id, invoice.id, payment.id, everyRow([], page)))?.items,
    ).to.deep.equal([]);
  });

  it('refunds at once never give back more than the payment took: each decides from what the one before it left', async () => {
    const { paymentRefunds, invoiceReads, store, invoice, payment, refund } = await setup();
    const results = await Promise.all(
      Array.from({ length: 7 }, () => paymentRefunds.refund(store.id, invoice.id, payment.id, refund(300), none)),
    );
    expect(results.filter(E.isRight), 'three of 300 fit in 1000').to.have.length(3);
    expect((await invoiceReads.findPayment(store.id, invoice.id, payment.id))?.amountRefunded).to.equal(900);
    expect(
      (await paymentRefunds.listRefunds(store.id, invoice.id, payment.id, everyRow([], page)))?.items,
    ).to.have.length(3);
  });

  it('writes the refund event with the refund, where an integration observes it, and none for a refused one', async () => {
    const { container, paymentRefunds, store, invoice, payment, refund } = await setup();
    const integrations = container.get(INTEGRATION_TOKENS.IntegrationRepository);
    const watching = anIntegration(store.id, { observes: ['subscription-invoice-payment-refund.created'] });
    await integrations.insert(watching);
    const eventsOf = ({ refund: made }: Refunded) => [refundCreated(made)];
    const made = await paymentRefunds.refund(store.id, invoice.id, payment.id, refund(100), eventsOf);
    await paymentRefunds.refund(store.id, invoice.id, payment.id, refund(5000), eventsOf);
    if (E.isLeft(made)) throw new Error('not refunded');
    const jobs = (await integrations.listDeliveries(store.id, watching.id, listQuery(DELIVERY_LIST, { limit: 100 })))
      .items;
    expect(jobs.map((j) => j.key)).to.deep.equal(['subscription-invoice-payment-refund.created']);
    const claimed = await container
      .get(INTEGRATION_TOKENS.DeliveryRepository)
      .claimDue(new Date(Date.now() + 1000), 10, 30_000, new Map(), 8);
    expect((claimed[0]!.event.payload as { data: { id: string; type: string } }).data).to.deep.include({
      id: made.right.refund.id,
      type: 'subscription_invoice_payment_refund',
    });
  });

  it("keeps a gateway's refund pending, holding its amount, until its answer is recorded: given, or withdrawn and gone", async () => {
    const { paymentRefunds, invoiceReads, store, other, invoice, payment } = await setup();
    const [kept, dropped] = [
      await paymentRefunds.refund(store.id, invoice.id, payment.id, viaGateway(600), none),
      await paymentRefunds.refund(store.id, invoice.id, payment.id, viaGateway(300), none),
    ];
    if (E.isLeft(kept) || E.isLeft(dropped)) throw new Error('not stored');
    expect((await invoiceReads.findPayment(store.id, invoice.id, payment.id))?.amountRefunded).to.equal(900);
    const over = await paymentRefunds.refund(store.id, invoice.id, payment.id, viaGateway(101), none);
    expect(E.isLeft(over), 'what pending refunds hold is not refundable').to.equal(true);
    const pending = await paymentRefunds.pendingRefunds(store.id, invoice.id, payment.id);
    expect(pending.map((p) => [p.refund.id, p.refund.status, p.payment.id])).to.have.deep.members([
      [kept.right.refund.id, 'pending', payment.id],
      [dropped.right.refund.id, 'pending', payment.id],
    ]);
    expect(await paymentRefunds.pendingRefunds(other.id, invoice.id, payment.id)).to.deep.equal([]);
    const given = await paymentRefunds.settleRefund(
      store.id,
      invoice.id,
      payment.id,
      kept.right.refund.id,
      (current, refund) =>
        E.map((r: Refunded) => ({ ...r, kind: 'given' as const }))(refundGiven(current, refund, 're_1')),
      (done) => [refundCreated(done.refund)],
    );
    expect(E.isRight(given) && given.right.refund).to.deep.include({ status: 'succeeded', externalRefundId: 're_1' });
    expect(await paymentRefunds.findRefund(store.id, invoice.id, payment.id, kept.right.refund.id)).to.deep.include({
      status: 'succeeded',
      externalRefundId: 're_1',
    });
    const withdrawn = await paymentRefunds.settleRefund(
      store.id,
      invoice.id,
      payment.id,
      dropped.right.refund.id,
      (current, refund) =>
        E.map((r: Refunded) => ({ ...r, kind: 'withdrawn' as const }))(
          refundWithdrawn(current, refund, current.updatedAt),
        ),
      none,
    );
    expect(E.isRight(withdrawn)).to.equal(true);
    expect(await paymentRefunds.findRefund(store.id, invoice.id, payment.id, dropped.right.refund.id)).to.equal(
      undefined,
    );
    expect((await invoiceReads.findPayment(store.id, invoice.id, payment.id))?.amountRefunded).to.equal(600);
    expect(await paymentRefunds.pendingRefunds(store.id, invoice.id, payment.id)).to.deep.equal([]);
    const again = await paymentRefunds.settleRefund(
      store.id,
      invoice.id,
      payment.id,
      kept.right.refund.id,
      (current, refund) =>
        E.map((r: Refunded) => ({ ...r, kind: 'given' as const }))(refundGiven(current, refund, 're_2')),
      none,
    );
    expect(E.isLeft(again) && again.left).to.deep.include({ _tag: 'Conflict', code: 'refund_not_pending' });
    const gone = await paymentRefunds.settleRefund(
      store.id,
      invoice.id,
      payment.id,
      dropped.right.refund.id,
      () => {
        throw new Error('not asked for a refund that is no more');
      },
      none,
    );
    expect(gone).to.deep.equal(E.left(missing));
  });

  it("walks the store's pending refunds of every payment in id order, in batches, never another store's nor a settled one", async () => {
    const ports = await setup();
    const { paymentRefunds, store, other, invoice, payment, subscribed } = ports;
    const second = await subscribed({ manualPayments: true });
    const secondPayment = await aTakenPayment(ports, store.id, second.invoice.id, at('2026-03-03T00:00:00.000Z'));
    const stored: Refunded[] = [];
    for (const [on, amount] of [
      [payment, 100],
      [secondPayment, 200],
      [payment, 300],
      [secondPayment, 400],
      [payment, 50],
    ] as const) {
      const made = await paymentRefunds.refund(store.id, on.invoiceId, on.id, viaGateway(amount), none);
      if (E.isLeft(made)) throw new Error('not stored');
      stored.push(made.right);
    }
    const settled = stored[4]!.refund;
    await paymentRefunds.settleRefund(
      store.id,
      invoice.id,
      payment.id,
      settled.id,
      (current, refund) =>
        E.map((r: Refunded) => ({ ...r, kind: 'given' as const }))(refundGiven(current, refund, 're_9')),
      none,
    );
    const pendingIds = stored
      .slice(0, 4)
      .map((r) => r.refund.id)
      .sort();
    const first = await paymentRefunds.pendingRefundsOfStore(store.id, undefined, 3);
    expect(first.items.map((r) => r.refund.id)).to.deep.equal(pendingIds.slice(0, 3));
    expect(first.next).to.equal(pendingIds[2]);
    const rest = await paymentRefunds.pendingRefundsOfStore(store.id, first.next, 3);
    expect(rest.items.map((r) => r.refund.id)).to.deep.equal(pendingIds.slice(3));
    expect(rest.next).to.equal(undefined);
    for (const { payment: with_, refund } of [...first.items, ...rest.items]) {
      expect(refund).to.deep.include({ status: 'pending', storeId: store.id });
      expect(with_.id, 'each with its own payment').to.equal(refund.paymentId);
      expect(with_.amountRefunded, 'as the refunds left it').to.equal(with_.id === payment.id ? 450 : 600);
    }
    expect(await paymentRefunds.pendingRefundsOfStore(other.id, undefined, 10)).to.deep.equal({ items: [] });
  });
});
