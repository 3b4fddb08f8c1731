import { expect } from 'chai';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/migrations/index.js';
import { dropEverything, forEachBackend } from '../../support/backends.js';

forEachBackend('migration 0002 on a database that already has stores', (backend, persistence) => {
  it('gives every existing store one mapping with its own id and realm and no prefix', async () => {
    const p = persistence();
    if (p.kind !== 'database') throw new Error('runs on SQL backends only');
    const { db, flavor } = p.handle;
    await dropEverything(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
    const step = await migrator.migrateTo('0001-stores-and-application-keys');
    expect(step.error).to.equal(undefined);
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    for (const id of ids) {
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${id}, 'old', 100, 25, ${new Date()})`.execute(db);
    }
    await migrateToLatest(db, flavor);
    const rows = await db.selectFrom('merchant_realm_mappings').selectAll().orderBy('store_id').execute();
    expect(rows.map((r) => r.store_id)).to.deep.equal(ids);
    expect(rows.map((r) => r.prefix)).to.deep.equal([null, null]);
    expect(new Set([...rows.map((r) => r.id), ...rows.map((r) => r.realm_id)]).size).to.equal(4);
    await backend.reset(p);
  });
}, { sqlOnly: true });
