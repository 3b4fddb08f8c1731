import type { Job } from '../../domain/jobs/job.js';
import type { LaneRef } from '../../domain/jobs/job-lane.js';
import type { ScheduleTiming } from '../../domain/schedules/schedule-timing.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { BackgroundJobQueue, JobLog, JobWorker } from './background-job-queue.js';
import { ScheduleTimers } from './schedule-timers.js';

interface LaneState {
  readonly lane: LaneRef;
  /** Asked for again while it ran: run it once more, since a job may have arrived after its last claim. */
  again: boolean;
}

export interface InProcessJobQueueOptions {
  /** How many lanes run at once. */
  readonly concurrency?: number;
  readonly now?: () => Date;
  readonly log?: JobLog;
}

const laneKey = (lane: LaneRef): string => `${lane.storeId} ${lane.lane}`;

/**
 * Runs jobs in this process, a bounded number of lanes at a time, and fires schedules with timers. Right
 * for one instance: a second process would fire every schedule again (the jobs it makes are still one per
 * instant, but use REDIS_URL to share one queue between instances).
 */
export class InProcessJobQueue implements BackgroundJobQueue {
  readonly kind = 'in-process';
  private readonly lanes = new Map<string, LaneState>();
  private readonly waiting: string[] = [];
  private readonly runs = new Set<Promise<void>>();
  private readonly schedules: ScheduleTimers;
  private readonly concurrency: number;
  private worker: JobWorker | undefined;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {
    this.concurrency = options.concurrency ?? 4;
    this.schedules = new ScheduleTimers(options.now ?? (() => new Date()));
  }

  async enqueue(job: Pick<Job, 'id' | 'storeId' | 'jobType'>): Promise<void> {
    const lane: LaneRef = { storeId: job.storeId, lane: job.jobType };
    const key = laneKey(lane);
    const known = this.lanes.get(key);
    if (known !== undefined) {
      known.again = true;
      return;
    }
    this.lanes.set(key, { lane, again: false });
    this.waiting.push(key);
    this.pump();
  }

  async upsertSchedule(scheduleId: Uuid, timing: ScheduleTiming): Promise<void> {
    this.schedules.set(scheduleId, timing);
  }

  async removeSchedule(scheduleId: Uuid): Promise<void> {
    this.schedules.remove(scheduleId);
  }

  async start(worker: JobWorker): Promise<void> {
    this.worker = worker;
    this.schedules.start((scheduleId, scheduledFor) => {
      worker
        .scheduleDue(scheduleId, scheduledFor)
        .catch((err: unknown) =>
          this.options.log?.error(
            { err, schedule_id: scheduleId, scheduled_for: scheduledFor.toISOString() },
            'a schedule fell due but its job could not be made',
          ),
        );
    });
    this.pump();
  }

  /** Takes no more work and waits for the lane runs in progress; lanes still waiting are left to the recovery sweep. */
  async stop(): Promise<void> {
    this.worker = undefined;
    this.schedules.stop();
    await Promise.allSettled([...this.runs]);
  }

  private pump(): void {
    const worker = this.worker;
    while (worker !== undefined && this.runs.size < this.concurrency) {
      const key = this.waiting.shift();
      if (key === undefined) return;
      const state = this.lanes.get(key);
      if (state === undefined) continue;
      state.again = false;
      const run: Promise<void> = worker
        .runLane(state.lane)
        .catch((err: unknown) =>
          this.options.log?.error(
            { err, store_id: state.lane.storeId, lane: state.lane.lane },
            'a job lane could not be run; the recovery sweep tries again',
          ),
        )
        .finally(() => {
          this.runs.delete(run);
          if (state.again && this.worker !== undefined) this.waiting.push(key);
          else this.lanes.delete(key);
          this.pump();
        });
      this.runs.add(run);
    }
  }
}
