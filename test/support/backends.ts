import { type Kysely, sql } from 'kysely';
import type { DatabaseTarget } from '../../src/adapters/config/database-target.js';
import { InMemoryState } from '../../src/adapters/persistence/in-memory/in-memory-state.js';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/kysely/engine/open-database.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../../src/adapters/persistence/kysely/engine/tables.js';
import type { Persistence } from '../../src/container.js';

/** One storage backend a contract suite runs on. `url` is undefined when a server backend is not configured. */
export interface Backend {
  readonly name: string;
  readonly available: boolean;
  /** Fresh, empty storage for one suite. */
  open(): Promise<Persistence>;
  /** Empties the storage between tests. */
  reset(persistence: Persistence): Promise<void>;
  release(persistence: Persistence): Promise<void>;
}

export const dropEverything = async (db: Kysely<any>): Promise<void> => {
  for (const table of [...TABLES_CHILDREN_FIRST, ...MIGRATION_TABLES]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
};

/**
 * Deletes every row, children first, in one round trip on PostgreSQL (a multi-statement text runs as one
 * simple query) and on PGlite (one anonymous block: half the time of 48 statements there, about 22 ms a
 * test), and in one transaction on MariaDB: 40-odd statements each committed alone cost 30-40 ms a
 * test on a server, and every test of a contract suite pays it.
 */
const emptyTables = async (handle: DatabaseHandle): Promise<void> => {
  if (handle.kind === 'postgres') {
    await sql.raw(TABLES_CHILDREN_FIRST.map((table) => `delete from "${table}"`).join('; ')).execute(handle.db);
    return;
  }
  if (handle.kind === 'pglite') {
    await sql
      .raw(`do $$ begin ${TABLES_CHILDREN_FIRST.map((table) => `delete from "${table}";`).join(' ')} end $$`)
      .execute(handle.db);
    return;
  }
  await handle.db.transaction().execute(async (tx) => {
    for (const table of TABLES_CHILDREN_FIRST) await sql`delete from ${sql.table(table)}`.execute(tx);
  });
};

/** Whether exactly this build's migrations have run: no fewer, and none of another build's. */
const atThisBuildsSchema = async (handle: DatabaseHandle): Promise<boolean> => {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLES[0])}`.execute(handle.db);
    const expected = Object.keys(migrations(handle.flavor));
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === expected.length && expected.every((name) => applied.has(name));
  } catch {
    return false;
  }
};

/**
 * This build's schema with no rows. Migrating from nothing costs a second or more a suite on a server, so a
 * database already at this build's schema (the usual case after the first suite) is only emptied; one left
 * part-way by a migration test, or by another build, is dropped and migrated again.
 */
export const freshSchema = async (handle: DatabaseHandle): Promise<void> => {
  if (await atThisBuildsSchema(handle)) return emptyTables(handle);
  await dropEverything(handle.db);
  await migrateToLatest(handle.db, handle.flavor);
};

let sharedPglite: Promise<DatabaseHandle> | undefined;
const openServers: DatabaseHandle[] = [];

/** PGlite costs ~800 MB and seconds to start, so one in-memory instance serves the whole run. */
const pglite = (): Promise<DatabaseHandle> => {
  sharedPglite ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(handle.db, handle.flavor);
    return handle;
  })();
  return sharedPglite;
};

const server = (name: string, target: DatabaseTarget | undefined): Backend => ({
  name,
  available: target !== undefined,
  async open() {
    if (target === undefined) throw new Error(`${name} is not configured`);
    const handle = await openDatabase(target, { poolSize: 12 });
    await freshSchema(handle);
    openServers.push(handle);
    return { kind: 'database', handle };
  },
  reset: async (p) => (p.kind === 'database' ? emptyTables(p.handle) : undefined),
  release: async (p) => {
    if (p.kind !== 'database') return;
    openServers.splice(openServers.indexOf(p.handle), 1);
    await p.handle.close();
  },
});

const postgresUrl = process.env['TEST_POSTGRES_URL'];
/** `TEST_BACKENDS=in-memory` (names, comma-separated) runs the contracts on those backends alone (`npm run test:fast`). */
const chosenBackends = process.env['TEST_BACKENDS']?.split(',').map((name) => name.trim().toLowerCase());
/** Set by the test runner when another process runs the backends left out: they are then not shown as skipped here. */
const othersRunElsewhere = process.env['TEST_BACKENDS_ELSEWHERE'] === '1';
const mysqlUrl = process.env['TEST_MYSQL_URL'];

export const BACKENDS: readonly Backend[] = [
  {
    name: 'in-memory',
    available: true,
    open: async () => ({ kind: 'memory', state: new InMemoryState() }),
    reset: async (p) => {
      if (p.kind !== 'memory' || p.state === undefined) return;
      p.state.clear();
    },
    release: async () => {},
  },
  {
    name: 'PGlite',
    available: true,
    open: async () => {
      const handle = await pglite();
      await emptyTables(handle);
      return { kind: 'database', handle };
    },
    reset: async (p) => (p.kind === 'database' ? emptyTables(p.handle) : undefined),
    release: async () => {},
  },
  server('PostgreSQL', postgresUrl ? { kind: 'postgres', url: postgresUrl } : undefined),
  server('MariaDB', mysqlUrl ? { kind: 'mysql', url: mysqlUrl } : undefined),
];

/** Runs `suite` once per backend; a server backend without a URL shows up as skipped, not as passed. */
export const forEachBackend = (
  title: string,
  suite: (backend: Backend, persistence: () => Persistence) => void,
  options: {
    readonly sqlOnly?: boolean;
    /** The suite's tests build on one another (a store made once, people signed in before): storage is emptied once, when opened. */
    readonly keepBetweenTests?: boolean;
  } = {},
): void => {
  for (const backend of BACKENDS.filter((b) => !options.sqlOnly || b.name !== 'in-memory')) {
    const chosen = chosenBackends === undefined || chosenBackends.includes(backend.name.toLowerCase());
    if (!chosen && othersRunElsewhere) continue;
    const describeOrSkip = backend.available && chosen ? describe : describe.skip;
    // A skipped backend says in its title how to run it.
    const unavailable = !chosen
      ? ` (skipped: TEST_BACKENDS=${process.env['TEST_BACKENDS']} leaves it out)`
      : backend.available
        ? ''
        : ` (skipped: set ${backend.name === 'MariaDB' ? 'TEST_MYSQL_URL' : 'TEST_POSTGRES_URL'} to run it)`;
    describeOrSkip(`${title} [${backend.name}]${unavailable}`, () => {
      let persistence: Persistence | undefined;
      before(async () => {
        persistence = await backend.open();
      });
      beforeEach(async () => {
        if (persistence !== undefined && !options.keepBetweenTests) await backend.reset(persistence);
      });
      after(async () => {
        if (persistence !== undefined) await backend.release(persistence);
      });
      suite(backend, () => {
        if (persistence === undefined) throw new Error('backend not open');
        return persistence;
      });
    });
  }
};

export const closeSharedDatabases = async (): Promise<void> => {
  for (const handle of openServers.splice(0)) await handle.close();
  if (sharedPglite !== undefined) await (await sharedPglite).close();
};
