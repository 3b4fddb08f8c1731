import { expect } from 'chai';
import { sql } from 'kysely';
import type { DatabaseTarget } from '../../../src/adapters/config/database-target.js';
import {
  type DatabaseHandle,
  openDatabase,
  pingDatabase,
} from '../../../src/adapters/persistence/kysely/engine/open-database.js';

const postgresUrl = process.env['TEST_POSTGRES_URL'];
const mysqlUrl = process.env['TEST_MYSQL_URL'];

/** Ends every other session of the test user, as a server restart or a network cut would. */
const killOtherSessions = async (admin: DatabaseHandle): Promise<void> => {
  if (admin.flavor === 'postgres') {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()`.execute(
      admin.db,
    );
    return;
  }
  const { rows } = await sql<{
    id: number;
  }>`select id from information_schema.processlist where id <> connection_id() and db = database()`.execute(admin.db);
  for (const { id } of rows) await sql`kill ${sql.raw(String(Number(id)))}`.execute(admin.db);
};

const cases: ReadonlyArray<[string, DatabaseTarget | undefined]> = [
  ['PostgreSQL', postgresUrl ? { kind: 'postgres', url: postgresUrl } : undefined],
  ['MariaDB', mysqlUrl ? { kind: 'mysql', url: mysqlUrl } : undefined],
];

for (const [name, target] of cases) {
  (target ? describe : describe.skip)(`database connections [${name}]`, () => {
    it('survive the server dropping them: errors are reported, not thrown, and health recovers by itself', async () => {
      if (target === undefined) return;
      const poolErrors: Error[] = [];
      const handle = await openDatabase(target, { poolSize: 3, onPoolError: (e) => poolErrors.push(e) });
      const admin = await openDatabase(target, { poolSize: 1 });
      try {
        await Promise.all([pingDatabase(handle.db), pingDatabase(handle.db), pingDatabase(handle.db)]);
        await killOtherSessions(admin);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const pings: boolean[] = [];
        for (let attempt = 0; attempt < 5 && pings.at(-1) !== true; attempt += 1)
          pings.push(await pingDatabase(handle.db));
        expect(poolErrors.length, 'the dropped connections were reported, not thrown').to.be.greaterThan(0);
        expect(pings.at(-1)).to.equal(true);
      } finally {
        await admin.close();
        await handle.close();
      }
    });
  });
}
