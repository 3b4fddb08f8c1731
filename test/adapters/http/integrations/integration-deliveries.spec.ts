import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../../src/adapters/config/integration-settings.js';
import { HttpWebhookSender } from '../../../../src/adapters/integrations/http-webhook-sender.js';
import { type RunningRelay, startRelay } from '../../../../src/adapters/integrations/start-relay.js';
import { deliverOnLoopback } from '../../../support/integration-fakes.js';
import { eventually } from '../../../support/job-harness.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, LogCapture, startTestApi, type TestApi } from '../../../support/test-api.js';

interface Received {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/** A receiver on loopback that answers each request with the next status of `script` (the last one repeats). */
const receiver = async (script: readonly number[]) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = script[Math.min(received.length - 1, script.length - 1)] ?? 200;
      res.end(res.statusCode >= 300 ? 'not now' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

describe('HTTP: events delivered to integrations', () => {
  let api: TestApi;
  let relay: RunningRelay;
  const settings = {
    ...DEFAULT_INTEGRATION_SETTINGS,
    allowPrivate: true,
    retry: { ...DEFAULT_INTEGRATION_SETTINGS.retry, baseMs: 50 },
  };

  beforeEach(async () => {
    api = await startTestApi({
      configure: deliverOnLoopback(settings),
    });
    relay = await startRelay(api.container, pino({ level: 'warn' }, new LogCapture()), { pollMs: 20 });
  });
  afterEach(async () => {
    await relay.stop();
    await api.close();
  });

  const data = async (path: string, body: unknown) => {
    const response = await api.request(path, jsonBody({ data: body }));
    expect(response.status, await response.clone().text()).to.be.within(200, 201);
    return ((await response.json()) as { data: Record<string, any> }).data;
  };
  const subscribe = async () => {
    const product = await data('/v2/subscriptions/products', productData());
    const plan = await data('/v2/subscriptions/plans', planData());
    const offering = await data('/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product['id']],
      plans: [plan['id']],
    });
    return data(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering['id'], offering['relationships'].plans.data[0].id),
    );
  };

  it("claims again as soon as an attempt ends, not at the next poll, when an integration's share held the rest back", async () => {
    // The events are written while no relay runs; then a relay whose poll is a minute starts. Its first claim
    // (at its start) takes the integration's share of 16; every other delivery comes from claims made as
    // attempts end: without them, the other 24 would wait a minute for the next poll.
    await relay.stop();
    const hook = await receiver([200]);
    try {
      await data('/v2/integrations', {
        type: 'integration',
        name: 'Ledger',
        integration_type: 'webhook',
        observes: ['subscription-product.created'],
        configuration: { url: hook.url },
      });
      for (let n = 0; n < 40; n += 1) await data('/v2/subscriptions/products', productData({ name: `Product ${n}` }));
      const started = Date.now();
      relay = await startRelay(api.container, pino({ level: 'warn' }, new LogCapture()), { pollMs: 60_000 });
      await eventually(
        async () => hook.received.length,
        (n) => n >= 40,
      );
      expect(Date.now() - started, 'well before the next poll').to.be.below(30_000);
    } finally {
      await hook.close();
    }
  });

  it('delivers subscription.created with EPCC payload, secret header and a Standard Webhooks signature; a receiver failing twice gets attempt 3', async () => {
    const hook = await receiver([500, 503, 200]);
    try {
      const integration = await data('/v2/integrations', {
        type: 'integration',
        name: 'Fulfilment',
        description: 'Ship boxes',
        integration_type: 'webhook',
        observes: ['subscription.created'],
        configuration: { url: hook.url, secret_key: 'whsec-shared' },
      });
      const subscription = await subscribe();
      await eventually(
        async () => hook.received.length,
        (n) => n >= 3,
      );
      const attempts = hook.received.map((r) => JSON.parse(r.body) as Record<string, any>);
      expect(attempts.map((a) => a['attempt'])).to.deep.equal([1, 2, 3]);
      const last = attempts[2]!;
      expect(last).to.deep.include({ triggered_by: 'subscription.created', store_id: api.store.store.id });
      expect(last['integration']).to.deep.equal({
        id: integration['id'],
        integration_type: 'webhook',
        name: 'Fulfilment',
        description: 'Ship boxes',
      });
      const read = await api.request(`/v2/subscriptions/subscriptions/${subscription['id']}`);
      const current = ((await read.json()) as { data: Record<string, unknown> }).data;
      expect(last['payload'].data).to.deep.equal(current);
      const { headers, body } = hook.received[2]!;
      expect(headers['x-moltin-secret-key']).to.equal('whsec-shared');
      const id = headers['webhook-id'] as string;
      const timestamp = headers['webhook-timestamp'] as string;
      expect(new Set(hook.received.map((r) => r.headers['webhook-id']))).to.deep.equal(new Set([id]));
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).to.be.below(60);
      const expected = `v1,${createHmac('sha256', 'whsec-shared').update(`${id}.${timestamp}.${body}`).digest('base64')}`;
      expect(headers['webhook-signature']).to.equal(expected);

      const jobs = await eventually(
        async () =>
          (
            (await (await api.request(`/v2/integrations/${integration['id']}/jobs`)).json()) as {
              data: Record<string, any>[];
            }
          ).data,
        (list) => list[0]?.['status'] === 'succeeded',
      );
      expect(jobs.map((j) => [j['id'], j['triggered_by'], j['attempts']])).to.deep.equal([
        [id, 'subscription.created', 3],
      ]);
      const logs = (
        (await (await api.request(`/v2/integrations/${integration['id']}/jobs/${id}/logs`)).json()) as {
          data: Record<string, any>[];
        }
      ).data;
      expect(logs.map((l) => [l['attempt'], l['succeeded'], l['status_code']])).to.deep.equal([
        [3, true, 200],
        [2, false, 503],
        [1, false, 500],
      ]);
      expect(logs[1]!['body']).to.equal('not now');
      expect(logs[1]!['error_detail']).to.contain('outside of 2xx');
      const storeLogs = (
        (await (await api.request('/v2/integrations/logs?filter=eq(succeeded,true)')).json()) as { data: unknown[] }
      ).data;
      expect(storeLogs).to.have.length(1);
    } finally {
      await hook.close();
    }
  });

