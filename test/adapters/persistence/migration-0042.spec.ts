import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { Migrator } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { refunded } from '../../../src/domain/billing/payments/refund.js';
import { forEachBackend } from '../../support/backends.js';
import { aStoreWithATakenPayment } from '../../support/payment-runs.js';
import { portsOf } from '../../support/ports.js';

forEachBackend(
  'migration 0042, the status of refunds',
  (backend, persistence) => {
    it('keeps the refunds on the way down and back up, each made before then succeeded', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const { store, invoice, payment, now } = await aStoreWithATakenPayment(ports);
      const made = await ports.paymentRefunds.refund(
        store.id,
        invoice.id,
        payment.id,
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
      const refund = await ports.paymentRefunds.findRefund(store.id, invoice.id, payment.id, made.right.refund.id);
      expect(refund).to.deep.equal(made.right.refund);
      expect(refund?.status).to.equal('succeeded');
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
