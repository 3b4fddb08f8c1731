import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { databaseBeside, recreateDatabase } from '../support/database-beside.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';

const postgresUrl = process.env['TEST_POSTGRES_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Delivery {
  readonly id: string;
  readonly attempt: number;
  readonly triggeredBy: string;
}

/** A loopback receiver that records each delivery and answers as `answer` says: a status, or never. */
const receiver = async (answer: (n: number) => number | 'hang') => {
  const received: Delivery[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { attempt: number; triggered_by: string };
      received.push({ id: String(req.headers['webhook-id']), attempt: body.attempt, triggeredBy: body.triggered_by });
      const status = answer(received.length);
      if (status === 'hang') hanging.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
};

const until = async (check: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

/**
 * The outbox and relay across processes, on PostgreSQL and Redis: an instance killed with SIGKILL after the
 * commit and before its attempt was recorded loses nothing (another instance delivers it once the claim
 * runs out), and two instances on one database and Redis never both make one attempt.
 */
(postgresUrl && redisUrl ? describe : describe.skip)(
  'integrations across instances (TEST_POSTGRES_URL, TEST_REDIS_URL)',
  function () {
    this.timeout(120_000);
    const database = databaseBeside(postgresUrl ?? '', 'relay');
    const databaseUrl = database.url;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      INTEGRATIONS_ALLOW_PRIVATE: 'true',
      INTEGRATIONS_RETRY_BASE_MS: '200',
    };
    const instances: ServiceProcess[] = [];
    let credentials: { clientId: string; clientSecret: string };

    before(async () => {
      await recreateDatabase(postgresUrl!, database.name);
      const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Relay'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });
      credentials = printedCredentials(stdout);
      const storeId = /^store_id: (\S+)$/m.exec(stdout)![1]!;
      await run(process.execPath, ['dist/cli.js', 'set-rate-limit', '--store', storeId, '1000000'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });
    });
    afterEach(async () => {
      for (const instance of instances.splice(0))
        if (instance.child.exitCode === null && instance.child.signalCode === null) await instance.stop();
    });

    const client = async (url: string) => {
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      });
      const token = (
        (await (await fetch(`${url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
          access_token: string;
        }
      ).access_token;
      return async (method: string, route: string, data?: unknown) => {
        const response = await fetch(`${url}${route}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
        });
        expect(response.status, `${method} ${route}`).to.be.within(200, 299);
        const text = await response.text();
        return text === '' ? undefined : (JSON.parse(text) as { data: any }).data;
      };
    };
    const offeringOn = async (call: Awaited<ReturnType<typeof client>>) => {
      const product = await call('POST', '/v2/subscriptions/products', productData());
      const plan = await call('POST', '/v2/subscriptions/plans', planData());
      const offering = await call('POST', '/v2/subscriptions/offerings/build', {
        name: 'Club',
        products: [product.id],
        plans: [plan.id],
      });
      return (account: number) =>
        subscriptionData(offering.id, offering.relationships.plans.data[0].id, {
          account_id: `0d7a3b9e-6c1f-4f0e-9a55-${String(account).padStart(12, '0')}`,
        });
    };
    const integrationOn = (call: Awaited<ReturnType<typeof client>>, url: string) =>
      call('POST', '/v2/integrations', {
        type: 'integration',
        name: `Hook ${Date.now()}`,
        integration_type: 'webhook',
        observes: ['subscription.created'],
        configuration: { url, secret_key: 's' },
      });

    it('delivers an event whose instance was killed with SIGKILL during the attempt, from another instance, with the next attempt', async () => {
      const hook = await receiver((n) => (n === 1 ? 'hang' : 200));
      try {
        const first = await startServiceProcess(env);
        instances.push(first);
        const call = await client(first.url);
        const integration = await integrationOn(call, hook.url);
        const data = await offeringOn(call);
        await call('POST', '/v2/subscriptions/subscriptions', data(1));
        await until(() => hook.received.length === 1, 10_000, 'the first attempt');
        first.child.kill('SIGKILL');
        await new Promise((resolve) => first.child.once('exit', resolve));
        const second = await startServiceProcess(env);
        instances.push(second);
        // The dead instance's claim holds for 30 s; then the delivery is due again.
        await until(() => hook.received.length >= 2, 60_000, 'the attempt after the kill');
        const [killed, delivered] = hook.received;
        expect(delivered?.id).to.equal(killed?.id);
        expect([killed?.attempt, delivered?.attempt]).to.deep.equal([1, 2]);
        const jobs = await (await client(second.url))('GET', `/v2/integrations/${integration.id}/jobs`);
        expect(jobs.map((j: any) => [j.status, j.attempts])).to.deep.equal([['succeeded', 2]]);
        await (await client(second.url))('DELETE', `/v2/integrations/${integration.id}`);
      } finally {
        await hook.close();
      }
    });

    it('makes every attempt once with two instances on one database and Redis, a receiver failing the first attempts getting later ones', async () => {
      const hook = await receiver((n) => (n % 5 === 0 ? 503 : 200));
      try {
        const [a, b] = [await startServiceProcess(env), await startServiceProcess(env)];
        instances.push(a, b);
        const [callA, callB] = [await client(a.url), await client(b.url)];
        const integration = await integrationOn(callA, hook.url);
        const data = await offeringOn(callA);
        const events = 40;
        for (let n = 0; n < events; n += 1)
          await (n % 2 === 0 ? callA : callB)('POST', '/v2/subscriptions/subscriptions', data(100 + n));
        const succeeded = () => {
          const failed = new Set(hook.received.filter((_, i) => (i + 1) % 5 === 0).map((r) => `${r.id} ${r.attempt}`));
          return new Set(hook.received.filter((r) => !failed.has(`${r.id} ${r.attempt}`)).map((r) => r.id)).size;
        };
        await until(() => succeeded() === events, 60_000, 'every event delivered');
        await sleep(500);
        const pairs = hook.received.map((r) => `${r.id} ${r.attempt}`);
        expect(new Set(pairs).size, 'no attempt made twice').to.equal(pairs.length);
        expect(new Set(hook.received.map((r) => r.id)).size).to.equal(events);
        const jobs = await callB('GET', `/v2/integrations/${integration.id}/jobs?page[limit]=100`);
        expect(jobs.every((j: any) => j.status === 'succeeded')).to.equal(true);
        await callB('DELETE', `/v2/integrations/${integration.id}`);
      } finally {
        await hook.close();
      }
    });
  },
);
