import { Counter, Gauge, type Registry } from 'prom-client';
import type { FailOpenReason, RedisRateLimiter } from '../rate-limit/redis-rate-limiter.js';
import { CIRCUIT_STATES } from '../resilience/circuit-breaker.js';

/** What the metrics read of the shared rate limiter at each scrape. */
export type ObservedRedis = Pick<RedisRateLimiter, 'circuit' | 'failOpenDecisions'>;

const REASONS: readonly FailOpenReason[] = ['circuit_open', 'failed'];

/** The limiter's circuit and its fail-open decisions, read from it when scraped rather than kept up to date. */
export const registerRedisMetrics = (registry: Registry, redis: ObservedRedis): void => {
  const registers = [registry];
  new Gauge({
    name: 'redis_circuit_state',
    help: "The circuit breaker in front of the rate limiter's Redis: 1 for its current state (closed: calls go through; open: Redis is not asked; half_open: one probe asks), 0 for the others.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      for (const state of CIRCUIT_STATES) this.set({ state }, redis.circuit.state === state ? 1 : 0);
    },
  });
  new Counter({
    name: 'redis_circuit_transitions_total',
    help: "Times the circuit breaker in front of the rate limiter's Redis entered each state.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const entered = redis.circuit.transitions();
      this.reset();
      for (const state of CIRCUIT_STATES) this.inc({ state }, entered[state]);
    },
  });
  new Counter({
    name: 'redis_fail_open_total',
    help: 'Requests admitted without a rate limit because Redis could not decide, by reason: circuit_open (Redis was not asked) or failed (the command failed or timed out).',
    labelNames: ['reason'] as const,
    registers,
    collect() {
      const decisions = redis.failOpenDecisions();
      this.reset();
      for (const reason of REASONS) this.inc({ reason }, decisions[reason]);
    },
  });
};
