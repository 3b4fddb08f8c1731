import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { ConfiguredPaymentGateways } from '../../../src/adapters/payments/configured-payment-gateways.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { PaymentGateway } from '../../../src/application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { GatewayRefunds } from '../../../src/application/use-cases/billing/gateway-refunds.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import { refunded } from '../../../src/domain/billing/payments/refund.js';
import { everyRow } from '../../support/list-queries.js';
import { aPayingStore, aTakenPayment } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';

const GATEWAY = 'authorize_net';
const page = { offset: 0, limit: 1000 } as never;

describe("A store's sweep of pending refunds", () => {
  it('asks for every pending refund of every payment, batch after batch, and renews the lease after each', async () => {
    const ports = portsOf({ kind: 'memory' });
    const asked: string[] = [];
    const gateway: PaymentGateway = {
      name: GATEWAY,
      charge: async () => ({ status: 'failed', failureReason: 'not charged here' }),
      // Every third refund is refused; the others are given back.
      refund: async (_payment, refund) => {
        asked.push(refund.id);
        return asked.length % 3 === 0
          ? { status: 'refused', reason: 'declined' }
          : { status: 'succeeded', externalRefundId: `ref-${asked.length}` };
      },
    };
    ports.container.rebind(TOKENS.PaymentGateways).toConstantValue(new ConfiguredPaymentGateways([gateway]));
    const { store, subscribed } = await aPayingStore(ports);
    const now = new Date('2026-03-03T00:00:00.000Z');
    const payments: InvoicePayment[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { invoice } = await subscribed({ manualPayments: true });
      payments.push(await aTakenPayment(ports, store.id, invoice.id, now));
    }
    const ids: string[] = [];
    for (let i = 0; i < 130; i += 1) {
      const payment = payments[i % 2]!;
      const made = await ports.paymentRefunds.refund(
        store.id,
        payment.invoiceId,
        payment.id,
        (current) =>
          refunded({ ...current, gateway: GATEWAY }, { amount: 1, reason: 'r' }, randomIds.uuid(), now, true),
        () => [],
      );
      if (E.isLeft(made)) throw new Error('not stored');
      ids.push(made.right.refund.id);
    }

    let heartbeats = 0;
    await ports.container.get(GatewayRefunds).resumePendingOfStore(store.id, async () => {
      heartbeats += 1;
    });
    expect(asked, 'each once, in id order').to.deep.equal([...ids].sort());
    expect(heartbeats, 'one batch of 100, one of 30').to.equal(2);
    expect((await ports.paymentRefunds.pendingRefundsOfStore(store.id, undefined, 1000)).items).to.deep.equal([]);
    const kept = [];
    for (const payment of payments) {
      const listed = await ports.paymentRefunds.listRefunds(
        store.id,
        payment.invoiceId,
        payment.id,
        everyRow([], page),
      );
      kept.push(...(listed?.items ?? []));
      const stored = await ports.invoiceReads.findPayment(store.id, payment.invoiceId, payment.id);
      expect(stored?.amountRefunded, 'what the given refunds hold, no more').to.equal(listed?.items.length);
    }
    expect(kept.map((r) => r.status)).to.deep.equal(Array(130 - 43).fill('succeeded'));
    heartbeats = 0;
    await ports.container.get(GatewayRefunds).resumePendingOfStore(store.id, async () => {
      heartbeats += 1;
    });
    expect([asked.length, heartbeats], 'nothing left to ask').to.deep.equal([130, 0]);
  });
});
