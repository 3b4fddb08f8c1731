import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { offeringFromJson } from '../../../src/adapters/persistence/kysely/catalogue/offering-json.js';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { bodyFromJson } from '../../../src/adapters/persistence/kysely/subscriptions/subscription-json.js';
import { OFFERING_LIST } from '../../../src/domain/catalogue/offering-query.js';
import { parseUuid } from '../../../src/domain/shared/uuid.js';
import { dropEverything, forEachBackend } from '../../support/backends.js';
import { listQuery } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';

forEachBackend(
  'migration 0002 on a database that already has stores',
  (backend, persistence) => {
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
        await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${id}, 'old', 100, 25, ${new Date()})`.execute(
          db,
        );
      }
      await migrateToLatest(db, flavor);
      const rows = await db.selectFrom('merchant_realm_mappings').selectAll().orderBy('store_id').execute();
      expect(rows.map((r) => r.store_id)).to.deep.equal(ids);
      expect(rows.map((r) => r.prefix)).to.deep.equal([null, null]);
      expect(new Set([...rows.map((r) => r.id), ...rows.map((r) => r.realm_id)]).size).to.equal(4);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0004 on a database that already has state history',
  (backend, persistence) => {
    it("numbers every subscription's existing states in their former order (time, then id), each history from 1", async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0003-subscriptions')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at(0)})`.execute(
        db,
      );
      await sql`insert into subscription_offering_versions (id, store_id, offering_id, version, snapshot, created_at)
      values ('22222222-2222-4222-8222-222222222222', ${store}, '33333333-3333-4333-8333-333333333333', 1, '{}', ${at(0)})`.execute(
        db,
      );
      const subscriptions = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442'];
      for (const id of subscriptions) {
        await sql`insert into subscriptions (id, store_id, account_id, name, name_key, email, email_key, offering_id, offering_version_id, plan_id, currency, body, created_at)
        values (${id}, ${store}, ${store}, 'n', 'k', 'e', 'k', '33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'p', 'USD', '{}', ${at(0)})`.execute(
          db,
        );
      }
      // Inserted out of order; two share a second and are told apart by id.
      const states: ReadonlyArray<[string, string, number]> = [
        ['55555555-5555-4555-8555-000000000003', subscriptions[0]!, 3],
        ['55555555-5555-4555-8555-000000000001', subscriptions[0]!, 1],
        ['55555555-5555-4555-8555-00000000000b', subscriptions[0]!, 2],
        ['55555555-5555-4555-8555-00000000000a', subscriptions[0]!, 2],
        ['55555555-5555-4555-8555-000000000009', subscriptions[1]!, 7],
      ];
      for (const [id, subscription, second] of states) {
        await sql`insert into subscription_states (id, subscription_id, action, body, created_at) values (${id}, ${subscription}, 'pause', '{}', ${at(second)})`.execute(
          db,
        );
      }
      await migrateToLatest(db, flavor);
      const rows = await db
        .selectFrom('subscription_states')
        .select(['id', 'subscription_id', 'sequence'])
        .orderBy('subscription_id')
        .orderBy('sequence')
        .execute();
      expect(rows.map((r) => [r.id.slice(-2), r.subscription_id.slice(-1), Number(r.sequence)])).to.deep.equal([
        ['01', '1', 1],
        ['0a', '1', 2],
        ['0b', '1', 3],
        ['03', '1', 4],
        ['09', '2', 1],
      ]);
      const duplicate =
        await sql`insert into subscription_states (id, subscription_id, sequence, action, body, created_at)
      values ('66666666-6666-4666-8666-666666666666', ${subscriptions[1]!}, 1, 'pause', '{}', ${at(9)})`
          .execute(db)
          .then(
            () => 'stored',
            () => 'refused',
          );
      expect(duplicate, 'a place in a history is unique').to.equal('refused');
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0009 on a database that already has offerings',
  (backend, persistence) => {
    it('fills in the external reference of every existing product copy, so that the offering filter finds it', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0007-subscribers')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const offering = '22222222-2222-4222-8222-222222222222';
      const at = new Date(Date.UTC(2026, 0, 1));
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
        db,
      );
      await sql`insert into subscription_offerings (id, store_id, attributes, version, created_at, updated_at) values (${offering}, ${store}, ${JSON.stringify({ name: 'Old club' })}, 1, ${at}, ${at})`.execute(
        db,
      );
      const copies = [
        ['33333333-3333-4333-8333-333333333331', 'old-ref'],
        ['33333333-3333-4333-8333-333333333332', undefined],
      ] as const;
      for (const [id, ref] of copies) {
        const attributes = JSON.stringify({ name: 'Old beans', ...(ref === undefined ? {} : { external_ref: ref }) });
        await sql`insert into subscription_products (id, store_id, attributes, created_at, updated_at) values (${id}, ${store}, ${attributes}, ${at}, ${at})`.execute(
          db,
        );
        await sql`insert into subscription_offering_products (id, offering_id, origin_id, position, attributes, created_at, updated_at) values (${id}, ${offering}, ${id}, 0, ${attributes}, ${at}, ${at})`.execute(
          db,
        );
      }
      await migrateToLatest(db, flavor);
      const rows = await db
        .selectFrom('subscription_offering_products')
        .select(['id', 'external_ref', 'external_ref_key'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.external_ref, r.external_ref_key === null])).to.deep.equal([
        ['old-ref', false],
        [null, true],
      ]);
      const storeId = parseUuid(store);
      if (storeId === undefined) throw new Error('not a UUID');
      const page = await portsOf(p).offerings.list(
        storeId,
        listQuery(OFFERING_LIST, { filter: [{ op: 'in', field: 'external_product_refs', values: ['old-ref'] }] }),
      );
      expect(page.items.map((o) => o.id)).to.deep.equal([offering]);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0012 on a database that already has subscriptions',
  (backend, persistence) => {
    it('sets billable_from to the instant it ran on every existing subscription, and leaves later ones without', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0011-subscription-jobs')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const created = new Date(Date.UTC(2024, 0, 1));
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${created})`.execute(
        db,
      );
      await sql`insert into subscription_offering_versions (id, store_id, offering_id, version, snapshot, created_at)
      values ('22222222-2222-4222-8222-222222222222', ${store}, '33333333-3333-4333-8333-333333333333', 1, '{}', ${created})`.execute(
        db,
      );
      const insert = (id: string) =>
        sql`insert into subscriptions (id, store_id, account_id, name, name_key, email, email_key, offering_id, offering_version_id, plan_id, currency, body, created_at)
        values (${id}, ${store}, ${store}, 'n', 'k', 'e', 'k', '33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', 'p', 'USD', '{}', ${created})`.execute(
          db,
        );
      await insert('44444444-4444-4444-8444-444444444441');
      // Stored timestamps keep milliseconds; the bounds are taken to the millisecond too.
      const before = Date.now();
      await migrateToLatest(db, flavor);
      const after = Date.now();
      await insert('44444444-4444-4444-8444-444444444442');
      const rows = await db.selectFrom('subscriptions').select(['id', 'billable_from']).orderBy('id').execute();
      const [existing, later] = rows;
      expect(existing?.billable_from).to.be.instanceOf(Date);
      expect(new Date(existing!.billable_from!).getTime()).to.be.within(before, after);
      expect(later?.billable_from).to.equal(null);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0015 on a database that already has import lines',
  (backend, persistence) => {
    it('gives every existing line the instant it ran, in UTC, as its received time', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0014-schedules')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${new Date(Date.UTC(2024, 0, 1))})`.execute(
        db,
      );
      await sql`insert into subscription_import_lines (import_id, line_number, store_id, status, error) values ('55555555-5555-4555-8555-555555555555', 1, ${store}, 'failed', 'not JSON')`.execute(
        db,
      );
      const before = Date.now();
      await migrateToLatest(db, flavor);
      const after = Date.now();
      const [line] = await db.selectFrom('subscription_import_lines').select(['received_at']).execute();
      expect(new Date(line!.received_at).getTime()).to.be.within(before, after);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0023, the subscriptions without their (store_id, id) index',
  (backend, persistence) => {
    it('drops the index on the way up and makes it again on the way down', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const indexes = async (): Promise<string[]> => {
        const { rows } =
          flavor === 'mysql'
            ? await sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
                where table_schema = database() and table_name = 'subscriptions'`.execute(db)
            : await sql<{
                name: string;
              }>`select indexname as name from pg_indexes where tablename = 'subscriptions'`.execute(db);
        return rows.map((r) => r.name);
      };
      await dropEverything(db);
      await migrateToLatest(db, flavor);
      expect(await indexes())
        .to.include('subscriptions_order')
        .and.not.include('subscriptions_billing_walk');
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0022-integrations')).error).to.equal(undefined);
      expect(await indexes()).to.include('subscriptions_billing_walk');
      await migrateToLatest(db, flavor);
      expect(await indexes()).to.not.include('subscriptions_billing_walk');
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0024 on a database that already has subscriptions and invoices',
  (backend, persistence) => {
    it("gives each subscription its invoice_after: its latest invoiced period's end, else its first period's start; the old body's value is read as the anchor", async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0023-subscriptions-without-billing-walk')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const version = '22222222-2222-4222-8222-222222222222';
      const day = (iso: string) => new Date(`${iso}T09:15:00.000Z`);
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${day('2026-01-01')})`.execute(
        db,
      );
      await sql`insert into subscription_offering_versions (id, store_id, offering_id, version, snapshot, created_at)
      values (${version}, ${store}, '33333333-3333-4333-8333-333333333333', 1, '{}', ${day('2026-01-01')})`.execute(db);
      // Bodies as they were written before 0024: `invoiceAfter` was where paid periods counted from.
      const body = (invoiceAfter: string, goLiveAfter?: string) =>
        JSON.stringify({
          paymentAuthority: { type: 'platform_payments_processor' },
          manualPayments: false,
          flags: { canceled: false, paused: false, suspended: false, pending: goLiveAfter !== undefined },
          timestamps: { updatedAt: day('2026-01-31').toISOString() },
          ...(goLiveAfter === undefined ? {} : { goLiveAfter: day(goLiveAfter).toISOString() }),
          invoiceAfter: day(invoiceAfter).toISOString(),
        });
      const subscriptions: ReadonlyArray<[string, string, string]> = [
        ['44444444-4444-4444-8444-444444444441', '2026-01-31', body('2026-01-31')],
        ['44444444-4444-4444-8444-444444444442', '2026-02-01', body('2026-05-10', '2026-04-10')],
        ['44444444-4444-4444-8444-444444444443', '2026-02-03', body('2026-02-03')],
      ];
      for (const [id, created, text] of subscriptions)
        await sql`insert into subscriptions (id, store_id, account_id, name, name_key, email, email_key, offering_id, offering_version_id, plan_id, currency, body, created_at)
        values (${id}, ${store}, ${store}, 'n', 'k', 'e', 'k', '33333333-3333-4333-8333-333333333333', ${version}, 'p', 'USD', ${text}, ${day(created)})`.execute(
          db,
        );
      const periods: ReadonlyArray<[string, string, number]> = [
        ['2026-01-31', '2026-02-28', 1],
        ['2026-02-28', '2026-03-31', 2],
      ];
      for (const [start, end, number] of periods)
        await db
          .insertInto('subscription_invoices')
          .values({
            id: `55555555-5555-4555-8555-00000000000${number}`,
            store_id: store,
            subscription_id: subscriptions[0]![0],
            subscriber_id: store,
            number,
            billing_period_start: day(start),
            billing_period_end: day(end),
            items: '[]',
            tax_items: '[]',
            currency: 'USD',
            amount: 1000,
            includes_tax: true,
            outstanding: true,
            tax_required: false,
            payment_retries_limit_reached: false,
            manual_payment_pending: false,
            failed_payment_attempts: 0,
            created_at: day(start),
            updated_at: day(start),
          })
          .execute();
      await migrateToLatest(db, flavor);
      const rows = await db.selectFrom('subscriptions').select(['id', 'invoice_after', 'body']).orderBy('id').execute();
      expect(
        rows.map((r) => (r.invoice_after === null ? null : new Date(r.invoice_after).toISOString())),
      ).to.deep.equal(['2026-03-31T09:15:00.000Z', '2026-04-10T09:15:00.000Z', '2026-02-03T09:15:00.000Z']);
      expect(rows.map((r) => bodyFromJson(JSON.parse(r.body)).billingAnchor.toISOString())).to.deep.equal([
        '2026-01-31T09:15:00.000Z',
        '2026-05-10T09:15:00.000Z',
        '2026-02-03T09:15:00.000Z',
      ]);
      // Down again, a body written since gets its anchor back as `invoiceAfter`, as the code before reads it.
      await db
        .updateTable('subscriptions')
        .set({ body: subscriptionBodyWithAnchor(rows[2]!.body) })
        .where('id', '=', rows[2]!.id)
        .execute();
      expect((await migrator.migrateTo('0023-subscriptions-without-billing-walk')).error).to.equal(undefined);
      const [downed] = await db.selectFrom('subscriptions').select('body').where('id', '=', rows[2]!.id).execute();
      expect(JSON.parse(downed!.body)).to.deep.include({ invoiceAfter: '2026-02-03T09:15:00.000Z' });
      expect(JSON.parse(downed!.body)).not.to.have.property('billingAnchor');
      // PGlite is one database for the whole run: the suites after this one need the latest schema.
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

/** A body as the code since 0024 writes it: the anchor under its own name, no `invoiceAfter`. */
const subscriptionBodyWithAnchor = (old: string): string => {
  const { invoiceAfter, ...rest } = JSON.parse(old) as Record<string, unknown>;
  return JSON.stringify({ ...rest, billingAnchor: invoiceAfter });
};

forEachBackend(
  'migration 0026, offering items that have no original',
  (backend, persistence) => {
    it('keeps every existing copy with its original, takes an item without one, and drops only those on the way down', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0025-store-subscriptions-generation')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const offering = '22222222-2222-4222-8222-222222222222';
      const [copied, made] = ['33333333-3333-4333-8333-333333333331', '33333333-3333-4333-8333-333333333332'];
      const at = new Date(Date.UTC(2026, 0, 1));
      const attributes = JSON.stringify({ name: 'Old beans' });
      const item = (id: string, origin: string | null) =>
        sql`insert into subscription_offering_products (id, offering_id, origin_id, position, attributes, created_at, updated_at) values (${id}, ${offering}, ${origin}, 0, ${attributes}, ${at}, ${at})`.execute(
          db,
        );
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
        db,
      );
      await sql`insert into subscription_offerings (id, store_id, attributes, version, created_at, updated_at) values (${offering}, ${store}, ${JSON.stringify({ name: 'Old club' })}, 1, ${at}, ${at})`.execute(
        db,
      );
      await sql`insert into subscription_products (id, store_id, attributes, created_at, updated_at) values (${copied}, ${store}, ${attributes}, ${at}, ${at})`.execute(
        db,
      );
      await item(copied, copied);
      let refused = false;
      await item(made, null).catch(() => {
        refused = true;
      });
      expect(refused, 'an item without an original before 0026').to.equal(true);
      await migrateToLatest(db, flavor);
      await item(made, null);
      const origins = async () =>
        (await db.selectFrom('subscription_offering_products').select(['id', 'origin_id']).orderBy('id').execute()).map(
          (r) => [r.id, r.origin_id],
        );
      expect(await origins()).to.deep.equal([
        [copied, copied],
        [made, null],
      ]);
      expect((await migrator.migrateTo('0025-store-subscriptions-generation')).error).to.equal(undefined);
      expect(await origins()).to.deep.equal([[copied, copied]]);
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0028, the features of offerings',
  (backend, persistence) => {
    it('adds a table of offering features that goes with its offering, reads older snapshots as holding none, and drops on the way down', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0027-features')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const offering = '22222222-2222-4222-8222-222222222222';
      const at = new Date(Date.UTC(2026, 0, 1));
      const old = {
        id: offering,
        storeId: store,
        attributes: { name: 'Old club' },
        version: 1,
        products: [],
        plans: [],
      };
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
        db,
      );
      await sql`insert into subscription_offerings (id, store_id, attributes, version, created_at, updated_at) values (${offering}, ${store}, ${JSON.stringify(old.attributes)}, 1, ${at}, ${at})`.execute(
        db,
      );
      await migrateToLatest(db, flavor);
      const snapshot = { ...old, createdAt: at.toISOString(), updatedAt: at.toISOString() };
      expect(offeringFromJson(snapshot).features, 'a snapshot taken before 0028').to.deep.equal([]);
      const feature = JSON.stringify({ name: 'Seats', configuration: { type: 'access', tag: 'seats' } });
      await sql`insert into subscription_offering_features (id, offering_id, origin_id, position, attributes, created_at, updated_at) values ('33333333-3333-4333-8333-333333333333', ${offering}, ${null}, 0, ${feature}, ${at}, ${at})`.execute(
        db,
      );
      await db.deleteFrom('subscription_offerings').where('id', '=', offering).execute();
      expect(await db.selectFrom('subscription_offering_features').selectAll().execute()).to.deep.equal([]);
      expect((await migrator.migrateTo('0027-features')).error).to.equal(undefined);
      const gone = await sql`select * from subscription_offering_features`.execute(db).then(
        () => false,
        () => true,
      );
      expect(gone, 'the table is dropped on the way down').to.equal(true);
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'migration 0032, offering associations and custom attributes',
  (backend, persistence) => {
    it('reads an offering stored before it as every product under every plan, and goes down and up again', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      await dropEverything(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0027-features')).error).to.equal(undefined);
      const store = '11111111-1111-4111-8111-111111111111';
      const offering = '22222222-2222-4222-8222-222222222222';
      const at = new Date(Date.UTC(2026, 0, 1));
      await sql`insert into stores (id, name, rate_limit, page_length, created_at) values (${store}, 'old', 100, 25, ${at})`.execute(
        db,
      );
      await sql`insert into subscription_offerings (id, store_id, attributes, version, created_at, updated_at) values (${offering}, ${store}, ${JSON.stringify({ name: 'Old club' })}, 1, ${at}, ${at})`.execute(
        db,
      );
      await migrateToLatest(db, flavor);
      const columns = async () =>
        db.selectFrom('subscription_offerings').select(['id', 'pricing_option_associations']).execute();
      expect(await columns()).to.deep.equal([{ id: offering, pricing_option_associations: null }]);
      expect((await migrator.migrateTo('0027-features')).error).to.equal(undefined);
      const kept = await db.selectFrom('subscription_offerings').selectAll().execute();
      expect(kept.map((r) => r.id)).to.deep.equal([offering]);
      expect(kept[0]).not.to.have.property('pricing_option_associations');
      await migrateToLatest(db, flavor);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
