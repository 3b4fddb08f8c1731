import { expect } from 'chai';
import { sql } from 'kysely';
import type { DatabaseTarget } from '../../../src/adapters/config/database-target.js';
import {
  DEADLOCK_ATTEMPTS,
  mysqlFault,
  pgliteFault,
  postgresFault,
  retryingDeadlocks,
} from '../../../src/adapters/persistence/kysely/engine/database-faults.js';
import { type DatabaseHandle, openDatabase } from '../../../src/adapters/persistence/kysely/engine/open-database.js';
import {
  type OutageEvent,
  OutageWatch,
  STEADY_MS,
} from '../../../src/adapters/persistence/kysely/engine/outage-watch.js';
import { StorageUnavailable } from '../../../src/application/ports/storage-unavailable.js';
import { freshSchema } from '../../support/backends.js';
import { startTestApi } from '../../support/test-api.js';

const error = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields['message'] ?? 'failed')), fields);

describe('database faults: which driver errors mean the database is out of reach', () => {
  const postgres: ReadonlyArray<[string, Error, boolean]> = [
    ['a refused connection', error({ code: 'ECONNREFUSED' }), true],
    ['a reset connection', error({ code: 'ECONNRESET' }), true],
    ['SQLSTATE 08006, connection failure', error({ code: '08006' }), true],
    ['SQLSTATE 57P01, admin shutdown', error({ code: '57P01' }), true],
    ['SQLSTATE 57P03, starting up', error({ code: '57P03' }), true],
    ['SQLSTATE 57014, statement timeout', error({ code: '57014' }), true],
    ['SQLSTATE 40P01, a deadlock victim', error({ code: '40P01' }), true],
    ['a connection timeout of the pool', error({ message: 'timeout exceeded when trying to connect' }), true],
    ['a connection terminated under a query', error({ message: 'Connection terminated unexpectedly' }), true],
    ['the client-side query timeout', error({ message: 'Query read timeout' }), true],
    ['a unique violation', error({ code: '23505' }), false],
    ['a syntax error', error({ code: '42601' }), false],
    ['a plain bug', new TypeError('x is undefined'), false],
  ];
  for (const [label, e, fault] of postgres) {
    it(`PostgreSQL: ${label} is ${fault ? '' : 'not '}a fault`, () =>
      expect(postgresFault(e) !== undefined).to.equal(fault));
  }

  const mysql: ReadonlyArray<[string, Error, boolean]> = [
    ['a lost connection', error({ code: 'PROTOCOL_CONNECTION_LOST' }), true],
    ['a client-side query timeout', error({ code: 'PROTOCOL_SEQUENCE_TIMEOUT' }), true],
    ['MariaDB max_statement_time, by its number alone', error({ errno: 1969, sqlState: '70100' }), true],
    ['MySQL max_execution_time', error({ errno: 3024 }), true],
    ['a lock wait timeout', error({ errno: 1205 }), true],
    ['a deadlock victim, by its code', error({ code: 'ER_LOCK_DEADLOCK', errno: 1213 }), true],
    ['a deadlock victim, by its number alone', error({ errno: 1213 }), true],
    ['SQLSTATE 08S01, a communication failure', error({ sqlState: '08S01' }), true],
    ['a killed connection', error({ code: 'ER_CONNECTION_KILLED' }), true],
    ['any fatal error', error({ code: 'SOMETHING_NEW', fatal: true }), true],
    ['a refused connection', error({ code: 'ECONNREFUSED' }), true],
    ['a duplicate key', error({ code: 'ER_DUP_ENTRY' }), false],
    ['a plain bug', new RangeError('bad'), false],
  ];
  for (const [label, e, fault] of mysql) {
    it(`MariaDB: ${label} is ${fault ? '' : 'not '}a fault`, () => expect(mysqlFault(e) !== undefined).to.equal(fault));
  }

  it('PGlite: only a closed database is a fault', () => {
    expect(pgliteFault(error({ message: 'PGlite is closed' }))).to.be.a('string');
    expect(pgliteFault(error({ code: '23505' }))).to.equal(undefined);
  });
});

describe('outage watch', () => {
  it('reports the first failure, and the end once calls have succeeded for a second, with the outage and the failed calls', () => {
    const events: OutageEvent[] = [];
    let now = 1000;
    const watch = new OutageWatch(
      (e) => events.push(e),
      () => now,
    );
    watch.success();
    watch.failure('the connection failed (ECONNREFUSED)', 'first');
    now = 1500;
    watch.failure('the connection failed (ECONNREFUSED)', 'second');
    now = 4000;
    watch.success();
    // A stale pooled connection fails once more right after the restart: still the same outage.
    watch.failure('a statement ran past its timeout', 'third');
    now = 4200;
    watch.success();
    now = 4200 + STEADY_MS - 1;
    watch.success();
    expect(
      events.map((e) => e.kind),
      'not yet steady',
    ).to.deep.equal(['down']);
    now = 4200 + STEADY_MS;
    watch.success();
    watch.success();
    expect(events).to.deep.equal([
      { kind: 'down', reason: 'the connection failed (ECONNREFUSED)', error: 'first' },
      { kind: 'up', outageMs: 3200, failedCalls: 3 },
    ]);
  });
});

