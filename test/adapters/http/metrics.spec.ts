import { expect } from 'chai';
import { sql } from 'kysely';
import { UNMATCHED_ROUTE } from '../../../src/adapters/http/middleware/request-metrics.js';
import { LATENCY_BUCKETS_SECONDS } from '../../../src/adapters/metrics/app-metrics.js';
import type { Persistence } from '../../../src/container.js';
import { routerRoutes } from '../../properties/router-routes.js';
import { forEachBackend } from '../../support/backends.js';
import { parsePrometheusText, type Sample, sampleValue } from '../../support/prometheus-text.js';
import { productData } from '../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../support/test-api.js';

const scrape = async (api: TestApi): Promise<Sample[]> => {
  const response = await api.request('/metrics', { token: null });
  expect(response.status).to.equal(200);
  expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
  expect(response.headers.get('x-ratelimit-limit'), 'a scrape is not counted against a rate limit').to.equal(null);
  return parsePrometheusText(await response.text());
};

const requestsOf = (samples: readonly Sample[], labels: Record<string, string>): number =>
  sampleValue(samples, 'http_requests_total', labels) ?? 0;
const decisions = (samples: readonly Sample[], outcome: string): number =>
  sampleValue(samples, 'rate_limit_decisions_total', { outcome }) ?? 0;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('HTTP: metrics', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('counts and times requests by method, route template and status, with no id in any label', async () => {
    const token = await api.token();
    const created = (await (
      await api.request('/v2/subscriptions/products', { ...jsonBody({ data: productData() }), token })
    ).json()) as { data: { id: string } };
    const productId = created.data.id;
    expect((await api.request(`/v2/subscriptions/products/${productId}`, { token })).status).to.equal(200);
    expect((await api.request(`/v2/subscriptions/products/${productId}`, { token })).status).to.equal(200);
    expect((await api.request(`/v2/subscriptions/products/${crypto.randomUUID()}`, { token })).status).to.equal(404);
    expect((await api.request(`/no/such/path/${productId}`, { token })).status).to.equal(404);
    expect((await api.request(`/v2/subscriptions/products/${productId}`, { method: 'PATCH', token })).status).to.equal(
      405,
    );
    const unsupported = await api.request('/v2/subscriptions/products', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
      token,
    });
    expect(unsupported.status, 'refused before routing').to.equal(415);

    const samples = await scrape(api);
    const one = '/v2/subscriptions/products/:id';
    expect(requestsOf(samples, { method: 'POST', route: '/oauth/access_token', status: '200' })).to.equal(1);
    expect(requestsOf(samples, { method: 'POST', route: '/v2/subscriptions/products', status: '201' })).to.equal(1);
    expect(requestsOf(samples, { method: 'GET', route: one, status: '200' })).to.equal(2);
    expect(requestsOf(samples, { method: 'GET', route: one, status: '404' })).to.equal(1);
    expect(requestsOf(samples, { method: 'PATCH', route: one, status: '405' })).to.equal(1);
    expect(requestsOf(samples, { method: 'POST', route: '/v2/subscriptions/products', status: '415' })).to.equal(1);
    expect(requestsOf(samples, { method: 'GET', route: UNMATCHED_ROUTE, status: '404' })).to.equal(1);

    const buckets = samples.filter(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' && s.labels['route'] === one && s.labels['status'] === '200',
    );
    expect(buckets.map((b) => b.labels['le'])).to.deep.equal([...LATENCY_BUCKETS_SECONDS.map(String), '+Inf']);
    expect(buckets.at(-1)!.value).to.equal(2);
    for (let i = 1; i < buckets.length; i += 1)
      expect(buckets[i]!.value, 'buckets are cumulative').to.be.at.least(buckets[i - 1]!.value);
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', { method: 'GET', route: one, status: '200' }),
    ).to.equal(2);
    expect(sampleValue(samples, 'http_request_duration_seconds_sum', { method: 'GET', route: one, status: '200' }))
      .to.be.above(0)
      .and.below(5);

    const templates = new Set([
      ...routerRoutes(api.container).map((r) => r.slice(r.indexOf(' ') + 1)),
      UNMATCHED_ROUTE,
    ]);
    const labelled = samples.filter((s) => s.name.startsWith('http_request'));
    expect(
      labelled.map((s) => s.labels['route']).filter((route) => !templates.has(route!)),
      'only templates',
    ).to.deep.equal([]);
    const ids = [productId, api.store.store.id, api.store.key.id, api.store.key.clientId];
    const leaks = samples
      .flatMap((s) => Object.values(s.labels))
      .filter((value) => UUID.test(value) || ids.some((id) => value.includes(id)));
    expect(leaks, 'no id in any label').to.deep.equal([]);
  });

  it('exposes every family with its HELP and TYPE, the process metrics included', async () => {
    const response = await api.request('/metrics', { token: null });
    const text = await response.text();
    const samples = parsePrometheusText(text);
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'rate_limit_decisions_total',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, family).to.match(new RegExp(`^# HELP ${family} .+$`, 'm'));
      expect(text, family).to.match(new RegExp(`^# TYPE ${family} (counter|gauge|histogram)$`, 'm'));
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).to.be.above(0);
    expect(
      sampleValue(samples, 'db_pool_connections', { state: 'in_use' }),
      'the in-memory adapters have no pool',
    ).to.equal(undefined);
    expect(
      () => parsePrometheusText('http_requests_total{route="/x"} 1\n'),
      'the check refuses a sample without HELP and TYPE',
    ).to.throw(/before its family/);
    expect(
      () => parsePrometheusText('# HELP x y\n# TYPE x counter\nx{route=/x} 1\n'),
      'and a malformed label',
    ).to.throw(/not a sample/);
  });

  it('counts rate-limit decisions by outcome: the reservation, the pool, and a 429 as refused', async () => {
    const admin = await api.token();
    const created = (await (
      await api.request('/v2/application-keys', {
        ...jsonBody({ data: { type: 'application_key', name: 'Checkout', reserved_rate_limit: 5 } }),
        token: admin,
      })
    ).json()) as {
      data: { client_id: string; client_secret: string };
    };
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: created.data.client_id,
      client_secret: created.data.client_secret,
    });
    const reserved = (
      (await (await fetch(`${api.url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
        access_token: string;
      }
    ).access_token;
    expect((await api.request('/v2/application-keys', { token: reserved })).status).to.equal(200);

    let samples = await scrape(api);
    expect(decisions(samples, 'reservation'), 'the reserved key’s token request and its call').to.equal(2);
    expect(decisions(samples, 'pool'), 'the first key’s token request and its create').to.equal(2);
    expect(decisions(samples, 'refused')).to.equal(0);
    expect(decisions(samples, 'unlimited')).to.equal(0);

    // The reservation of 5 spent: the rest of the store's budget is a pool of a million, so lower it.
    const limited = await startTestApi({ rateLimit: 3 });
    try {
      const token = await limited.token();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await limited.request('/v2/application-keys', { token })).status);
      const refusals = statuses.filter((s) => s === 429).length;
      expect(refusals, String(statuses)).to.be.at.least(1);
      samples = await scrape(limited);
      expect(decisions(samples, 'refused')).to.equal(refusals);
      expect(decisions(samples, 'pool'), 'the token and every call answered').to.equal(
        1 + statuses.filter((s) => s === 200).length,
      );
      expect(requestsOf(samples, { method: 'GET', route: '/v2/application-keys', status: '429' })).to.equal(refusals);
    } finally {
      await limited.close();
    }
  });

  it('serves /metrics and the health routes without a token and outside the rate limit, GET alone', async () => {
    const limited = await startTestApi({ rateLimit: 1 });
    try {
      for (let i = 0; i < 4; i += 1) {
        for (const path of ['/metrics', '/health/live', '/health/ready']) {
          const response = await limited.request(path, { token: null });
          expect(response.status, path).to.equal(200);
          expect(response.headers.get('x-ratelimit-limit'), path).to.equal(null);
        }
      }
      expect(await (await limited.request('/health/live', { token: null })).json()).to.deep.equal({ status: 'ok' });
      expect(await (await limited.request('/health/ready', { token: null })).json()).to.deep.equal({
        status: 'ready',
        checks: { database: 'up', migrations: 'current', redis: 'not_configured' },
      });
      const samples = await scrape(limited);
      for (const outcome of ['reservation', 'pool', 'refused', 'unlimited'])
        expect(decisions(samples, outcome), outcome).to.equal(0);
      for (const path of ['/metrics', '/health/live', '/health/ready']) {
        for (const method of ['POST', 'PUT', 'DELETE']) {
          const response = await limited.request(path, { method, token: null });
          expect(response.status, `${method} ${path}`).to.equal(405);
          expect(response.headers.get('allow'), path).to.equal('HEAD, GET');
        }
      }
    } finally {
      await limited.close();
    }
  });

  it('keeps each app’s series apart: two apps in one process count their own requests', async () => {
    const other = await startTestApi();
    try {
      for (let i = 0; i < 3; i += 1) await api.request('/health/live', { token: null });
      await other.request('/health/live', { token: null });
      expect(requestsOf(await scrape(api), { method: 'GET', route: '/health/live', status: '200' })).to.equal(3);
      expect(requestsOf(await scrape(other), { method: 'GET', route: '/health/live', status: '200' })).to.equal(1);
    } finally {
      await other.close();
    }
  });
});

const poolGauges = (samples: readonly Sample[], backend: string) => ({
  inUse: sampleValue(samples, 'db_pool_connections', { backend, state: 'in_use' }),
  idle: sampleValue(samples, 'db_pool_connections', { backend, state: 'idle' }),
  waiting: sampleValue(samples, 'db_pool_waiting', { backend }),
  max: sampleValue(samples, 'db_pool_max_connections', { backend }),
  available: sampleValue(samples, 'db_available', { backend }),
});

/** Scrapes until `done` holds of the gauges, for at most two seconds (a pool hands out connections asynchronously). */
const scrapeUntil = async (
  api: TestApi,
  backend: string,
  done: (gauges: ReturnType<typeof poolGauges>) => boolean,
): Promise<ReturnType<typeof poolGauges>> => {
  const deadline = Date.now() + 2000;
  for (;;) {
    const gauges = poolGauges(await scrape(api), backend);
    if (done(gauges) || Date.now() > deadline) return gauges;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

forEachBackend(
  'HTTP: database pool metrics',
  (_backend, persistence) => {
    const handleOf = (p: Persistence) => {
      if (p.kind !== 'database') throw new Error('a database backend');
      return p.handle;
    };

    it('reports the pool: in use rises while a connection is held, and callers wait once every connection is held', async () => {
      const handle = handleOf(persistence());
      const api = await startTestApi({ persistence: persistence() });
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holds: Promise<unknown>[] = [];
      try {
        const before = await scrapeUntil(api, handle.kind, (g) => g.inUse === 0);
        expect(before).to.include({ inUse: 0, waiting: 0, available: 1 });
        const max = before.max!;
        expect(max).to.be.at.least(1);
        expect(before.idle).to.be.within(0, max);

        holds.push(handle.db.connection().execute(() => gate));
        const one = await scrapeUntil(api, handle.kind, (g) => g.inUse === 1);
        expect(one.inUse, 'one connection held').to.equal(1);

        for (let i = 1; i < max; i += 1) holds.push(handle.db.connection().execute(() => gate));
        const all = await scrapeUntil(api, handle.kind, (g) => g.inUse === max);
        expect(all).to.include({ inUse: max, idle: 0, waiting: 0 });

        holds.push(sql`select 1`.execute(handle.db));
        const queued = await scrapeUntil(api, handle.kind, (g) => g.waiting === 1);
        expect(queued, 'a statement waits for a connection').to.include({ inUse: max, waiting: 1 });
        release();
        await Promise.all(holds);
        const after = await scrapeUntil(api, handle.kind, (g) => g.inUse === 0);
        expect(after).to.include({ inUse: 0, waiting: 0 });
      } finally {
        release();
        await Promise.all(holds);
        await api.close();
      }
    });

    it('is not ready, with migrations pending, while a migration of this build is missing from the schema', async () => {
      const handle = handleOf(persistence());
      const api = await startTestApi({ persistence: persistence() });
      const migrations = handle.db.withTables<{ kysely_migration: { name: string; timestamp: string } }>();
      const last = await migrations
        .selectFrom('kysely_migration')
        .selectAll()
        .orderBy('name', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await migrations.deleteFrom('kysely_migration').where('name', '=', last.name).execute();
      try {
        const response = await api.request('/health/ready', { token: null });
        expect(response.status).to.equal(503);
        expect(await response.json()).to.deep.equal({
          status: 'not_ready',
          checks: { database: 'up', migrations: 'pending', redis: 'not_configured' },
        });
      } finally {
        await migrations.insertInto('kysely_migration').values(last).execute();
      }
      try {
        const ready = await api.request('/health/ready', { token: null });
        expect(ready.status).to.equal(200);
        expect(await ready.json()).to.deep.equal({
          status: 'ready',
          checks: { database: 'up', migrations: 'current', redis: 'not_configured' },
        });
      } finally {
        await api.close();
      }
    });
  },
  { sqlOnly: true },
);
