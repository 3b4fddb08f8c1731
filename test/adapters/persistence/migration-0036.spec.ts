import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { Migrator } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { DEFAULT_CORS_SETTINGS } from '../../../src/domain/settings/cors-settings.js';
import type { Origin } from '../../../src/domain/settings/origin.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';

forEachBackend(
  'migration 0036, CORS settings',
  (backend, persistence) => {
    it('goes down with the stores’ lists, leaving every store the default on its way back up', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      const narrowed = { allowedOrigins: ['https://shop.example' as Origin] };
      await ports.corsSettings.update(store.id, () => E.right(narrowed));
      expect(await ports.corsSettings.find(store.id)).to.deep.equal(narrowed);

      const names = Object.keys(migrations(flavor)).sort();
      const before = names[names.indexOf('0036-cors-settings') - 1];
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo(before!)).error).to.equal(undefined);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).to.not.include('cors_settings');
      await migrateToLatest(db, flavor);
      // Read through a new container: the service keeps a store's origins for a second, and this is within it.
      expect(await portsOf(p).corsSettings.find(store.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
