import { inject, injectable } from 'inversify';
import type { Job, JobType } from '../../../domain/jobs/job.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { enqueueStored } from './job-use-cases.js';

/**
 * What a schedule does when it fires: one job for the schedule's instant, however many instances saw the
 * firing; a second call for the same instant returns the job the first made.
 */
@injectable()
export class SubmitScheduledJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(scheduleId: Uuid, storeId: Uuid, jobType: JobType, scheduledFor: Date): Promise<Job> {
    const now = this.clock.now();
    const job = await this.jobs.insertScheduled({
      id: this.ids.uuid(),
      storeId,
      jobType,
      status: 'pending',
      scheduleId,
      scheduledFor,
      createdAt: now,
      updatedAt: now,
    });
    if (job.status === 'pending') await enqueueStored(this.queue, job);
    return job;
  }
}
