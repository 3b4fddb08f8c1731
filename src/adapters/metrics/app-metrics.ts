import { Counter, Histogram, Registry } from 'prom-client';
import type { AdmissionOutcome } from '../../domain/rate-limits/admission.js';
import { type ObservedDatabase, registerDatabaseMetrics } from './database-metrics.js';
import { processRegistry } from './process-metrics.js';
import { type ObservedRedis, registerRedisMetrics } from './redis-metrics.js';

/** Most requests take 1–50 ms; the upper buckets catch a slow database or a statement timeout (5 s). */
export const LATENCY_BUCKETS_SECONDS = [
  0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

const OUTCOMES: readonly AdmissionOutcome[] = ['reservation', 'pool', 'refused', 'unlimited'];

type Labels = 'method' | 'route' | 'status';

/** One request series: its counter and histogram, with their labels fixed once. */
interface RequestSeries {
  readonly count: { inc(): void };
  readonly latency: { observe(value: number): void };
}

/**
 * The metrics of one HTTP app, on a registry of its own: several apps in one process (or an app mounted
 * by a host that has its own metrics) never share or clash over a series.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<Labels>;
  private readonly latency: Histogram<Labels>;
  private readonly admissions: Counter<'outcome'>;
  // At most routes × methods × statuses entries: labels are templates, never raw paths.
  private readonly series = new Map<string, RequestSeries>();

  constructor(database?: ObservedDatabase, redis?: ObservedRedis) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the app to its response being ready to send, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers,
    });
    this.admissions = new Counter({
      name: 'rate_limit_decisions_total',
      help: "Requests counted against a rate limit, by outcome: admitted on the key's reservation, from the store's pool, refused (429), or unlimited (a shared limiter out of reach lets requests through).",
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of OUTCOMES) this.admissions.inc({ outcome }, 0);
    if (database !== undefined) registerDatabaseMetrics(this.registry, database);
    if (redis !== undefined) registerRedisMetrics(this.registry, redis);
  }

  /** One answered request; `route` is the router's template or a fixed label, never a path a client chose. */
  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      const labels = { method, route, status: String(status) };
      series = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.series.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  admission(outcome: AdmissionOutcome): void {
    this.admissions.inc({ outcome });
  }

  /** The exposition text: this app's metrics, then the process's. */
  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${await processRegistry().metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
