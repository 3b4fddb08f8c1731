import { expect } from 'chai';
import { sql } from 'kysely';
import type { DatabaseTarget } from '../../../src/adapters/config/database-target.js';
import { type DatabaseHandle, openDatabase } from '../../../src/adapters/persistence/kysely/engine/open-database.js';
import { IDEMPOTENCY_LOCK_MS } from '../../../src/domain/idempotency/idempotency.js';
import { freshSchema } from '../../support/backends.js';
import { type FaultProxy, startFaultProxy, throughProxy } from '../../support/fault-proxy.js';
import { productData } from '../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../support/test-api.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: ReadonlyArray<readonly [string, DatabaseTarget['kind'], string | undefined, string]> = [
  ['PostgreSQL', 'postgres', process.env['TEST_POSTGRES_URL'], 'TEST_POSTGRES_URL'],
  ['MariaDB', 'mysql', process.env['TEST_MYSQL_URL'], 'TEST_MYSQL_URL'],
];

interface Answer {
  readonly name: string;
  readonly status: number;
  readonly code?: string;
}

const STATEMENT_TIMEOUT_MS = 400;

/**
 * What a client is told when the database freezes under its writes (a stalled disk, a failover, a
 * paused host), with a proxy that holds every byte between the service and the server: a 5xx means
 * nothing was stored, even once the server wakes up with the statements it held; an unanswered commit
 * says so; and a key given to a request that stored nothing is free for its retry at once.
 */
for (const [name, kind, url, variable] of servers) {
  (url === undefined ? describe.skip : describe)(`writes under a frozen ${name} (${variable})`, function () {
    this.timeout(180_000);
    let admin: DatabaseHandle;
    let proxy: FaultProxy;
    let handle: DatabaseHandle;
    let api: TestApi;

    before(async () => {
      admin = await openDatabase({ kind, url: url! } as DatabaseTarget, { poolSize: 2 });
      await freshSchema(admin);
      const direct = new URL(url!);
      proxy = await startFaultProxy(direct.hostname, Number(direct.port));
      handle = await openDatabase({ kind, url: throughProxy(url!, proxy) } as DatabaseTarget, {
        poolSize: 4,
        timeouts: { statementTimeoutMs: STATEMENT_TIMEOUT_MS, connectTimeoutMs: STATEMENT_TIMEOUT_MS },
        onPoolError: () => {},
      });
      api = await startTestApi({ persistence: { kind: 'database', handle } });
      // A first request takes the token every later one uses, before any fault: one asked for under a fault is refused.
      expect((await api.request('/v2/subscriptions/products')).status).to.equal(200);
    });
    after(async () => {
      await api?.close();
      await proxy?.close();
      await handle?.close();
      await admin?.close();
    });
    afterEach(() => proxy.resume());

    const create = async (productName: string, key?: string): Promise<Answer> => {
      const init = jsonBody({ data: productData({ name: productName }) });
      if (key !== undefined) init.headers = { ...(init.headers as Record<string, string>), 'Idempotency-Key': key };
      const response = await api.request('/v2/subscriptions/products', init);
      const body = (await response.json()) as { errors?: { code: string }[] };
      return {
        name: productName,
        status: response.status,
        ...(body.errors?.[0] === undefined ? {} : { code: body.errors[0].code }),
      };
    };

    const storedNames = async (prefix: string): Promise<Set<string>> => {
      const rows = await sql<{
        attributes: string;
      }>`select attributes from subscription_products where attributes like ${`%${prefix}%`}`.execute(admin.db);
      return new Set(rows.rows.map((r) => (JSON.parse(r.attributes) as { name: string }).name));
    };

    it('stores none of the creates it answered 5xx while the server was frozen, and every one it answered 201', async () => {
      const prefix = `frozen-${Date.now()}-`;
      expect((await create(`${prefix}before`)).status).to.equal(201);
      proxy.pause();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(`${prefix}${i}`)));
      proxy.resume();
      // The server now reads what it held: any statement it still runs must roll back. The pool is free again
      // once those statements have ended, a second on a quiet machine: until then a create may still be a 503,
      // so each is tried until it is created (under a name per try), for at most ten seconds.
      await sleep(1000);
      const recovering: Answer[] = [];
      const createOnce = async (name: string): Promise<Answer> => {
        const deadline = Date.now() + 10_000;
        for (let tried = 0; ; tried += 1) {
          const answer = await create(`${name}-${tried}`);
          if (answer.status === 201 || Date.now() > deadline) return answer;
          recovering.push(answer);
          await sleep(200);
        }
      };
      const after = await Promise.all(Array.from({ length: 4 }, (_, i) => createOnce(`${prefix}after-${i}`)));
      const stored = await storedNames(prefix);

      expect(
        answers.every((a) => a.status === 503 || a.status === 504),
        JSON.stringify(answers),
      ).to.equal(true);
      expect(
        recovering.every((a) => a.status === 503),
        `only 503s while the pool recovers: ${JSON.stringify(recovering)}`,
      ).to.equal(true);
      const notStored = [...answers, ...recovering].filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status === 503).length, 'the frozen server answered nothing').to.be.greaterThan(0);
      expect(
        notStored.filter((a) => stored.has(a.name)).map((a) => a.name),
        'stored although answered 503',
      ).to.deep.equal([]);
      expect(
        after.map((a) => a.status),
        'the service recovers',
      ).to.deep.equal([201, 201, 201, 201]);
      for (const a of [...after, { name: `${prefix}before`, status: 201 }])
        expect(stored.has(a.name), a.name).to.equal(true);
    });

    it('answers 504 outcome_unknown when the commit itself goes unanswered, and a retry with the same key learns that it was stored', async () => {
      const prefix = `unanswered-${Date.now()}-`;
      const key = `key-${prefix}`;
      // The server receives the product's COMMIT and commits; its answer is held.
      proxy.pauseAfter('subscription_products', 'commit');
      const first = await create(`${prefix}0`, key);
      expect(first).to.deep.include({ status: 504, code: 'outcome_unknown' });
      proxy.resume();
      await sleep(200);
      expect(await storedNames(prefix)).to.deep.equal(new Set([`${prefix}0`]));

      const early = await create(`${prefix}0`, key);
      expect(early, 'while the first claim is leased').to.deep.include({
        status: 409,
        code: 'idempotency_key_in_flight',
      });
      await sleep(IDEMPOTENCY_LOCK_MS + 200);
      const retry = await create(`${prefix}0`, key);
      expect(retry).to.deep.include({ status: 409, code: 'idempotency_key_applied' });
      expect(await create(`${prefix}0`, key), 'replayed from now on').to.deep.include({
        status: 409,
        code: 'idempotency_key_applied',
      });
      expect((await storedNames(prefix)).size, 'never created twice').to.equal(1);
    });

    it('frees a key at once when its request stored nothing, so that the retry after the stall succeeds within seconds', async () => {
      const prefix = `released-${Date.now()}-`;
      const key = `key-${prefix}`;
      proxy.pause();
      const first = await create(`${prefix}0`, key);
      expect(first.status).to.equal(503);
      proxy.resume();
      const started = Date.now();
      let retry: Answer = await create(`${prefix}0`, key);
      while (retry.status !== 201 && Date.now() - started < 5000) {
        await sleep(250);
        retry = await create(`${prefix}0`, key);
      }
      expect(retry.status, JSON.stringify(retry)).to.equal(201);
      expect(Date.now() - started, 'within seconds, not a minute').to.be.below(5000);
      expect((await storedNames(prefix)).size).to.equal(1);
    });
  });
}
