import { inject, injectable } from 'inversify';
import type { Job, JobType } from '../../../domain/jobs/job.js';
import { JOB_EVENTS } from '../../../domain/jobs/job-events.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { enqueueStored } from './jobs.js';

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
    const scheduled: Job & { readonly scheduleId: Uuid; readonly scheduledFor: Date } = {
      id: this.ids.uuid(),
      storeId,
      jobType,
      status: 'pending',
      scheduleId,
      scheduledFor,
      createdAt: now,
      updatedAt: now,
    };
    // Written only if the schedule made no job for this instant yet: otherwise nothing is stored, nor fired.
    const job = await this.jobs.insertScheduled(scheduled, [JOB_EVENTS.created(scheduled)]);
    if (job.status === 'pending') await enqueueStored(this.queue, job);
    return job;
  }
}
