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
  'migration 0044, the index of pending refunds by store',
  (backend, persistence) => {
    it('drops the index on the way down and makes it again on the way up, twice, the pending refunds walked as before', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const { store, invoice, payment, now } = await aStoreWithATakenPayment(ports);
      const made = await ports.paymentRefunds.refund(
        store.id,
        invoice.id,
        payment.id,
        (current) =>
          refunded({ ...current, gateway: 'authorize_net' }, { amount: 400, reason: 'r' }, randomIds.uuid(), now, true),
        () => [],
      );
      if (E.isLeft(made)) throw new Error('not refunded');

      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      // Twice: a second way down finds the store's index the first one made (MariaDB and MySQL).
      for (let round = 0; round < 2; round += 1) {
        expect((await migrator.migrateTo('0042-refund-status')).error).to.equal(undefined);
        await migrateToLatest(db, flavor);
      }
      const walked = await ports.paymentRefunds.pendingRefundsOfStore(store.id, undefined, 10);
      expect(walked.items.map((r) => r.refund.id)).to.deep.equal([made.right.refund.id]);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
