import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../../src/adapters/persistence/kysely/engine/open-database.js';
import type { OutageEvent } from '../../../src/adapters/persistence/kysely/engine/outage-watch.js';
import { freshSchema } from '../../support/backends.js';
import { productData } from '../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../support/test-api.js';

const url = process.env['TEST_FAULT_PG_URL'];
const data = process.env['TEST_FAULT_PG_DATA'];
const bin = process.env['TEST_FAULT_PG_BIN'];

/** `pg_ctl` on the fault cluster, as the postgres user when the tests run as root (PostgreSQL refuses root). */
const pgCtl = (...args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const command = [`${bin}/pg_ctl`, '-D', data!, ...args].map((a) => `'${a}'`).join(' ');
    const child =
      process.getuid?.() === 0
        ? spawn('su', ['postgres', '-s', '/bin/sh', '-c', command])
        : spawn('/bin/sh', ['-c', command]);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} exited ${code}: ${output}`)),
    );
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  readonly name: string;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly id?: string;
  readonly at: number;
}

(url && data && bin ? describe : describe.skip)(
  'PostgreSQL stopped and restarted under write load (TEST_FAULT_PG_URL, _DATA, _BIN)',
  function () {
    this.timeout(180_000);
    let admin: DatabaseHandle;
    let handle: DatabaseHandle;
    let api: TestApi;
    const events: OutageEvent[] = [];

    before(async () => {
      admin = await openDatabase({ kind: 'postgres', url: url! }, { poolSize: 1 });
      await freshSchema(admin);
      await admin.close();
      handle = await openDatabase(
        { kind: 'postgres', url: url! },
        {
          poolSize: 4,
          timeouts: { statementTimeoutMs: 1000, connectTimeoutMs: 1000 },
          onOutage: (e) => events.push(e),
          onPoolError: () => {},
        },
      );
      api = await startTestApi({ persistence: { kind: 'database', handle } });
    });
    after(async () => {
      await api?.close();
      await handle?.close();
    });

    it('answers 503 with Retry-After while it is down, recovers without a restart, and keeps every acknowledged write', async () => {
      const outcomes: Outcome[] = [];
      // The token first: a token asked for once the database is down is refused, and its writes would be 401s.
      const token = await api.token();
      const started = Date.now();
      let stopAt = Number.POSITIVE_INFINITY;
      let sequence = 0;
      const writer = async () => {
        while (Date.now() < stopAt) {
          sequence += 1;
          const name = `Write ${sequence}`;
          const response = await api.request('/v2/subscriptions/products', {
            ...jsonBody({ data: productData({ name }) }),
            token,
          });
          const body = (await response.json()) as { data?: { id: string } };
          outcomes.push({
            name,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            at: Date.now() - started,
            ...(body.data ? { id: body.data.id } : {}),
          });
          await sleep(20);
        }
      };
      const writers = Promise.all([writer(), writer(), writer()]);
      // Writes are under way before the stop: a dozen acknowledged, however slow the machine.
      for (let i = 0; i < 300 && outcomes.filter((o) => o.status === 201).length < 12; i += 1) await sleep(50);
      const downAt = Date.now() - started;
      await pgCtl('-m', 'fast', '-w', 'stop');
      await sleep(2000);
      const upAt = Date.now() - started;
      await pgCtl('-l', join(dirname(data!), 'server.log'), '-w', '-t', '30', 'start');
      // Write on until the service has answered 201 for a while after the restart (the outage ends once calls succeed for a second).
      for (let i = 0; i < 100 && !outcomes.some((o) => o.at > upAt + 2000 && o.status === 201); i += 1)
        await sleep(100);
      stopAt = Date.now();
      await writers;

      // A 504 is a write whose COMMIT the shutdown cut off on its way: whether it was stored is not known.
      const statuses = new Set(outcomes.map((o) => o.status));
      expect(
        [...statuses].every((status) => [201, 503, 504].includes(status)),
        `only created, unavailable or unknown, never a 500: ${[...statuses]}`,
      ).to.equal(true);
      expect(statuses.has(201) && statuses.has(503)).to.equal(true);
      const down = outcomes.filter((o) => o.status === 503 || o.status === 504);
      expect(down.every((o) => o.retryAfter === '2')).to.equal(true);
      expect(
        down.every((o) => o.at >= downAt),
        'no refusal before the stop',
      ).to.equal(true);
      expect(
        outcomes.some((o) => o.status === 201 && o.at > upAt),
        'writes succeed again without restarting the service',
      ).to.equal(true);

      const acknowledged = outcomes.flatMap((o) => (o.status === 201 && o.id !== undefined ? [o.id] : []));
      expect(acknowledged.length).to.be.greaterThan(10);
      for (const id of acknowledged)
        expect((await api.request(`/v2/subscriptions/products/${id}`)).status, id).to.equal(200);
      // A 503 stored nothing.
      const stored = (
        await sql<{ attributes: string }>`select attributes from subscription_products`.execute(handle.db)
      ).rows.map((r) => (JSON.parse(r.attributes) as { name: string }).name);
      const refused = outcomes.filter((o) => o.status === 503).map((o) => o.name);
      expect(
        refused.filter((name) => stored.includes(name)),
        'stored although answered 503',
      ).to.deep.equal([]);

      expect(
        events.map((e) => e.kind),
        'one outage, reported once each way',
      ).to.deep.equal(['down', 'up']);
      expect(
        api.logs.lines.filter((l) => Number(l['level']) >= 50),
        'no error-level lines',
      ).to.deep.equal([]);
    });
  },
);
