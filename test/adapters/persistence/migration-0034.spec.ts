import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { dropEverything, forEachBackend } from '../../support/backends.js';

forEachBackend(
  'migration 0034, account authentication realms',
  (backend, persistence) => {
    it('gives every existing store its account realm, and drops the realms, settings, profiles and credentials on the way down', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const before = '0033-accounts';
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      const stores = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
      const at = new Date(Date.UTC(2026, 0, 1));
      for (const store of stores)
        await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
          db,
        );
      expect((await migrator.migrateTo('0034-account-authentication-realms')).error).to.equal(undefined);
      const realms = await db
        .selectFrom('authentication_realms')
        .select(['store_id', 'name', 'redirect_uris', 'duplicate_email_policy', 'created_at'])
        .orderBy('store_id')
        .execute();
      expect(realms.map((r) => [r.store_id, r.name, r.redirect_uris, r.duplicate_email_policy])).to.deep.equal(
        stores.map((s) => [s, 'Account Management Realm', '[]', 'allowed']),
      );
      expect(realms.map((r) => new Date(r.created_at).getTime())).to.deep.equal([at.getTime(), at.getTime()]);
      expect((await migrator.migrateTo(before)).error).to.equal(undefined);
      for (const table of [
        'authentication_realms',
        'account_authentication_settings',
        'password_profiles',
        'password_profile_infos',
      ]) {
        const gone = await sql`select * from ${sql.table(table)}`.execute(db).then(
          () => false,
          () => true,
        );
        expect(gone, `${table} is dropped on the way down`).to.equal(true);
      }
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
