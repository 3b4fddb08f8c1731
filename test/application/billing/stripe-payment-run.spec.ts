import { expect } from 'chai';
import { ConfiguredPaymentGateways } from '../../../src/adapters/payments/configured-payment-gateways.js';
import { StripeGateway } from '../../../src/adapters/payments/stripe/stripe-gateway.js';
import { TOKENS } from '../../../src/application/tokens.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import type { Subscription } from '../../../src/domain/subscriptions/subscription.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { FakeStripe } from '../../support/fake-stripe.js';
import { everyRow } from '../../support/list-queries.js';
import { aPayingStore } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 100 } as never;
const SECRET = 'sk_test_51PaymentRunStore';

forEachBackend('Payment runs through Stripe', (_backend, persistence) => {
  const stripe = new FakeStripe([SECRET]);
  before(() => stripe.start());
  after(() => stripe.stop());

  /** A store whose dunning rule suspends after the first failure, with one subscription paying through each of `cards`. */
  const setup = async (cards: readonly string[]) => {
    const ports = portsOf(persistence());
    const clock = new TestClock(at('2026-03-02T00:00:00.000Z'));
    ports.container.rebind(TOKENS.Clock).toConstantValue(clock);
    const { store, subscribed } = await aPayingStore(ports, { limit: 0, action: 'suspend' });
    ports.container
      .rebind(TOKENS.PaymentGateways)
      .toConstantValue(
        new ConfiguredPaymentGateways([
          new StripeGateway(
            async (storeId) => (storeId === store.id ? { secretKey: SECRET } : undefined),
            stripe.settings(1_000),
          ),
        ]),
      );
    const payers: { card: string; subscription: Subscription; invoice: Invoice }[] = [];
    for (const card of cards)
      payers.push({
        card,
        ...(await subscribed({
          paymentAuthority: { type: 'elastic_path_payments_stripe', customer_id: `cus_${card}`, card_id: card },
        })),
      });
    const pay = (job = aJob(store.id, 'payment-run', clock.now())) => runJob(ports.container, job, clock.now());
    const paymentsOf = async (invoice: Invoice) =>
      (await ports.invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    const chargesOf = (invoice: Invoice) => stripe.charges.filter((c) => c.metadata['invoice_id'] === invoice.id);
    return { ...ports, clock, store, payers, pay, paymentsOf, chargesOf };
  };

  it('charges each due invoice once, records what Stripe answered, and takes a declined one through dunning', async () => {
    const { invoiceReads, subscriptions, store, payers, pay, paymentsOf, chargesOf, clock } = await setup([
      'pm_visa',
      'pm_declined',
      'pm_3ds',
    ]);
    const [paid, declined, secure] = payers;
    stripe.script('pm_declined', { kind: 'decline', declineCode: 'insufficient_funds' });
    stripe.script('pm_3ds', { kind: 'authentication_required' });
    const job = aJob(store.id, 'payment-run', clock.now());
    const { report } = await pay(job);
    expect(report).to.deep.include({ total_payment_attempts: 3, failed_payments: 2 });
    const [taken] = await paymentsOf(paid!.invoice);
    expect(taken).to.deep.include({ gateway: 'elastic_path_payments_stripe', status: 'succeeded' });
    expect(chargesOf(paid!.invoice).map((c) => [c.paymentIntent, c.idempotencyKey, c.amount])).to.deep.equal([
      [taken?.externalPaymentId, taken?.id, taken?.amount],
    ]);
    expect(await invoiceReads.findById(store.id, paid!.invoice.id)).to.deep.include({ outstanding: false });
    const [refused] = await paymentsOf(declined!.invoice);
    expect(refused).to.deep.include({
      status: 'failed',
      failureReason: 'the card was declined (insufficient_funds): Your card was declined.',
    });
    expect((await paymentsOf(secure!.invoice))[0]?.failureReason).to.match(/requires the customer to authenticate/);
    expect(chargesOf(declined!.invoice)).to.deep.equal([]);
    // No retries allowed: the first failure spends them, and the rule suspends the subscription.
    expect(await invoiceReads.findById(store.id, declined!.invoice.id)).to.deep.include({
      outstanding: true,
      failedPaymentAttempts: 1,
      paymentRetriesLimitReached: true,
    });
    expect((await subscriptions.findById(store.id, declined!.subscription.id))?.subscription.flags).to.deep.include({
      suspended: true,
    });
    // The same job again, and a later run: nothing is charged twice.
    await pay(job);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    expect(payers.map((p) => chargesOf(p.invoice).length)).to.deep.equal([1, 0, 0]);
  });

  it('an answer lost after the charge leaves the payment pending and the invoice due; the next run resumes it and Stripe’s first charge stands', async () => {
    const { invoiceReads, store, payers, pay, paymentsOf, chargesOf, clock } = await setup(['pm_lost']);
    const [lost] = payers;
    stripe.script('pm_lost', { kind: 'lose_answer' });
    await pay();
    const [pending] = await paymentsOf(lost!.invoice);
    expect(pending).to.deep.include({ status: 'pending', gateway: 'elastic_path_payments_stripe' });
    expect(await invoiceReads.findById(store.id, lost!.invoice.id)).to.deep.include({
      outstanding: true,
      manualPaymentPending: false,
      failedPaymentAttempts: 0,
    });
    expect(chargesOf(lost!.invoice)).to.have.length(1);
    stripe.script('pm_lost', undefined);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    const payments = await paymentsOf(lost!.invoice);
    const charges = chargesOf(lost!.invoice);
    expect(payments.map((p) => [p.id, p.status, p.externalPaymentId])).to.deep.equal([
      [pending?.id, 'succeeded', charges[0]?.paymentIntent],
    ]);
    expect(charges).to.have.length(1);
    expect(await invoiceReads.findById(store.id, lost!.invoice.id)).to.deep.include({ outstanding: false });
  });

  it('a run resuming a payment after Stripe forgot its key (24 hours) finds the PaymentIntent by its payment_id and charges nothing more', async () => {
    const { invoiceReads, store, payers, pay, paymentsOf, chargesOf, clock } = await setup(['pm_forgotten']);
    const [lost] = payers;
    stripe.script('pm_forgotten', { kind: 'lose_answer' });
    await pay();
    const [pending] = await paymentsOf(lost!.invoice);
    stripe.script('pm_forgotten', undefined);
    stripe.forgetKeys();
    clock.set(at('2026-03-04T00:00:00.000Z'));
    await pay();
    const charges = chargesOf(lost!.invoice);
    expect(charges).to.have.length(1);
    expect((await paymentsOf(lost!.invoice)).map((p) => [p.id, p.status, p.externalPaymentId])).to.deep.equal([
      [pending?.id, 'succeeded', charges[0]?.paymentIntent],
    ]);
    expect(await invoiceReads.findById(store.id, lost!.invoice.id)).to.deep.include({ outstanding: false });
  });
});
