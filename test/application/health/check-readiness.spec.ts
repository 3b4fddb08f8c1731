import { expect } from 'chai';
import type { DatabaseHealth } from '../../../src/application/ports/health/database-health.js';
import type { RateLimiter } from '../../../src/application/ports/rate-limits/rate-limiter.js';
import { CheckReadiness } from '../../../src/application/use-cases/health/check-readiness.js';

/** A database whose checks wait until the test lets them answer, counting how many were made. */
const slowDatabase = () => {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const calls = { ping: 0, schema: 0 };
  const health: DatabaseHealth = {
    ping: async () => {
      calls.ping += 1;
      await answered;
      return true;
    },
    schema: async () => {
      calls.schema += 1;
      await answered;
      return 'current';
    },
  };
  return { health, calls, answer: () => answer() };
};

const limiter = { state: async () => 'local' } as unknown as RateLimiter;

describe('CheckReadiness', () => {
  it('lets callers that ask during a check share it, and checks afresh once it has answered', async () => {
    const database = slowDatabase();
    const readiness = new CheckReadiness(database.health, limiter);
    const during = Array.from({ length: 20 }, () => readiness.execute());
    database.answer();
    const answers = await Promise.all(during);
    expect(database.calls).to.deep.equal({ ping: 1, schema: 1 });
    for (const answer of answers)
      expect(answer).to.deep.equal({
        ready: true,
        degraded: false,
        database: true,
        schema: 'current',
        rateLimiter: 'local',
      });

    await readiness.execute();
    expect(database.calls).to.deep.equal({ ping: 2, schema: 2 });
  });

  it('is ready but degraded while the shared limiter cannot be reached, and not ready only for the database', async () => {
    const database = (ping: boolean, schema: 'current' | 'pending'): DatabaseHealth => ({
      ping: async () => ping,
      schema: async () => schema,
    });
    const limiterIn = (state: 'local' | 'shared' | 'unreachable') =>
      ({ state: async () => state }) as unknown as RateLimiter;
    const cases: ReadonlyArray<[boolean, 'current' | 'pending', 'local' | 'shared' | 'unreachable', boolean, boolean]> =
      [
        [true, 'current', 'shared', true, false],
        [true, 'current', 'local', true, false],
        [true, 'current', 'unreachable', true, true],
        [false, 'current', 'unreachable', false, true],
        [true, 'pending', 'shared', false, false],
      ];
    for (const [ping, schema, state, ready, degraded] of cases) {
      const answer = await new CheckReadiness(database(ping, schema), limiterIn(state)).execute();
      expect({ ready: answer.ready, degraded: answer.degraded }, `${String(ping)} ${schema} ${state}`).to.deep.equal({
        ready,
        degraded,
      });
    }
  });
});
