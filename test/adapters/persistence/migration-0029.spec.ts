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
  'migration 0029, refunds of invoice payments',
  (backend, persistence) => {
    it('keeps the payments on the way down and back up, each then having given nothing back', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const { store, invoice, payment: taken, now } = await aStoreWithATakenPayment(ports);
      const made = await ports.paymentRefunds.refund(
        store.id,
        invoice.id,
        taken.id,
        (payment) => refunded(payment, { amount: 400, reason: 'before the way down' }, randomIds.uuid(), now),
        () => [],
      );
      expect(E.isRight(made)).to.equal(true);

      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0027-features')).error).to.equal(undefined);
      const kept = await db.selectFrom('subscription_invoice_payments').selectAll().execute();
      expect(kept.map((row) => row.id)).to.deep.equal([taken.id]);
      expect(kept[0]).not.to.have.property('amount_refunded');
      await migrateToLatest(db, flavor);
      const payment = await ports.invoiceReads.findPayment(store.id, invoice.id, taken.id);
      expect(payment).to.deep.include({ status: 'succeeded', amountRefunded: 0 });
      expect(
        (await db.selectFrom('subscription_invoice_payment_refunds').selectAll().execute()).length,
        'the refunds went with their table',
      ).to.equal(0);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
