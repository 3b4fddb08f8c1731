import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { ATTEMPT_OUTCOMES, type AttemptReport } from '../../application/ports/integrations/attempt-report.js';
import type { PendingDeliveries } from '../../application/ports/integrations/delivery-repository.js';
import { processRegistry } from './process-metrics.js';

/** A receiver answers in milliseconds to seconds, and gets 10 s before the attempt is given up. */
const ATTEMPT_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How far a scrape counts pending deliveries: beyond it the gauge reads the cap, "at least this many". */
export const PENDING_COUNT_CAP = 10_000;

/**
 * What the webhook relay of this process did: attempts by outcome with their durations, and the outbox's
 * pending deliveries read when scraped. Labels are outcomes only, never an integration's or a store's id.
 * On the process's registry, as the relay serves every app of the process.
 */
export class DeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly durations: Histogram<'outcome'>;
  private pending: (() => Promise<PendingDeliveries>) | undefined;

  constructor(registry: Registry) {
    const registers = [registry];
    this.attempts = new Counter({
      name: 'integration_delivery_attempts_total',
      help: 'Webhook attempts this process made, by outcome: succeeded, retrying (failed, another attempt is scheduled) or failed (failed for good).',
      labelNames: ['outcome'],
      registers,
    });
    this.durations = new Histogram({
      name: 'integration_delivery_attempt_duration_seconds',
      help: "From an attempt's request being sent to the receiver's answer (or the error that ended it), by outcome.",
      labelNames: ['outcome'],
      buckets: ATTEMPT_BUCKETS_SECONDS,
      registers,
    });
    const pendingOf = () => this.pending;
    new Gauge({
      name: 'integration_deliveries_pending',
      help: `Webhook deliveries of every store not finished yet, read when scraped: due now (waiting for a relay) or later (waiting for a retry, or being attempted); each counted up to ${PENDING_COUNT_CAP}.`,
      labelNames: ['due'],
      registers,
      async collect() {
        const read = pendingOf();
        // No relay reads them (stopped, or none in this process): no figure rather than a stale one.
        if (read === undefined) return this.reset();
        const counts = await read().catch(() => ({ dueNow: Number.NaN, dueLater: Number.NaN }));
        this.set({ due: 'now' }, counts.dueNow);
        this.set({ due: 'later' }, counts.dueLater);
      },
    });
    for (const outcome of ATTEMPT_OUTCOMES) this.attempts.inc({ outcome }, 0);
  }

  attempted(report: AttemptReport): void {
    this.attempts.inc({ outcome: report.outcome });
    this.durations.observe({ outcome: report.outcome }, report.durationMs / 1000);
  }

  /** Reads the pending deliveries when scraped; the function handed back stops reading them, if still this one. */
  observePending(read: () => Promise<PendingDeliveries>): () => void {
    this.pending = read;
    return () => {
      if (this.pending === read) this.pending = undefined;
    };
  }
}

let shared: DeliveryMetrics | undefined;

/** The process's delivery metrics, on the registry every app's `/metrics` appends. */
export const deliveryMetrics = (): DeliveryMetrics => {
  shared ??= new DeliveryMetrics(processRegistry());
  return shared;
};