const servers: ReadonlyArray<[string, DatabaseTarget | undefined]> = [
  [
    'PostgreSQL',
    process.env['TEST_POSTGRES_URL'] ? { kind: 'postgres', url: process.env['TEST_POSTGRES_URL'] } : undefined,
  ],
  ['MariaDB', process.env['TEST_MYSQL_URL'] ? { kind: 'mysql', url: process.env['TEST_MYSQL_URL'] } : undefined],
];

for (const [name, target] of servers) {
  (target === undefined ? describe.skip : describe)(`a frozen database [${name}]`, () => {
    let admin: DatabaseHandle;
    let handle: DatabaseHandle;
    const events: OutageEvent[] = [];

    before(async () => {
      if (target === undefined) return;
      admin = await openDatabase(target, { poolSize: 1 });
      await freshSchema(admin);
      handle = await openDatabase(target, {
        poolSize: 4,
        timeouts: { statementTimeoutMs: 300, connectTimeoutMs: 1000 },
        onOutage: (e) => events.push(e),
      });
    });
    after(async () => {
      await handle?.close();
      await admin?.close();
    });

    it('answers 503 within the statement timeout while a table is locked, then serves again, logging one outage', async () => {
      const api = await startTestApi({ persistence: { kind: 'database', handle } });
      // Taken first, so that what is timed below is the locked read alone.
      const token = await api.token();
      const lock = await admin.db.connection().execute(async (session) => {
        // One session holds the lock; the service's statements wait on it until their timeout.
        if (admin.flavor === 'postgres') {
          await sql`begin`.execute(session);
          await sql`lock table subscription_products in access exclusive mode`.execute(session);
        } else {
          await sql`lock tables subscription_products write`.execute(session);
        }
        try {
          const started = Date.now();
          const frozen = await api.request('/v2/subscriptions/products', { token });
          const waited = Date.now() - started;
          expect(frozen.status).to.equal(503);
          expect(frozen.headers.get('retry-after')).to.equal('2');
          expect(waited, 'answered at about the statement timeout, not hung').to.be.below(3000);
          return frozen;
        } finally {
          await sql.raw(admin.flavor === 'postgres' ? 'rollback' : 'unlock tables').execute(session);
        }
      });
      expect(lock.status).to.equal(503);
      const served = await api.request('/v2/subscriptions/products');
      expect(served.status).to.equal(200);
      // The outage is over once calls have succeeded for a second.
      await new Promise((resolve) => setTimeout(resolve, STEADY_MS + 50));
      expect((await api.request('/v2/subscriptions/products')).status).to.equal(200);
      expect(events.map((e) => e.kind)).to.deep.equal(['down', 'up']);
      expect(api.logs.lines.filter((l) => Number(l['level']) >= 50)).to.deep.equal([]);
      await api.close();
    });

    it('throws StorageUnavailable, not the driver error, for a statement past its timeout', async () => {
      const slow = admin.flavor === 'postgres' ? sql`select pg_sleep(2)` : sql`select sleep(2)`;
      const failure = await slow.execute(handle.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).to.be.instanceOf(StorageUnavailable);
    });
  });
}

describe('a transaction ended as a deadlock victim', () => {
  const victim = (fields: Record<string, unknown>) =>
    new StorageUnavailable('a deadlock chose this transaction as its victim', { cause: error(fields) });

  for (const [label, fields] of [
    ['MariaDB', { code: 'ER_LOCK_DEADLOCK', errno: 1213 }],
    ['PostgreSQL', { code: '40P01' }],
  ] as const) {
    it(`is run again on ${label}, until it commits`, async () => {
      let calls = 0;
      const result = await retryingDeadlocks(async () => {
        calls += 1;
        if (calls < DEADLOCK_ATTEMPTS) throw victim(fields);
        return 'committed';
      });
      expect([result, calls]).to.deep.equal(['committed', DEADLOCK_ATTEMPTS]);
    });
  }

  it('is given up after a bounded number of attempts, with the last error', async () => {
    let calls = 0;
    const last = victim({ errno: 1213 });
    await retryingDeadlocks(async () => {
      calls += 1;
      throw last;
    }).then(
      () => expect.fail('resolved'),
      (e: unknown) => expect(e).to.equal(last),
    );
    expect(calls).to.equal(DEADLOCK_ATTEMPTS);
  });

  it('is the only failure run again', async () => {
    for (const failure of [
      error({ code: '23505' }),
      new StorageUnavailable('the connection was lost', { cause: error({ code: 'ECONNRESET' }) }),
      new TypeError('bug'),
    ]) {
      let calls = 0;
      await retryingDeadlocks(async () => {
        calls += 1;
        throw failure;
      }).catch(() => undefined);
      expect(calls, failure.message).to.equal(1);
    }
  });
});
