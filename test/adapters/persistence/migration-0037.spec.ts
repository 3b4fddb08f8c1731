import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';

const MIGRATION = '0037-merchant-realms-and-people';

forEachBackend(
  'migration 0037, merchant realms and people',
  (backend, persistence) => {
    it("makes a store's merchant realm under its mapping's realm id on the way up, and takes it away on the way down", async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const records = storeRecords(aStore());
      await portsOf(p).stores.create(records);
      const names = Object.keys(migrations(flavor)).sort();
      const before = names[names.indexOf(MIGRATION) - 1];
      if (before === undefined) throw new Error(`${MIGRATION} is not listed`);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      const realms = async () =>
        (await sql<{ id: string }>`select id from authentication_realms order by id`.execute(db)).rows.map((r) => r.id);
      const tableExists = (table: string) =>
        sql`select count(*) from ${sql.table(table)}`.execute(db).then(
          () => true,
          () => false,
        );
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      expect(await realms(), 'the account realm alone').to.deep.equal([records.accountRealm.id]);
      expect(await tableExists('merchant_users')).to.equal(false);
      expect(await tableExists('console_sessions')).to.equal(false);
      await migrateToLatest(db, flavor);
      expect(await realms()).to.deep.equal([records.accountRealm.id, records.realmMapping.realmId].sort());
      const kinds = await sql<{
        kind: string;
      }>`select kind from authentication_realms where id = ${records.realmMapping.realmId}`.execute(db);
      expect(kinds.rows.map((r) => r.kind)).to.deep.equal(['merchant']);
      expect(await tableExists('merchant_users')).to.equal(true);
      expect(await tableExists('console_sessions')).to.equal(true);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
