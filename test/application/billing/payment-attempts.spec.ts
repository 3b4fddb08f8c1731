import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { MANUAL_PAYMENTS } from '../../../src/adapters/payments/configured-payment-gateways.js';
import type { PaymentGateway } from '../../../src/application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { SettleInvoicePayment } from '../../../src/application/use-cases/billing/settle-invoice-payment.js';
import type { DunningAction } from '../../../src/domain/billing/dunning/payment-retry.js';
import type { GatewayOutcome } from '../../../src/domain/billing/payments/invoice-payment.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { everyRow } from '../../support/list-queries.js';
import { aPayingStore } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 100 } as never;

/** A gateway that records every call and answers what the test says; `crash` throws after the charge, as a process dying would. */
class RecordingGateway implements PaymentGateway {
  readonly name = 'card';
  readonly keys: string[] = [];
  crash = false;
  constructor(private readonly answer: () => GatewayOutcome) {}
  async charge(
    _invoice: unknown,
    _amount: number,
    _subscription: unknown,
    idempotencyKey: string,
  ): Promise<GatewayOutcome> {
    this.keys.push(idempotencyKey);
    if (this.crash) throw new Error('the process died after the charge');
    return this.answer();
  }
}

forEachBackend('Payment attempts', (_backend, persistence) => {
  const setup = async (
    answer: () => GatewayOutcome,
    rule?: { limit: number; action: DunningAction },
    manualPayments = false,
  ) => {
    const ports = portsOf(persistence());
    const clock = new TestClock(at('2026-03-02T00:00:00.000Z'));
    ports.container.rebind(TOKENS.Clock).toConstantValue(clock);
    const gateway = new RecordingGateway(answer);
    if (!manualPayments)
      ports.container
        .rebind(TOKENS.PaymentGateways)
        .toConstantValue({ for: () => gateway, named: (name) => (name === gateway.name ? gateway : undefined) });
    const { store, subscribed } = await aPayingStore(ports, rule);
    const { subscription, invoice } = await subscribed({ manualPayments });
    const pay = (job = aJob(store.id, 'payment-run', clock.now())) => runJob(ports.container, job, clock.now());
    return { ...ports, clock, gateway, store, subscription, invoice, pay };
  };

  it('asks the gateway only once the attempt is stored pending, with the payment id as the idempotency key', async () => {
    const { invoiceReads, gateway, store, invoice, pay } = await setup(() => ({
      status: 'succeeded',
      externalPaymentId: 'ch_1',
    }));
    gateway.crash = true;
    await pay().then(
      () => expect.fail('the crash was swallowed'),
      (error: Error) => expect(error.message).to.equal('the process died after the charge'),
    );
    const [stored] = (await invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    expect(gateway.keys).to.deep.equal([stored!.id]);
    expect(stored).to.deep.include({ status: 'pending', gateway: 'card' });
  });

  it('an attempt cut short is not charged again by a re-run of its job, and a later run completes it under the same key', async () => {
    const { invoiceReads, gateway, store, invoice, clock, pay } = await setup(() => ({
      status: 'succeeded',
      externalPaymentId: 'ch_1',
    }));
    const job = aJob(store.id, 'payment-run', clock.now());
    gateway.crash = true;
    await pay(job).catch(() => undefined);
    gateway.crash = false;
    const rerun = await pay(job);
    expect(gateway.keys).to.have.length(1);
    expect(rerun.report).to.deep.include({ total_payment_attempts: 1 });
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    const payments = (await invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    expect(payments.map((p) => [p.id, p.status, p.externalPaymentId])).to.deep.equal([
      [gateway.keys[0], 'succeeded', 'ch_1'],
    ]);
    expect(new Set(gateway.keys).size).to.equal(1);
    expect(await invoiceReads.findById(store.id, invoice.id)).to.deep.include({ outstanding: false });
    clock.set(at('2026-03-04T00:00:00.000Z'));
    await pay();
    expect(gateway.keys).to.have.length(2);
  });

  it('an attempt cut short goes back to the gateway that began it, under its key, after the subscription switched to manual payments', async () => {
    const { container, subscriptions, invoiceReads, gateway, store, subscription, invoice, clock, pay } = await setup(
      () => ({ status: 'succeeded', externalPaymentId: 'ch_1' }),
    );
    container.rebind(TOKENS.PaymentGateways).toConstantValue({
      for: (s) => (s.manualPayments ? MANUAL_PAYMENTS : gateway),
      named: (name) => (name === gateway.name ? gateway : name === MANUAL_PAYMENTS.name ? MANUAL_PAYMENTS : undefined),
    });
    gateway.crash = true;
    await pay().catch(() => undefined);
    gateway.crash = false;
    const switched = await subscriptions.update(store.id, subscription.id, (s) =>
      E.right({ ...s, manualPayments: true }),
    );
    expect(E.isRight(switched)).to.equal(true);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    const payments = (await invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    expect(payments.map((p) => [p.gateway, p.status])).to.deep.equal([['card', 'succeeded']]);
    expect(gateway.keys).to.deep.equal([payments[0]!.id, payments[0]!.id]);
    expect(await invoiceReads.findById(store.id, invoice.id)).to.deep.include({
      outstanding: false,
      manualPaymentPending: false,
    });
  });

  it('the failed attempt that spends the last retry pauses the subscription as it is recorded', async () => {
    const { subscriptions, invoiceReads, gateway, store, subscription, invoice, clock, pay } = await setup(
      () => ({ status: 'failed', failureReason: 'declined' }),
      { limit: 1, action: 'pause' },
    );
    await pay();
    expect((await subscriptions.findById(store.id, subscription.id))?.subscription.flags.paused).to.equal(false);
    clock.set(at('2026-03-03T00:00:00.000Z'));
    await pay();
    expect((await subscriptions.findById(store.id, subscription.id))?.subscription.flags).to.deep.include({
      paused: true,
    });
    expect(await invoiceReads.findById(store.id, invoice.id)).to.deep.include({
      paymentRetriesLimitReached: true,
      failedPaymentAttempts: 2,
    });
    expect(gateway.keys).to.have.length(2);
  });

  it('a failed manual settlement that spends the last retry suspends the subscription; settling it again is refused the same way, changing nothing', async () => {
    const { container, subscriptions, invoiceReads, store, subscription, invoice, clock, pay } = await setup(
      () => expect.fail('the manual gateway is not a card'),
      { limit: 0, action: 'suspend' },
      true,
    );
    await pay();
    const [pending] = (await invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    clock.set(at('2026-03-03T00:00:00.000Z'));
    const settle = container.get(SettleInvoicePayment);
    const body = {
      type: 'subscription_invoice_payment',
      attributes: { success: false, failure_detail: { reason: 'bounced' } },
    };
    const first = await settle.execute(store.id, invoice.id, pending!.id, body);
    expect(E.isRight(first) && first.right.status).to.equal('failed');
    const suspended = (await subscriptions.findById(store.id, subscription.id))?.subscription;
    expect(suspended?.flags.suspended).to.equal(true);
    for (const again of [body, { ...body, attributes: { success: true } }]) {
      const repeated = await settle.execute(store.id, invoice.id, pending!.id, again);
      expect(E.isLeft(repeated) && repeated.left).to.deep.include({ _tag: 'Conflict', code: 'payment_not_pending' });
    }
    expect((await subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(suspended);
    expect(await invoiceReads.findById(store.id, invoice.id)).to.deep.include({
      paymentRetriesLimitReached: true,
      outstanding: true,
    });
  });
});
