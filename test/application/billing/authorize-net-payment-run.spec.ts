import { expect } from 'chai';
import { AuthorizeNetGateway } from '../../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import { ConfiguredPaymentGateways } from '../../../src/adapters/payments/configured-payment-gateways.js';
import { TOKENS } from '../../../src/application/tokens.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import { majorUnitsText } from '../../../src/domain/shared/money.js';
import type { Subscription } from '../../../src/domain/subscriptions/subscription.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { FakeAuthorizeNet } from '../../support/fake-authorize-net.js';
import { everyRow } from '../../support/list-queries.js';
import { aPayingStore } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 100 } as never;
const MERCHANT = { login: '9aRunLogin', transactionKey: '7xR3unTransKey44' };

forEachBackend('Payment runs through Authorize.Net', (_backend, persistence) => {
  const anet = new FakeAuthorizeNet([MERCHANT]);
  before(() => anet.start());
  after(() => anet.stop());

  /** A store whose dunning rule suspends after the first failure, with one subscription paying through each payment profile. */
  const setup = async (profiles: readonly string[]) => {
    const ports = portsOf(persistence());
    const clock = new TestClock(at('2026-03-02T00:00:00.000Z'));
    ports.container.rebind(TOKENS.Clock).toConstantValue(clock);
    const { store, subscribed } = await aPayingStore(ports, { limit: 0, action: 'suspend' });
    ports.container
      .rebind(TOKENS.PaymentGateways)
      .toConstantValue(
        new ConfiguredPaymentGateways([
          new AuthorizeNetGateway(
            async (storeId) => (storeId === store.id ? { ...MERCHANT, test: true } : undefined),
            anet.settings(1_000),
          ),
        ]),
      );
    const payers: { profile: string; subscription: Subscription; invoice: Invoice }[] = [];
    for (const profile of profiles)
      payers.push({
        profile,
        ...(await subscribed({
          paymentAuthority: { type: 'authorize_net', customer_profile_id: `9${profile}`, payment_profile_id: profile },
        })),
      });
    const pay = (job = aJob(store.id, 'payment-run', clock.now())) => runJob(ports.container, job, clock.now());
    const paymentsOf = async (invoice: Invoice) =>
      (await ports.invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    const chargesOf = (invoice: Invoice) =>
      anet.charges.filter((c) => c.description?.startsWith(`Invoice ${invoice.id},`) === true);
    return { ...ports, clock, store, payers, pay, paymentsOf, chargesOf };
  };

  it('charges each due invoice once, records what Authorize.Net answered, and takes a declined one through dunning', async () => {
    const { invoiceReads, subscriptions, store, payers, pay, paymentsOf, chargesOf, clock } = await setup([
      '7001',
      '7002',
      '7003',
    ]);
    const [paid, declined, held] = payers;
    anet.script('7002', { kind: 'decline' });
    anet.script('7003', { kind: 'held_for_review' });
    const job = aJob(store.id, 'payment-run', clock.now());
    const { report } = await pay(job);
    expect(report).to.deep.include({ total_payment_attempts: 3, failed_payments: 1 });
    const [taken] = await paymentsOf(paid!.invoice);
    expect(taken).to.deep.include({ gateway: 'authorize_net', status: 'succeeded' });
    expect(chargesOf(paid!.invoice).map((c) => [c.transId, c.invoiceNumber, c.amount])).to.deep.equal([
      [
        taken?.externalPaymentId,
        taken?.id.replaceAll('-', '').slice(-20),
        majorUnitsText(taken?.amount ?? 0, taken?.currency ?? ''),
      ],
    ]);
    expect(await invoiceReads.findById(store.id, paid!.invoice.id)).to.deep.include({ outstanding: false });
    const [refused] = await paymentsOf(declined!.invoice);
    expect(refused).to.deep.include({ status: 'failed' });
    expect(refused?.failureReason).to.match(/^the card was declined \(2\): This transaction has been declined\./);
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
    // Held for review: taken, waiting on the merchant's fraud filters.
    expect((await paymentsOf(held!.invoice)).map((p) => p.status)).to.deep.equal(['pending']);
    // The same job again, and a later run: nothing is charged twice.
    await pay(job);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    expect(payers.map((p) => chargesOf(p.invoice).length)).to.deep.equal([1, 0, 1]);
  });

  it('an answer lost after the charge leaves the payment pending and the invoice due; the next run finds the charge and records it', async () => {
    const { invoiceReads, store, payers, pay, paymentsOf, chargesOf, clock } = await setup(['7100']);
    const [lost] = payers;
    anet.script('7100', { kind: 'lose_answer' });
    await pay();
    const [pending] = await paymentsOf(lost!.invoice);
    expect(pending).to.deep.include({ status: 'pending', gateway: 'authorize_net' });
    expect(await invoiceReads.findById(store.id, lost!.invoice.id)).to.deep.include({
      outstanding: true,
      manualPaymentPending: false,
      failedPaymentAttempts: 0,
    });
    expect(chargesOf(lost!.invoice)).to.have.length(1);
    anet.script('7100', undefined);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    const payments = await paymentsOf(lost!.invoice);
    const charges = chargesOf(lost!.invoice);
    expect(payments.map((p) => [p.id, p.status, p.externalPaymentId])).to.deep.equal([
      [pending?.id, 'succeeded', charges[0]?.transId],
    ]);
    expect(charges).to.have.length(1);
    expect(await invoiceReads.findById(store.id, lost!.invoice.id)).to.deep.include({ outstanding: false });
  });
});
