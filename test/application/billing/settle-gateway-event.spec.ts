import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { GatewayEvent, GatewayEvents } from '../../../src/application/ports/billing/gateway-events.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { pendingPayment } from '../../../src/application/use-cases/billing/run-payments.js';
import { settleAttempt } from '../../../src/application/use-cases/billing/settle-attempt.js';
import { SettleGatewayEvent } from '../../../src/application/use-cases/billing/settle-gateway-event.js';
import { DEFAULT_RETRY_POLICY } from '../../../src/domain/billing/dunning/payment-retry.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import { issues } from '../../../src/domain/shared/errors.js';
import { forEachBackend } from '../../support/backends.js';
import { everyRow } from '../../support/list-queries.js';
import { aPayingStore } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';
import { TestClock } from '../../support/system-fakes.js';

const STRIPE = 'elastic_path_payments_stripe';
type Answered = Extract<GatewayEvent, { _tag: 'PaymentAnswered' }>;
const page = { offset: 0, limit: 100 } as never;

/** A gateway whose every delivery verifies as the event the test hands it, or is refused when it hands none. */
class ScriptedEvents implements GatewayEvents {
  next: GatewayEvent | undefined;
  async verify() {
    return this.next === undefined ? E.left(issues('Signature', 'does not verify')) : E.right(this.next);
  }
}

/** The use case over each backend's ports, the gateway's verification stood in for. */
forEachBackend('SettleGatewayEvent', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const clock = new TestClock(new Date('2026-03-02T00:00:00.000Z'));
    ports.container.rebind(TOKENS.Clock).toConstantValue(clock);
    const events = new ScriptedEvents();
    ports.container.rebind(TOKENS.GatewayEvents).toConstantValue(events);
    const { store, subscribed } = await aPayingStore(ports);
    const { invoice, subscription } = await subscribed();
    /** A payment of the invoice begun on `gateway`, waiting for its answer. */
    const begun = async (gateway = STRIPE): Promise<InvoicePayment> => {
      const runId = randomIds.uuid();
      const payment = await ports.paymentRuns.beginAttempt(store.id, invoice.id, runId, (current) =>
        E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), gateway, clock.now())),
      );
      if (E.isLeft(payment)) throw new Error('the payment was not begun');
      return payment.right;
    };
    const answered = (payment: InvoicePayment, outcome: Answered['outcome']) => {
      events.next = {
        _tag: 'PaymentAnswered',
        gateway: STRIPE,
        payment: { storeId: store.id, invoiceId: invoice.id, paymentId: payment.id },
        outcome,
      };
    };
    const settle = ports.container.get(SettleGatewayEvent);
    const deliver = async () => {
      const handled = await settle.execute(store.id, '{}', 't=1,v1=00');
      if (E.isLeft(handled)) throw new Error(`refused: ${JSON.stringify(handled.left)}`);
      return handled.right;
    };
    const payments = async () =>
      (await ports.invoiceReads.listPayments(store.id, invoice.id, everyRow([], page)))!.items;
    const invoiceNow = async (): Promise<Invoice> => (await ports.invoiceReads.findById(store.id, invoice.id))!;
    return { ports, events, store, invoice, subscription, begun, answered, settle, deliver, payments, invoiceNow };
  };

  it('refuses a delivery that does not verify, and changes nothing', async () => {
    const { begun, settle, store, payments } = await setup();
    await begun();
    const refused = await settle.execute(store.id, '{}', undefined);
    expect(refused).to.deep.equal(
      E.left({ _tag: 'ValidationFailed', issues: [{ source: 'Signature', detail: 'does not verify' }] }),
    );
    expect((await payments()).map((p) => p.status)).to.deep.equal(['pending']);
  });

  it('settles a pending payment with its answer once; a twin delivery is unchanged', async () => {
    const { begun, answered, deliver, payments, invoiceNow } = await setup();
    const payment = await begun();
    answered(payment, { status: 'pending' });
    expect(await deliver()).to.deep.equal({ result: 'unchanged', detail: 'the payment is still processing' });
    answered(payment, { status: 'succeeded', externalPaymentId: 'pi_late' });
    expect(await deliver()).to.deep.equal({ result: 'settled', detail: 'the payment succeeded' });
    const twin = await deliver();
    expect(twin.result).to.equal('unchanged');
    expect(twin.detail).to.match(/not pending/);
    expect((await payments()).map((p) => [p.status, p.externalPaymentId])).to.deep.equal([['succeeded', 'pi_late']]);
    expect(await invoiceNow()).to.deep.include({ outstanding: false });
  });

  it('leaves alone a payment another gateway began, and one of another store', async () => {
    const { begun, answered, deliver, events, payments } = await setup();
    const manual = await begun('manual');
    answered(manual, { status: 'succeeded', externalPaymentId: 'pi_x' });
    expect(await deliver()).to.deep.equal({
      result: 'unchanged',
      detail: `the payment was made through manual, not ${STRIPE}`,
    });
    const next = events.next as Answered;
    events.next = { ...next, payment: { ...next.payment, storeId: randomIds.uuid() } };
    expect((await deliver()).result).to.equal('ignored');
    events.next = { _tag: 'Ignored', why: 'customer.created is not an event this service acts on' };
    expect(await deliver()).to.deep.equal({
      result: 'ignored',
      detail: 'customer.created is not an event this service acts on',
    });
    expect((await payments()).map((p) => p.status)).to.deep.equal(['pending']);
  });

  it('settles once when the run’s own answer and the webhook arrive at the same time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { ports, begun, answered, deliver, payments, store, invoice } = await setup();
      const payment = await begun();
      answered(payment, { status: 'succeeded', externalPaymentId: 'pi_raced' });
      const [run, webhook] = await Promise.all([
        settleAttempt(
          { invoices: ports.paymentRuns, subscriptions: ports.subscriptions, ids: randomIds },
          { storeId: store.id, invoiceId: invoice.id, paymentId: payment.id },
          { status: 'succeeded', externalPaymentId: 'pi_raced' },
          DEFAULT_RETRY_POLICY,
          new Date('2026-03-02T00:00:00.000Z'),
          STRIPE,
        ),
        deliver(),
      ]);
      expect([E.isRight(run), webhook.result === 'settled'].filter(Boolean)).to.have.length(1);
      expect((await payments()).map((p) => p.status)).to.deep.equal(['succeeded']);
    }
  });
});
