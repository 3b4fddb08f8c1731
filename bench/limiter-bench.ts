/**
 * The rate limiter's cost per request: admissions per second and microseconds per admission, in this
 * process and over Redis (one round trip running the admission script):
 *
 *   npm run bench:limiter -- [--seconds 5] [--concurrency 1,32] [--redis redis://127.0.0.1:6379]
 *
 * Without --redis (or BENCH_REDIS_URL) the Redis rows are skipped with a note. Every admission is for
 * one of 1,000 keys of 100 stores with a budget that is never reached, so each call does the whole
 * work (both buckets read and written) rather than an early refusal.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { InMemoryRateLimiter } from '../src/adapters/rate-limit/in-memory-rate-limiter.js';
import { openRedisLimiter } from '../src/adapters/rate-limit/open-redis-limiter.js';
import type { RateLimiter } from '../src/application/ports/rate-limits/rate-limiter.js';
import type { Uuid } from '../src/domain/shared/uuid.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,32' },
    redis: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const concurrencies = values.concurrency.split(',').map(Number);
const redisUrl = values.redis ?? process.env['BENCH_REDIS_URL'];
if (!(seconds > 0) || concurrencies.some((c) => !(c >= 1)))
  throw new Error('usage: --seconds N --concurrency 1,32 [--redis URL]');

const stores = Array.from({ length: 100 }, () => randomUUID() as Uuid);
const keys = Array.from({ length: 1000 }, (_, i) => ({ store: stores[i % stores.length]!, key: randomUUID() as Uuid }));
const shares = { reserved: 1_000_000, pool: 1_000_000 };

interface Row {
  readonly limiter: string;
  readonly concurrency: number;
  readonly perSecond: number;
  readonly p50us: number;
  readonly p99us: number;
}

const measure = async (name: string, limiter: RateLimiter, concurrency: number): Promise<Row> => {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const { store, key } = keys[n++ % keys.length]!;
      const started = performance.now();
      await limiter.admit(store, key, shares);
      latencies.push((performance.now() - started) * 1000);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { limiter: name, concurrency, perSecond: latencies.length / seconds, p50us: at(0.5), p99us: at(0.99) };
};

const rows: Row[] = [];
const memory = new InMemoryRateLimiter({ now: () => new Date() });
for (const c of concurrencies) rows.push(await measure('in-process', memory, c));
const notes: string[] = [];
if (redisUrl === undefined) notes.push('Redis: skipped (no --redis or BENCH_REDIS_URL).');
else {
  const redis = openRedisLimiter(redisUrl, pino({ level: 'warn' }));
  if (!(await redis.ready())) throw new Error(`Redis at ${redisUrl} did not answer`);
  for (const c of concurrencies) rows.push(await measure('Redis (one EVALSHA)', redis.limiter, c));
  await redis.close();
}

const lines = [
  `Rate limiter, ${seconds} s per row, Node ${process.version}, ${keys.length} keys over ${stores.length} stores.`,
  '',
  '| limiter | concurrency | admissions/s | p50 µs | p99 µs |',
  '|---|--:|--:|--:|--:|',
  ...rows.map(
    (r) =>
      `| ${r.limiter} | ${r.concurrency} | ${Math.round(r.perSecond).toLocaleString('en-US')} | ${r.p50us.toFixed(1)} | ${r.p99us.toFixed(1)} |`,
  ),
  ...(notes.length === 0 ? [] : ['', ...notes]),
];
process.stdout.write(`${lines.join('\n')}\n`);
