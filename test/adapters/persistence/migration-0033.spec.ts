import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { dropEverything, forEachBackend } from '../../support/backends.js';

forEachBackend(
  'migration 0033, accounts, members and memberships',
  (backend, persistence) => {
    it('adds the three tables on a database with stores, whose rows go with their store, and drops them on the way down', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const before = '0032-offering-associations-and-custom-attributes';
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const at = new Date(Date.UTC(2026, 0, 1));
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
        db,
      );
      await migrateToLatest(db, flavor);
      const account = '22222222-2222-4222-8222-222222222222';
      const member = '33333333-3333-4333-8333-333333333333';
      await sql`insert into accounts (id, store_id, name, name_key, ancestor_ids, created_at, updated_at) values (${account}, ${store}, 'Acme', 'k', '[]', ${at}, ${at})`.execute(
        db,
      );
      await sql`insert into account_members (id, store_id, name, name_key, email, email_key, email_identity, created_at, updated_at) values (${member}, ${store}, 'Ron', 'k', 'ron@example.com', 'k', 'k', ${at}, ${at})`.execute(
        db,
      );
      await sql`insert into account_memberships (id, store_id, account_id, account_member_id, created_at, updated_at) values ('44444444-4444-4444-8444-444444444444', ${store}, ${account}, ${member}, ${at}, ${at})`.execute(
        db,
      );
      await sql`delete from stores where id = ${store}`.execute(db);
      for (const table of ['accounts', 'account_members', 'account_memberships'] as const)
        expect(await db.selectFrom(table).selectAll().execute(), table).to.deep.equal([]);
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      const gone = await sql`select * from accounts`.execute(db).then(
        () => false,
        () => true,
      );
      expect(gone, 'the tables are dropped on the way down').to.equal(true);
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
