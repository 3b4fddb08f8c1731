import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { Migrator } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { pendingPayment } from '../../../src/application/use-cases/billing/run-payments.js';
import { DEFAULT_RETRY_POLICY } from '../../../src/domain/billing/dunning/payment-retry.js';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { invoicesCreated } from '../../../src/domain/billing/invoices/invoice-events.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import { completedAttempt } from '../../../src/domain/billing/payments/gateway-attempt.js';
import { refunded } from '../../../src/domain/billing/payments/refund.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

forEachBackend(
  'migration 0042, the status of refunds',
  (backend, persistence) => {
    it('keeps the refunds on the way down and back up, each made before then succeeded', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      const [product, plan] = [aProduct(store.id), aPlan(store.id)];
      await ports.products.insert(product, NO_EVENTS);
      await ports.plans.insert(plan, NO_EVENTS);
      const offering = anOffering(store.id, [product], [plan]);
      await ports.offerings.insert(offering, NO_EVENTS);
      const subscription = aSubscription(offering, await ports.subscriptions.snapshotOffering(offering), {
        manualPayments: true,
      });
      await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
      const now = new Date('2026-03-03T00:00:00.000Z');
      const draft = invoiceDraft(
        subscription,
        offering,
        { start: new Date('2026-02-01T00:00:00.000Z'), end: new Date('2026-03-01T00:00:00.000Z'), trial: false },
        { id: randomIds.uuid(), jobId: randomIds.uuid(), now },
      );
      if (E.isLeft(draft)) throw new Error(draft.left);
      const [invoice] = await ports.billingRuns.insertInvoices(
        store.id,
        [{ ...draft.right, taxRequired: false }],
        invoicesCreated,
      );
      const runId = randomIds.uuid();
      const begun = await ports.paymentRuns.beginAttempt(store.id, invoice!.id, runId, (current) =>
        E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), 'manual', now)),
      );
      if (E.isLeft(begun)) throw new Error('not begun');
      const keep = { retriesSpent: () => undefined, paid: () => undefined };
      await ports.paymentRuns.settle(
        store.id,
        invoice!.id,
        begun.right.id,
        (i, pay) => completedAttempt(i, pay, { status: 'succeeded' }, DEFAULT_RETRY_POLICY, now),
        keep,
      );
      const made = await ports.paymentRefunds.refund(
        store.id,
        invoice!.id,
        begun.right.id,
        (payment) => refunded(payment, { amount: 400, reason: 'before the way down' }, randomIds.uuid(), now),
        () => [],
      );
      expect(E.isRight(made)).to.equal(true);

      if (E.isLeft(made)) throw new Error('not refunded');
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0041-gateway-settings')).error).to.equal(undefined);
      const kept = await db.selectFrom('subscription_invoice_payment_refunds').selectAll().execute();
      expect(kept.map((row) => row.id)).to.deep.equal([made.right.refund.id]);
      expect(kept[0]).not.to.have.property('status');
      await migrateToLatest(db, flavor);
      const refund = await ports.paymentRefunds.findRefund(store.id, invoice!.id, begun.right.id, made.right.refund.id);
      expect(refund).to.deep.equal(made.right.refund);
      expect(refund?.status).to.equal('succeeded');
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
