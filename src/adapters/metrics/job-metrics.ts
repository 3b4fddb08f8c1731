import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobRunResult } from '../../application/use-cases/jobs/run-lane.js';
import { JOB_TYPES } from '../../domain/jobs/job.js';
import { processRegistry } from './process-metrics.js';

/** Billing runs take from milliseconds (a small store) to minutes (a million subscriptions). */
const JOB_BUCKETS_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

const count = (report: Readonly<Record<string, unknown>>, field: string): number => {
  const value = report[field];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
};

/**
 * What the job workers of this process did: jobs by type and outcome with their durations, and what the
 * billing, tax and payment runs among them made, read from their reports. On the process's registry, as
 * the workers serve every app of the process.
 */
export class JobMetrics {
  private readonly jobs: Counter<'job_type' | 'status'>;
  private readonly durations: Histogram<'job_type' | 'status'>;
  private readonly invoices: Counter<'outcome'>;
  private readonly taxed: Counter<'outcome'>;
  private readonly payments: Counter<'outcome'>;
  private waiting: (() => Promise<number>) | undefined;

  constructor(registry: Registry) {
    const registers = [registry];
    this.jobs = new Counter({
      name: 'jobs_finished_total',
      help: 'Jobs this process ran to the end, by type and outcome (success or failed).',
      labelNames: ['job_type', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'job_duration_seconds',
      help: 'From a job being claimed to its end, by type and outcome.',
      labelNames: ['job_type', 'status'],
      buckets: JOB_BUCKETS_SECONDS,
      registers,
    });
    this.invoices = new Counter({
      name: 'billing_invoices_total',
      help: "Invoices billing runs made, by outcome: ready_for_payment, tax_required, or failed (the run's invoice_failures).",
      labelNames: ['outcome'],
      registers,
    });
    this.taxed = new Counter({
      name: 'billing_invoices_taxed_total',
      help: 'Invoices tax runs updated, or failed to.',
      labelNames: ['outcome'],
      registers,
    });
    this.payments = new Counter({
      name: 'billing_payment_attempts_total',
      help: 'Payment attempts payment runs made, by outcome: failed, or not_failed (taken, or a manual payment waiting to be settled).',
      labelNames: ['outcome'],
      registers,
    });
    const waitingOf = () => this.waiting;
    new Gauge({
      name: 'jobs_waiting',
      help: 'Jobs of every store waiting to run or to be taken over (pending, or started with their lease run out), read when scraped.',
      registers,
      async collect() {
        const read = waitingOf();
        if (read !== undefined) this.set(await read().catch(() => Number.NaN));
      },
    });
    for (const jobType of JOB_TYPES)
      for (const status of ['success', 'failed']) this.jobs.inc({ job_type: jobType, status }, 0);
    for (const outcome of ['ready_for_payment', 'tax_required', 'failed']) this.invoices.inc({ outcome }, 0);
    for (const outcome of ['updated', 'failed']) this.taxed.inc({ outcome }, 0);
    for (const outcome of ['failed', 'not_failed']) this.payments.inc({ outcome }, 0);
  }

  /** Reads the number of waiting jobs when scraped (the recovery sweep's query). */
  observeQueue(waiting: () => Promise<number>): void {
    this.waiting = waiting;
  }

  finished({ job, outcome, durationMs }: JobRunResult): void {
    const labels = { job_type: job.jobType, status: outcome.status };
    this.jobs.inc(labels);
    this.durations.observe(labels, durationMs / 1000);
    if (outcome.status !== 'success') return;
    const report = outcome.report as Readonly<Record<string, unknown>>;
    if (job.jobType === 'billing-run') {
      this.invoices.inc({ outcome: 'ready_for_payment' }, count(report, 'invoices_ready_for_payment'));
      this.invoices.inc({ outcome: 'tax_required' }, count(report, 'invoices_tax_required'));
      this.invoices.inc({ outcome: 'failed' }, count(report, 'invoice_failures'));
    } else if (job.jobType === 'tax-run') {
      this.taxed.inc({ outcome: 'updated' }, count(report, 'invoices_updated'));
      this.taxed.inc({ outcome: 'failed' }, count(report, 'invoice_failures'));
    } else if (job.jobType === 'payment-run') {
      const failed = count(report, 'failed_payments');
      this.payments.inc({ outcome: 'failed' }, failed);
      this.payments.inc({ outcome: 'not_failed' }, Math.max(0, count(report, 'total_payment_attempts') - failed));
    }
  }
}

let shared: JobMetrics | undefined;

/** The process's job metrics, on the registry every app's `/metrics` appends. */
export const jobMetrics = (): JobMetrics => {
  shared ??= new JobMetrics(processRegistry());
  return shared;
};
