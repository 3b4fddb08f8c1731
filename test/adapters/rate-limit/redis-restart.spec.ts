import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { openRedisLimiter } from '../../../src/adapters/rate-limit/open-redis-limiter.js';
import { LogCapture, startTestApi } from '../../support/test-api.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A private Redis this test starts and stops by its pid. */
const startRedis = (port: number, dir: string): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    child.stdout!.on('data', (c: Buffer) => {
      if (c.toString().includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
  });

const stopRedis = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

(hasRedisServer ? describe : describe.skip)(
  'Redis stopped and restarted under load (redis-server on the PATH)',
  function () {
    this.timeout(180_000);

    it('keeps serving without limits while Redis is down, says so once and in /health, and limits again once it is back', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-redis-'));
      const port = await freePort();
      let redis = await startRedis(port, dir);
      const logs = new LogCapture();
      const opened = openRedisLimiter(`redis://127.0.0.1:${port}`, pino({ level: 'warn' }, logs));
      expect(await opened.ready()).to.equal(true);
      const api = await startTestApi({ rateLimit: 5, rateLimiter: opened.limiter });
      try {
        const token = await api.token();
        const burst = async () => {
          const statuses = [];
          for (let i = 0; i < 12; i += 1)
            statuses.push((await api.request('/v2/subscriptions/products', { token })).status);
          return statuses;
        };
        expect(await burst(), 'limited while Redis answers').to.include(429);

        await stopRedis(redis);
        const down = await burst();
        expect(
          down.every((s) => s === 200),
          `served, unlimited, while Redis is down: ${String(down)}`,
        ).to.equal(true);
        const health = await api.request('/health', { token: null });
        expect(health.status).to.equal(200);
        expect(await health.json()).to.deep.include({
          status: 'degraded',
          rate_limiter: 'redis unreachable: not limiting',
        });

        redis = await startRedis(port, dir);
        let limitedAgain = false;
        for (let attempt = 0; attempt < 40 && !limitedAgain; attempt += 1) {
          await sleep(250);
          limitedAgain = (await burst()).includes(429);
        }
        expect(limitedAgain, 'limits apply again once Redis is back, without a restart').to.equal(true);
        expect(await (await api.request('/health', { token: null })).json()).to.deep.include({
          status: 'ok',
          rate_limiter: 'redis',
        });
        const messages = logs.lines.map((l) => String(l['msg']));
        expect(
          messages.filter((m) => m.includes('Redis is unreachable')),
          'the outage is logged once',
        ).to.have.length(1);
        expect(messages.filter((m) => m.includes('Redis is reachable again'))).to.have.length(1);
      } finally {
        await api.close();
        await opened.close();
        await stopRedis(redis);
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
