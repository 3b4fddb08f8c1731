import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { InMemoryRateLimiter } from '../../../src/adapters/rate-limit/in-memory-rate-limiter.js';
import { openRedisLimiter } from '../../../src/adapters/rate-limit/open-redis-limiter.js';
import type { RateLimiter } from '../../../src/application/ports/rate-limits/rate-limiter.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { LogCapture } from '../../support/test-api.js';

const systemClock = { now: () => new Date() };
const redisUrl = process.env['TEST_REDIS_URL'];
const id = () => randomUUID() as Uuid;

interface Limiters {
  readonly name: string;
  readonly available: boolean;
  open(): { limiter: RateLimiter; ready(): Promise<boolean>; close(): Promise<void> };
}

const LIMITERS: readonly Limiters[] = [
  {
    name: 'in-process',
    available: true,
    open: () => ({ limiter: new InMemoryRateLimiter(systemClock), ready: async () => true, close: async () => {} }),
  },
  {
    name: 'Redis',
    available: redisUrl !== undefined,
    open: () => openRedisLimiter(redisUrl!, pino({ level: 'silent' })),
  },
];

/**
 * Runs a burst on a fresh store and keys until one finishes before the bucket could refill a request: on a loaded machine the
 * calls of one burst can take longer than a refill, and the refill is then right to admit one more.
 */
async function quickly<T>(refillMs: number, burst: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const startedAt = performance.now();
    const outcome = await burst();
    if (performance.now() - startedAt < refillMs || attempt === 5) return outcome;
  }
}

for (const backend of LIMITERS) {
  (backend.available ? describe : describe.skip)(`RateLimiter contract [${backend.name}]`, () => {
    let opened: ReturnType<Limiters['open']>;
    beforeEach(async () => {
      opened = backend.open();
      expect(await opened.ready()).to.equal(true);
    });
    afterEach(async () => opened.close());

    // Low rates, so that the few milliseconds these calls take refill less than one request.
    it('admits a burst of the pool, then refuses, with the figures of the headers', async () => {
      const outcomes = await quickly(200, async () => {
        const store = id();
        const key = id();
        const burst = [];
        for (let i = 0; i < 6; i += 1) burst.push(await opened.limiter.admit(store, key, { reserved: 0, pool: 5 }));
        return burst;
      });
      expect(outcomes.map((o) => o.admitted)).to.deep.equal([true, true, true, true, true, false]);
      expect(outcomes.map((o) => o.remaining)).to.deep.equal([4, 3, 2, 1, 0, 0]);
      expect(outcomes.every((o) => o.limit === 5)).to.equal(true);
      const refused = outcomes[5]!;
      expect(refused.retryAfterMs).to.be.above(0).and.at.most(200);
      expect(refused.resetMs).to.be.above(800).and.at.most(1000);
    });

    it('spends the key’s reservation before the pool, which other keys then cannot use', async () => {
      const { own, others } = await quickly(333, async () => {
        const store = id();
        const reserved = id();
        const other = id();
        const own = [];
        for (let i = 0; i < 4; i += 1)
          own.push((await opened.limiter.admit(store, reserved, { reserved: 3, pool: 2 })).outcome);
        const others = [];
        for (let i = 0; i < 2; i += 1) others.push(await opened.limiter.admit(store, other, { reserved: 0, pool: 2 }));
        return { own, others };
      });
      expect(own).to.deep.equal(['reservation', 'reservation', 'reservation', 'pool']);
      expect(
        others.map((o) => o.outcome),
        'one request of the pool is left',
      ).to.deep.equal(['pool', 'refused']);
      expect(others.map((o) => o.admitted)).to.deep.equal([true, false]);
    });

    it('refills at the rate', async () => {
      const store = id();
      const key = id();
      for (let i = 0; i < 10; i += 1) await opened.limiter.admit(store, key, { reserved: 0, pool: 10 });
      expect((await opened.limiter.admit(store, key, { reserved: 0, pool: 10 })).admitted).to.equal(false);
      const emptyAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      let admitted = 0;
      for (let i = 0; i < 6; i += 1)
        if ((await opened.limiter.admit(store, key, { reserved: 0, pool: 10 })).admitted) admitted += 1;
      // Ten a second: one request per 100 ms waited, give or take the one in progress.
      expect(admitted)
        .to.be.at.least(2)
        .and.at.most(Math.floor((Date.now() - emptyAt) / 100) + 1);
    });
  });
}

(redisUrl === undefined ? describe.skip : describe)(
  'RateLimiter over one Redis, from two instances (TEST_REDIS_URL)',
  () => {
    it('admits the store’s budget once, not once per instance', async () => {
      const first = openRedisLimiter(redisUrl!, pino({ level: 'silent' }));
      const second = openRedisLimiter(redisUrl!, pino({ level: 'silent' }));
      try {
        expect([await first.ready(), await second.ready()]).to.deep.equal([true, true]);
        const store = id();
        const key = id();
        const outcomes = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 === 0 ? first : second).limiter.admit(store, key, { reserved: 0, pool: 8 }),
          ),
        );
        expect(outcomes.filter((o) => o.admitted)).to.have.length(8);
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);

describe('RateLimiter over an unreachable Redis', () => {
  it('admits every request (failing open), says so once in the log and in its state', async () => {
    const logs = new LogCapture();
    // Nothing listens on port 1 of the loopback.
    const unreachable = openRedisLimiter('redis://127.0.0.1:1', pino({ level: 'warn' }, logs));
    try {
      const outcomes = [];
      for (let i = 0; i < 20; i += 1)
        outcomes.push(await unreachable.limiter.admit(id(), id(), { reserved: 0, pool: 1 }));
      expect(outcomes.every((o) => o.admitted && o.outcome === 'unlimited')).to.equal(true);
      expect(await unreachable.ready()).to.equal(false);
      expect(await unreachable.limiter.state()).to.equal('unreachable');
      expect(logs.lines.filter((l) => String(l['msg']).includes('Redis is unreachable'))).to.have.length(1);
    } finally {
      await unreachable.close();
    }
  });
});
