import type { JobLog } from './background-job-queue.js';

/**
 * Whether the job queue has Redis, written to the log once when it is lost and once when it is back, however
 * often its connections fail and retry meanwhile (BullMQ reports each failed poll and each reconnection).
 */
export class RedisLink {
  private lostAt: number | undefined;
  private failures = 0;

  constructor(private readonly log: JobLog | undefined) {}

  get up(): boolean {
    return this.lostAt === undefined;
  }

  lost(error: unknown): void {
    this.failures += 1;
    if (this.lostAt !== undefined) return;
    this.lostAt = Date.now();
    this.log?.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'the job queue lost Redis: queued jobs wait until it is back, and it reconnects by itself',
    );
  }

  back(): void {
    if (this.lostAt === undefined) return;
    this.log?.warn({ outage_ms: Date.now() - this.lostAt, failures: this.failures }, 'the job queue has Redis again');
    this.lostAt = undefined;
    this.failures = 0;
  }
}
