import type { Container } from 'inversify';
import { AUDIT_TOKENS } from '../../application/audit-tokens.js';
import { TOKENS } from '../../application/tokens.js';
import { ResumeUnfinishedJobs } from '../../application/use-cases/jobs/resume-unfinished-jobs.js';
import { RunLane } from '../../application/use-cases/jobs/run-lane.js';
import { FireSchedule } from '../../application/use-cases/schedules/fire-schedule.js';
import { RegisterSchedules } from '../../application/use-cases/schedules/register-schedules.js';
import { systemActor } from '../../domain/audit/audit-event.js';
import { jobMetrics } from '../metrics/job-metrics.js';
import type { BackgroundJobQueue, JobLog, JobWorker } from './background-job-queue.js';

export interface RunningJobs {
  /** Stops the sweep and the queue's workers, waiting for the lane runs in progress. */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  readonly log: JobLog;
}

/** The worker a queue calls: runs a lane through the core and writes each job's outcome to the log. */
export const coreJobWorker = (container: Container, { log }: StartJobsOptions): JobWorker => ({
  async runLane(lane) {
    // What a run changes is audited as the work of its kind (`billing`, `payments`, …), not of whoever asked for it.
    const audited = { actor: systemActor(lane.lane), address: null, requestId: null };
    const results = await container
      .get(AUDIT_TOKENS.AuditScope)
      .run(audited, () => container.get(RunLane).execute(lane));
    for (const result of results) {
      jobMetrics().finished(result);
      const fields = {
        job_id: result.job.id,
        store_id: result.job.storeId,
        job_type: result.job.jobType,
        status: result.outcome.status,
        recorded: result.recorded,
      };
      if (result.cause !== undefined) log.error({ ...fields, err: result.cause }, 'job failed unexpectedly');
      else if (result.outcome.status === 'failed') log.warn({ ...fields, error: result.outcome.error }, 'job failed');
      else log.info(fields, 'job finished');
    }
  },
  async scheduleDue(scheduleId, scheduledFor) {
    const audited = { actor: systemActor('schedule'), address: null, requestId: null };
    const job = await container
      .get(AUDIT_TOKENS.AuditScope)
      .run(audited, () => container.get(FireSchedule).execute(scheduleId, scheduledFor));
    const fields = { schedule_id: scheduleId, scheduled_for: scheduledFor.toISOString() };
    if (job === undefined) log.info(fields, 'a deleted schedule fell due; it starts nothing');
    else log.info({ ...fields, job_id: job.id, job_type: job.jobType }, 'schedule fired');
  },
});

/**
 * Starts the queue's workers over the container's core, and the recovery sweep: at once and every sweep
 * period (a quarter of a lease), every pending job and every started job whose lease ran out is enqueued again.
 */
export const startJobs = async (
  container: Container,
  queue: BackgroundJobQueue,
  options: StartJobsOptions,
): Promise<RunningJobs> => {
  await queue.start(coreJobWorker(container, options));
  const jobs = container.get(TOKENS.JobRepository);
  const clock = container.get(TOKENS.Clock);
  jobMetrics().observeQueue(async () => (await jobs.listUnfinished(clock.now())).length);
  // Schedules made before this start, or on other instances, fire here too.
  await container.get(RegisterSchedules).execute();
  // A sweep runs every few seconds: while the database or Redis is away, its failure is logged once, not each time.
  let failingSince: number | undefined;
  const sweep = () =>
    container
      .get(ResumeUnfinishedJobs)
      .execute()
      .then((n) => {
        if (failingSince !== undefined)
          options.log.info({ failing_ms: Date.now() - failingSince }, 'the recovery sweep works again');
        failingSince = undefined;
        if (n > 0) options.log.info({ jobs: n }, 'unfinished jobs enqueued');
      })
      .catch((err: unknown) => {
        if (failingSince === undefined)
          options.log.warn(
            { err },
            'the recovery sweep failed; it runs again every sweep period, and says so once it works again',
          );
        failingSince ??= Date.now();
      });
  await sweep();
  const timer = setInterval(() => void sweep(), container.get(TOKENS.JobSettings).sweepEveryMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await queue.stop();
    },
  };
};
