import { inject, injectable } from 'inversify';
import type { Job } from '../../../domain/jobs/job.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { SubmitScheduledJob } from '../jobs/submit-scheduled-job.js';

/**
 * What a schedule does at one of its instants: start its job, once for that instant however many instances
 * saw it fire. A schedule deleted in the meantime starts nothing, and the queue is told to forget it; nor
 * does one of a store whose test clock is set (moving that clock fires its instants).
 */
@injectable()
export class FireSchedule {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(SubmitScheduledJob) private readonly submit: SubmitScheduledJob,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
  ) {}

  async execute(scheduleId: Uuid, scheduledFor: Date): Promise<Job | undefined> {
    const schedule = await this.records.findAnywhere(scheduleId);
    if (schedule === undefined) {
      await this.queue.removeSchedule(scheduleId);
      return undefined;
    }
    // A store on a test clock lives on its own time: its schedules fire when its clock moves past them.
    if ((await this.storeClock.heldAt(schedule.storeId)) !== undefined) return undefined;
    return this.submit.execute(schedule.id, schedule.storeId, schedule.attributes.job.job_type, scheduledFor);
  }
}
