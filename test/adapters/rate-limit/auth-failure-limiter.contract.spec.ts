import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { InMemoryAuthFailureLimiter } from '../../../src/adapters/rate-limit/in-memory-auth-failure-limiter.js';
import { openRedisLimiter } from '../../../src/adapters/rate-limit/open-redis-limiter.js';
import type { AuthFailureLimiter } from '../../../src/application/ports/auth/auth-failure-limiter.js';
import { ADDRESS_BACKOFF } from '../../../src/domain/auth/failed-authentication.js';
import { LogCapture } from '../../support/test-api.js';

const systemClock = { now: () => new Date() };
const redisUrl = process.env['TEST_REDIS_URL'];
// Unique per test, so that runs sharing one Redis do not see each other's counts.
const address = (): string => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
const FREE = ADDRESS_BACKOFF.freeFailures;

interface Limiters {
  readonly name: string;
  readonly available: boolean;
  open(): { limiter: AuthFailureLimiter; ready(): Promise<boolean>; close(): Promise<void> };
}

const LIMITERS: readonly Limiters[] = [
  {
    name: 'in-process',
    available: true,
    open: () => ({
      limiter: new InMemoryAuthFailureLimiter(systemClock),
      ready: async () => true,
      close: async () => {},
    }),
  },
  {
    name: 'Redis',
    available: redisUrl !== undefined,
    open: () => {
      const opened = openRedisLimiter(redisUrl!, pino({ level: 'silent' }));
      return { limiter: opened.authFailures, ready: opened.ready, close: opened.close };
    },
  },
];

const failTimes = async (limiter: AuthFailureLimiter, address: string, times: number): Promise<number[]> => {
  const blocks = [];
  for (let i = 0; i < times; i += 1) blocks.push(await limiter.recordFailure(address));
  return blocks;
};

for (const backend of LIMITERS) {
  (backend.available ? describe : describe.skip)(`AuthFailureLimiter contract [${backend.name}]`, () => {
    let opened: ReturnType<Limiters['open']>;
    beforeEach(async () => {
      opened = backend.open();
      expect(await opened.ready()).to.equal(true);
    });
    afterEach(async () => opened.close());

    it('lets an address fail freely a few times, then blocks it for twice as long on each failure', async () => {
      const subject = address();
      const blocks = await failTimes(opened.limiter, subject, FREE + 3);
      expect(
        blocks.slice(0, FREE).every((b) => b === 0),
        String(blocks),
      ).to.equal(true);
      // The calls take a few milliseconds each: a block is measured from its own failure.
      const [first, second, third] = blocks.slice(FREE);
      expect(first).to.be.within(950, 1000);
      expect(second).to.be.within(1950, 2000);
      expect(third).to.be.within(3950, 4000);
      expect(await opened.limiter.blockedFor(subject)).to.be.within(3900, 4000);
    });

    it('counts each address apart, and blocks none it never saw', async () => {
      const blocked = address();
      const other = address();
      await failTimes(opened.limiter, blocked, FREE + 1);
      expect(await opened.limiter.blockedFor(blocked)).to.be.within(900, 1000);
      expect(await opened.limiter.blockedFor(other), 'never seen').to.equal(0);
      expect(await opened.limiter.recordFailure(other), 'its first failure is free').to.equal(0);
      expect(await opened.limiter.blockedFor(other)).to.equal(0);
    });

    it('lets a block run out', async () => {
      const subject = address();
      await failTimes(opened.limiter, subject, FREE + 1);
      await new Promise((resolve) => setTimeout(resolve, 1050));
      expect(await opened.limiter.blockedFor(subject)).to.equal(0);
    });
  });
}

(redisUrl === undefined ? describe.skip : describe)(
  'AuthFailureLimiter over one Redis, from two instances (TEST_REDIS_URL)',
  () => {
    it('blocks on one instance what failed on the other', async () => {
      const first = openRedisLimiter(redisUrl!, pino({ level: 'silent' }));
      const second = openRedisLimiter(redisUrl!, pino({ level: 'silent' }));
      try {
        expect([await first.ready(), await second.ready()]).to.deep.equal([true, true]);
        const subject = address();
        await Promise.all(
          Array.from({ length: FREE + 1 }, (_, i) =>
            (i % 2 === 0 ? first : second).authFailures.recordFailure(subject),
          ),
        );
        expect(await second.authFailures.blockedFor(subject)).to.be.within(900, 1000);
        expect(await first.authFailures.blockedFor(subject)).to.be.within(900, 1000);
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);

describe('AuthFailureLimiter over an unreachable Redis', () => {
  it('blocks nothing (failing open), and says so once in the log and in its state', async () => {
    const logs = new LogCapture();
    // Nothing listens on port 1 of the loopback.
    const unreachable = openRedisLimiter('redis://127.0.0.1:1', pino({ level: 'warn' }, logs));
    try {
      const subject = address();
      expect(await failTimes(unreachable.authFailures, subject, FREE + 5)).to.deep.equal(Array(FREE + 5).fill(0));
      expect(await unreachable.authFailures.blockedFor(subject)).to.equal(0);
      expect(await unreachable.authFailures.state()).to.equal('unreachable');
      expect(
        logs.lines.filter((l) => String(l['msg']).includes('failed authentications are not limited')),
      ).to.have.length(1);
    } finally {
      await unreachable.close();
    }
  });
});