  it('logs an answer whose status is no HTTP status (999) without a status_code, as the document allows, and tries again', async () => {
    const hook = await receiver([999, 200]);
    try {
      const integration = await data('/v2/integrations', {
        type: 'integration',
        name: 'Odd receiver',
        integration_type: 'webhook',
        observes: ['subscription.created'],
        configuration: { url: hook.url },
      });
      await subscribe();
      const jobs = await eventually(
        async () =>
          (
            (await (await api.request(`/v2/integrations/${integration['id']}/jobs`)).json()) as {
              data: Record<string, any>[];
            }
          ).data,
        (list) => list[0]?.['status'] === 'succeeded',
      );
      const logs = (
        (await (await api.request(`/v2/integrations/${integration['id']}/jobs/${jobs[0]!['id']}/logs`)).json()) as {
          data: Record<string, any>[];
        }
      ).data;
      expect(logs.map((l) => [l['attempt'], l['succeeded'], l['status_code']])).to.deep.equal([
        [2, true, 200],
        [1, false, undefined],
      ]);
      expect(logs[1]!['error_detail']).to.contain('(999)');
    } finally {
      await hook.close();
    }
  });

  it('emits nothing for a store without an enabled integration observing the key, and the state changes each once', async () => {
    const hook = await receiver([200]);
    try {
      await data('/v2/integrations', {
        type: 'integration',
        name: 'Off',
        integration_type: 'webhook',
        enabled: false,
        observes: ['subscription.created'],
        configuration: { url: hook.url },
      });
      const states = await data('/v2/integrations', {
        type: 'integration',
        name: 'States',
        integration_type: 'webhook',
        observes: ['subscription.paused', 'subscription.resumed', 'subscription.canceled'],
        configuration: { url: hook.url },
      });
      const subscription = await subscribe();
      for (const action of ['pause', 'resume', 'cancel']) {
        const response = await api.request(
          `/v2/subscriptions/subscriptions/${subscription['id']}/states`,
          jsonBody({ data: { type: 'subscription_state', attributes: { action } } }),
        );
        expect(response.status, action).to.equal(204);
      }
      await eventually(
        async () => hook.received.length,
        (n) => n >= 3,
      );
      await relay.stop();
      const keys = hook.received.map((r) => (JSON.parse(r.body) as { triggered_by: string }).triggered_by).sort();
      expect(keys).to.deep.equal(['subscription.canceled', 'subscription.paused', 'subscription.resumed']);
      expect(
        hook.received.every(
          (r) => r.headers['webhook-signature'] === undefined && r.headers['x-moltin-secret-key'] === undefined,
        ),
      ).to.equal(true);
      const jobs = (
        (await (await api.request(`/v2/integrations/${states['id']}/jobs`)).json()) as {
          meta: { results: { total: number } };
        }
      ).meta.results.total;
      expect(jobs).to.equal(3);
    } finally {
      relay = { stop: async () => undefined };
      await hook.close();
    }
  });

