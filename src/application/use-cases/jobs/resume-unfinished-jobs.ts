import { inject, injectable } from 'inversify';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/**
 * Enqueues every job accepted and not finished: pending ones, and started ones whose worker stopped renewing
 * its lease (its process died). Run at start-up and every sweep period, so that no job is silently lost.
 */
@injectable()
export class ResumeUnfinishedJobs {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const unfinished = await this.jobs.listUnfinished(this.clock.now());
    for (const job of unfinished) await this.queue.enqueue(job);
    return unfinished.length;
  }
}
