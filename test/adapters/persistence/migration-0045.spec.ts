import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { forEachBackend } from '../../support/backends.js';
import { everyRow } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';
import { aStoreWithAnOffering } from '../../support/store-with-offering.js';
import { aSubscription } from '../../support/subscription-builders.js';

forEachBackend(
  'migration 0045, the subscriptions’ documents',
  (backend, persistence) => {
    it('keeps the subscriptions on the way down and back up, listed from their rows until their documents are made', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const { store, offering, versionId } = await aStoreWithAnOffering(ports);
      const subscription = aSubscription(offering, versionId);
      await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
      const before = await ports.subscriptions.listDocuments(store.id, everyRow());

      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0044-pending-refunds-of-store')).error).to.equal(undefined);
      const down = await db.selectFrom('subscriptions').selectAll().execute();
      expect(down.map((row) => row.id)).to.deep.equal([subscription.id]);
      expect(down[0]).not.to.have.property('document');
      await migrateToLatest(db, flavor);
      if (flavor === 'postgres') {
        // Compressed with lz4 where the server has it (PostgreSQL as Debian builds it; not PGlite).
        const { rows } = await sql<{ method: string; lz4: boolean }>`select
          (select attcompression from pg_attribute where attrelid = 'subscriptions'::regclass and attname = 'document') as method,
          (select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression') as lz4`.execute(db);
        expect(rows[0]?.method).to.equal(rows[0]?.lz4 === true ? 'l' : '');
      }
      const up = await db.selectFrom('subscriptions').select('document').execute();
      expect(up.map((row) => row.document)).to.deep.equal([null]);
      expect(await ports.subscriptions.listDocuments(store.id, everyRow())).to.deep.equal(before);
      expect((await ports.subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(subscription);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
