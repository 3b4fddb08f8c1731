import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { forEachBackend } from '../../support/backends.js';

const MIGRATION = '0035-account-member-tokens';

forEachBackend(
  'migration 0035, account member tokens',
  (backend, persistence) => {
    it('makes the token table, drops it on the way down and makes it again', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const names = Object.keys(migrations(flavor)).sort();
      const before = names[names.indexOf(MIGRATION) - 1];
      if (before === undefined) throw new Error(`${MIGRATION} is not listed`);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      const tableExists = () =>
        sql`select count(*) from account_member_tokens`.execute(db).then(
          () => true,
          () => false,
        );
      expect(await tableExists()).to.equal(true);
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      expect(await tableExists(), 'dropped on the way down').to.equal(false);
      await migrateToLatest(db, flavor);
      expect(await tableExists()).to.equal(true);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
