import type { JobQueue } from '../../src/application/ports/jobs/job-queue.js';
import type { Job } from '../../src/domain/jobs/job.js';
import type { ScheduleTiming } from '../../src/domain/schedules/schedule-timing.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

/** A job queue that runs nothing and remembers what it was asked, for tests of what the core asks of it. */
export class RecordingJobQueue implements JobQueue {
  readonly enqueued: Pick<Job, 'id' | 'storeId' | 'jobType'>[] = [];
  readonly schedules = new Map<Uuid, ScheduleTiming>();
  readonly removed: Uuid[] = [];

  async enqueue(job: Pick<Job, 'id' | 'storeId' | 'jobType'>): Promise<void> {
    this.enqueued.push({ id: job.id, storeId: job.storeId, jobType: job.jobType });
  }

  async upsertSchedule(scheduleId: Uuid, timing: ScheduleTiming): Promise<void> {
    this.schedules.set(scheduleId, timing);
  }

  async removeSchedule(scheduleId: Uuid): Promise<void> {
    this.schedules.delete(scheduleId);
    this.removed.push(scheduleId);
  }
}
