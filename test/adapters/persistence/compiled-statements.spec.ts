import { expect } from 'chai';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Tables } from '../../../src/adapters/persistence/kysely/engine/schema.js';
import { CompiledStatements, type Slot } from '../../../src/adapters/persistence/kysely/sql/compiled-statements.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';

interface StoresInput {
  readonly ids: readonly string[];
  readonly limit: number;
  readonly newestFirst: boolean;
}

const bind = (input: StoresInput, slot: Slot): StoresInput => ({
  ids: input.ids.map(slot),
  limit: slot(input.limit),
  newestFirst: input.newestFirst,
});

/** A statement with an `in` list, a bound limit, a constant and a shape-only choice. */
const storesStatement = (db: Kysely<Tables>, input: StoresInput) =>
  db
    .selectFrom('stores')
    .select('id')
    .where('id', 'in', [...input.ids])
    .where('subscription_count', '<', 1_000_000)
    .orderBy('id', input.newestFirst ? 'desc' : 'asc')
    .limit(input.limit);

const passThrough: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

forEachBackend(
  'Statements compiled once per shape',
  (_backend, persistence) => {
    const setup = async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('a database backend is needed');
      const { stores } = portsOf(p);
      const made = [aStore(), aStore(), aStore()];
      for (const store of made) await stores.create(storeRecords(store));
      const sorted = made.map((s): string => s.id).sort();
      const ids = [sorted[0] ?? '', sorted[1] ?? '', sorted[2] ?? ''] as const;
      let builds = 0;
      const statements = new CompiledStatements(bind, (db: Kysely<Tables>, input: StoresInput) => {
        builds += 1;
        return storesStatement(db, input);
      });
      const run = async (input: StoresInput, db: Kysely<Tables> = p.handle.db) =>
        (await statements.execute(db, input)).map((row) => row.id);
      return { ids, run, builds: () => builds, db: p.handle.db };
    };

    it('builds a shape once and binds each request its own values', async () => {
      const { ids, run, builds } = await setup();
      const [a, b, c] = ids;
      expect(await run({ ids: [a, b], limit: 5, newestFirst: false })).to.deep.equal([a, b]);
      expect(await run({ ids: [b, c], limit: 1, newestFirst: false })).to.deep.equal([b]);
      expect(await run({ ids: [c, a], limit: 5, newestFirst: false })).to.deep.equal([a, c]);
      expect(builds()).to.equal(1);
    });

    it('builds again for another shape: another number of values, or another choice', async () => {
      const { ids, run, builds } = await setup();
      const [a, b, c] = ids;
      expect(await run({ ids: [a, b], limit: 5, newestFirst: false })).to.deep.equal([a, b]);
      expect(await run({ ids: [a, b, c], limit: 5, newestFirst: false })).to.deep.equal([a, b, c]);
      expect(await run({ ids: [a, b], limit: 5, newestFirst: true })).to.deep.equal([b, a]);
      expect(await run({ ids: [c, b, a], limit: 2, newestFirst: false })).to.deep.equal([a, b]);
      expect(builds()).to.equal(3);
    });

    it('builds every statement afresh on a database with plugins, which may rewrite it', async () => {
      const { ids, run, builds, db } = await setup();
      const [a, b] = ids;
      const withPlugin = db.withPlugin(passThrough);
      expect(await run({ ids: [a, b], limit: 5, newestFirst: false }, withPlugin)).to.deep.equal([a, b]);
      expect(await run({ ids: [b, a], limit: 1, newestFirst: true }, withPlugin)).to.deep.equal([b]);
      expect(builds()).to.equal(2);
    });
  },
  { sqlOnly: true },
);
