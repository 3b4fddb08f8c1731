import { expect } from 'chai';
import { pino } from 'pino';
import { migrateToLatest } from '../../../../src/adapters/persistence/kysely/engine/migrate.js';
import { type DatabaseHandle, openDatabase } from '../../../../src/adapters/persistence/kysely/engine/open-database.js';
import { type OpenRedisLimiter, openRedisLimiter } from '../../../../src/adapters/rate-limit/open-redis-limiter.js';
import { parsePrometheusText, sampleValue } from '../../../support/prometheus-text.js';
import { startTcpRelay, type TcpRelay } from '../../../support/tcp-relay.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const readiness = async (api: TestApi): Promise<{ status: number; body: unknown }> => {
  const response = await api.request('/health/ready', { token: null });
  return { status: response.status, body: await response.json() };
};

/** Asks until the answer is `status`, for at most `ms`: pooled connections to a server that went away fail one by one first. */
const readinessWhen = async (api: TestApi, status: number, ms = 5000): Promise<{ status: number; body: unknown }> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await readiness(api);
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const servers: ReadonlyArray<[string, 'postgres' | 'mysql', string | undefined]> = [
  ['PostgreSQL', 'postgres', process.env['TEST_POSTGRES_URL']],
  ['MariaDB', 'mysql', process.env['TEST_MYSQL_URL']],
];

for (const [name, kind, url] of servers) {
  (url === undefined ? describe.skip : describe)(`HTTP: readiness when the database goes away [${name}]`, () => {
    let relay: TcpRelay;
    let handle: DatabaseHandle;
    let api: TestApi;

    before(async () => {
      const direct = new URL(url!);
      relay = await startTcpRelay(direct.hostname, Number(direct.port));
      const through = new URL(url!);
      through.hostname = '127.0.0.1';
      through.port = String(relay.port);
      handle = await openDatabase(
        { kind, url: through.toString() },
        { poolSize: 2, timeouts: { statementTimeoutMs: 1000, connectTimeoutMs: 1000 }, onPoolError: () => {} },
      );
      await migrateToLatest(handle.db, handle.flavor);
      api = await startTestApi({ persistence: { kind: 'database', handle } });
    });
    after(async () => {
      await api?.close();
      await handle?.close();
      await relay?.close();
    });

    it('answers 503 with the database down while it cannot be reached, stays live, and is ready again once it returns', async () => {
      expect(await readiness(api)).to.deep.equal({
        status: 200,
        body: { status: 'ready', checks: { database: 'up', migrations: 'current', redis: 'not_configured' } },
      });
      await relay.cut();
      try {
        expect(await readinessWhen(api, 503)).to.deep.equal({
          status: 503,
          body: { status: 'not_ready', checks: { database: 'down', migrations: 'unknown', redis: 'not_configured' } },
        });
        const live = await api.request('/health/live', { token: null });
        expect(live.status, 'liveness checks no dependency').to.equal(200);
        const samples = parsePrometheusText(await (await api.request('/metrics', { token: null })).text());
        expect(sampleValue(samples, 'db_available', { backend: kind })).to.equal(0);
      } finally {
        await relay.restore();
      }
      expect(await readinessWhen(api, 200)).to.deep.include({ status: 200 });
    });
  });
}

describe('HTTP: readiness of the shared rate limiter', () => {
  const silent = pino({ level: 'silent' });

  const withLimiter = async (opened: OpenRedisLimiter, test: (api: TestApi) => Promise<void>): Promise<void> => {
    const api = await startTestApi({ rateLimiter: opened.limiter });
    try {
      await test(api);
    } finally {
      await api.close();
      await opened.close();
    }
  };

  it('is ready but degraded, with Redis down, when the configured Redis cannot be reached, and counts its requests as unlimited', async () => {
    await withLimiter(openRedisLimiter('redis://127.0.0.1:1', silent), async (api) => {
      expect((await api.request('/v2/application-keys')).status, 'served without limits').to.equal(200);
      expect(await readiness(api)).to.deep.equal({
        status: 200,
        body: { status: 'degraded', checks: { database: 'up', migrations: 'current', redis: 'down' } },
      });
      const samples = parsePrometheusText(await (await api.request('/metrics', { token: null })).text());
      expect(
        sampleValue(samples, 'rate_limit_decisions_total', { outcome: 'unlimited' }),
        'the token request and the call',
      ).to.equal(2);
    });
  });

  const redisUrl = process.env['TEST_REDIS_URL'];
  (redisUrl === undefined ? it.skip : it)('is ready with Redis up when it answers', async () => {
    const opened = openRedisLimiter(redisUrl!, silent);
    expect(await opened.ready()).to.equal(true);
    await withLimiter(opened, async (api) => {
      expect(await readiness(api)).to.deep.equal({
        status: 200,
        body: { status: 'ready', checks: { database: 'up', migrations: 'current', redis: 'up' } },
      });
    });
  });
});