  it('fires the created, updated and deleted keys of subscribers, products, plans, offerings, schedules and jobs, a deletion as type and id', async () => {
    const hook = await receiver([200]);
    try {
      const keys = ['subscriber', 'product', 'plan', 'offering', 'schedule', 'job'].flatMap((r) =>
        ['created', 'updated', 'deleted'].map((a) => `subscription-${r}.${a}`),
      );
      await data('/v2/integrations', {
        type: 'integration',
        name: 'Everything',
        integration_type: 'webhook',
        observes: keys,
        configuration: { url: hook.url },
      });
      const put = async (path: string, body: unknown) =>
        expect((await api.request(path, { ...jsonBody({ data: body }), method: 'PUT' })).status, path).to.equal(200);
      const remove = async (path: string) =>
        expect((await api.request(path, { method: 'DELETE' })).status, path).to.be.within(200, 204);
      const S = '/v2/subscriptions';
      const subscriber = await data(`${S}/subscribers`, {
        type: 'subscription_subscriber',
        attributes: {
          account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
        },
      });
      await put(`${S}/subscribers/${subscriber['id']}`, {
        type: 'subscription_subscriber',
        attributes: { name: 'Ada King' },
      });
      await remove(`${S}/subscribers/${subscriber['id']}`);
      const product = await data(`${S}/products`, productData());
      await put(`${S}/products/${product['id']}`, { type: 'subscription_product', attributes: { name: 'Tea' } });
      const plan = await data(`${S}/plans`, planData());
      await put(`${S}/plans/${plan['id']}`, { type: 'subscription_plan', attributes: { description: 'Monthly tea' } });
      const offering = await data(`${S}/offerings/build`, {
        name: 'Club',
        products: [product['id']],
        plans: [plan['id']],
      });
      await put(`${S}/offerings/${offering['id']}`, {
        type: 'subscription_offering',
        attributes: { description: 'Tea club' },
      });
      await remove(`${S}/offerings/${offering['id']}`);
      await remove(`${S}/products/${product['id']}`);
      await remove(`${S}/plans/${plan['id']}`);
      const schedule = await data(`${S}/schedules`, {
        type: 'subscription_schedule',
        attributes: { specification: '30 0 * * *', location: 'UTC', job: { job_type: 'billing-run' } },
      });
      await put(`${S}/schedules/${schedule['id']}`, { type: 'subscription_schedule', attributes: { name: 'Nightly' } });
      await remove(`${S}/schedules/${schedule['id']}`);
      const job = await data(`${S}/jobs`, { type: 'subscription_job', attributes: { job_type: 'billing-run' } });
      const received = await eventually(
        async () => hook.received.map((r) => JSON.parse(r.body) as { triggered_by: string; payload: any }),
        (list) => list.length >= keys.length - 2,
      );
      const fired = new Set(received.map((r) => r.triggered_by));
      for (const key of keys.filter((k) => k !== 'subscription-job.updated' && k !== 'subscription-job.deleted'))
        expect(fired.has(key), key).to.equal(true);
      const deleted = received.find((r) => r.triggered_by === 'subscription-subscriber.deleted');
      expect(deleted?.payload).to.deep.equal({ type: 'subscription_subscriber', id: subscriber['id'] });
      const updated = received.find((r) => r.triggered_by === 'subscription-subscriber.updated');
      expect(updated?.payload.data.attributes.name).to.equal('Ada King');
      expect(received.find((r) => r.triggered_by === 'subscription-job.created')?.payload.data.id).to.equal(job['id']);
    } finally {
      await hook.close();
    }
  });

  it('never connects to a receiver that is refused at delivery, and logs why', async () => {
    const strict = new HttpWebhookSender({ allowPrivate: false });
    const answer = await strict.send({ url: 'http://127.0.0.1:9/x', body: '{}', messageId: 'm', sentAt: new Date() });
    expect(answer.statusCode).to.equal(undefined);
    expect(answer.error).to.contain('refused').and.contain('loopback');
    const metadata = await new HttpWebhookSender({ allowPrivate: true }).send({
      url: 'http://169.254.169.254/latest',
      body: '{}',
      messageId: 'm',
      sentAt: new Date(),
    });
    expect(metadata.error).to.contain('metadata');
    const named = await strict.send({ url: 'http://localhost:9/x', body: '{}', messageId: 'm', sentAt: new Date() });
    expect(named.error).to.contain('refused');
  });
});
