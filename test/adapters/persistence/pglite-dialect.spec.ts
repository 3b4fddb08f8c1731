import { PGlite } from '@electric-sql/pglite';
import { expect } from 'chai';
import { CompiledQuery, Kysely } from 'kysely';
import { PgliteDialect } from '../../../src/adapters/persistence/kysely/engine/pglite-dialect.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the PGlite dialect: one session, leased to one holder at a time', () => {
  let pglite: PGlite;
  beforeEach(async () => {
    pglite = await PGlite.create();
  });
  afterEach(async () => pglite.close());

  it('keeps the next holder waiting until the current one releases, and ignores a second release of a spent lease', async () => {
    const dialect = new PgliteDialect(pglite);
    const driver = dialect.createDriver();
    await driver.init();
    const first = await driver.acquireConnection();
    let secondHeld = false;
    const second = driver.acquireConnection().then((lease) => {
      secondHeld = true;
      return lease;
    });
    let thirdHeld = false;
    const third = driver.acquireConnection().then((lease) => {
      thirdHeld = true;
      return lease;
    });
    await settle();
    expect([secondHeld, dialect.usage()]).to.deep.equal([false, { inUse: 1, idle: 0, waiting: 2, max: 1 }]);

    await driver.releaseConnection(first);
    const held = await second;
    await driver.releaseConnection(first);
    await settle();
    expect(thirdHeld, 'a spent lease released again frees nobody').to.equal(false);

    await driver.releaseConnection(held);
    await driver.releaseConnection(await third);
    expect(dialect.usage()).to.deep.equal({ inUse: 0, idle: 1, waiting: 0, max: 1 });
  });

  it('rolls back a transaction its holder left open before the next holder gets the session', async () => {
    const dialect = new PgliteDialect(pglite);
    const driver = dialect.createDriver();
    await driver.init();
    await pglite.exec('create table t (n int)');
    const lease = await driver.acquireConnection();
    await driver.beginTransaction(lease, {});
    await lease.executeQuery(CompiledQuery.raw('insert into t values (1)'));
    await driver.releaseConnection(lease);

    const next = await driver.acquireConnection();
    expect(pglite.isInTransaction()).to.equal(false);
    expect((await next.executeQuery(CompiledQuery.raw('select count(*)::int as n from t'))).rows).to.deep.equal([
      { n: 0 },
    ]);
    await driver.releaseConnection(next);
  });

  it('refuses to stream a query, and the session is free again for the next holder', async () => {
    const dialect = new PgliteDialect(pglite);
    const db = new Kysely<{ t: { n: number } }>({ dialect });
    await pglite.exec('create table t (n int)');
    const streamed = async () => {
      for await (const row of db.selectFrom('t').selectAll().stream()) return row;
      return undefined;
    };
    const refusal = await streamed().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).to.be.instanceOf(Error).with.property('message', 'streaming is not supported on PGlite');
    expect(dialect.usage()).to.deep.include({ inUse: 0, waiting: 0 });
  });
});
