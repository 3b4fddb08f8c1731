import type { Job } from '../../../domain/jobs/job.js';
import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * Runs jobs and fires schedules in the background: in this process alone, or shared by every instance
 * through a job engine. Jobs themselves are stored by the JobRepository; the queue only carries the
 * request to run them, so a request lost with a process is recovered from the stored jobs.
 */
export interface JobQueue {
  /** Asks for the job to be run soon; asking twice for one job runs it once. */
  enqueue(job: Pick<Job, 'id' | 'storeId' | 'jobType'>): Promise<void>;
  /** From now on, fires the schedule at each of its instants, once across all instances; replaces its earlier timing. */
  upsertSchedule(scheduleId: Uuid, timing: ScheduleTiming): Promise<void>;
  /** Stops firing the schedule; removing an unknown schedule does nothing. */
  removeSchedule(scheduleId: Uuid): Promise<void>;
}
