import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Job } from '../../../domain/jobs/job.js';
import { JOB_EVENTS } from '../../../domain/jobs/job-events.js';
import type { JobOutcome, LaneRef } from '../../../domain/jobs/job-lane.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { JobHandler, JobHandlers } from '../../ports/jobs/job-handler.js';
import type { Claim, JobRepository } from '../../ports/jobs/job-repository.js';
import type { JobSettings } from '../../ports/jobs/job-settings.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** One job a lane run took: how it ended, and for an unexpected failure the error behind it, for the log. */
export interface JobRunResult {
  readonly job: Job;
  readonly outcome: JobOutcome;
  /** False when the claim was lost meanwhile (the job was deleted, or taken over after its lease ran out). */
  readonly recorded: boolean;
  /** How long its handler ran, on the process's clock. */
  readonly durationMs: number;
  readonly cause?: unknown;
}

/** Thrown by `heartbeat()` once another claim has taken the job over: the handler should stop. */
export class LeaseLost extends Error {
  constructor(readonly jobId: string) {
    super(`the claim on job ${jobId} was lost: its lease ran out and the job was taken over or deleted`);
  }
}

/** The words a failed job shows for a refusal its handler gave. */
const detailOf = (error: DomainError): string =>
  error._tag === 'ValidationFailed' ? error.issues.map((i) => `${i.source} ${i.detail}`).join('; ') : error.detail;

export const UNEXPECTED_FAILURE = 'the job failed unexpectedly; the service log has the cause under this job id';
export const noHandler = (job: Pick<Job, 'jobType'>): string =>
  `this service has no handler for ${job.jobType} jobs, so the job cannot run`;

/**
 * Runs a store's lane: claims its next job, runs the job type's handler while renewing the lease, records
 * the outcome and goes on with the next job the finish claimed, until the lane has nothing to run or
 * another worker holds it.
 */
@injectable()
export class RunLane {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobHandlers) private readonly handlers: Partial<JobHandlers>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.JobSettings) private readonly settings: JobSettings,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
  ) {}

  async execute(lane: LaneRef): Promise<readonly JobRunResult[]> {
    const results: JobRunResult[] = [];
    let job = await this.jobs.claimNext(lane, this.clock.now(), this.settings.leaseMs);
    while (job !== undefined) {
      const claim: Claim = {
        id: job.id,
        storeId: job.storeId,
        jobType: job.jobType,
        startedAt: job.startedAt ?? this.clock.now(),
      };
      const began = performance.now();
      const { outcome, cause } = await this.run(job, claim);
      const durationMs = performance.now() - began;
      const done = await this.jobs.finish(claim, outcome, this.clock.now(), this.settings.leaseMs, (finished) => [
        JOB_EVENTS.updated(finished),
      ]);
      results.push({ job, outcome, recorded: done.finished, durationMs, ...(cause === undefined ? {} : { cause }) });
      // A lost claim claimed nothing: look again, so that a pending job behind it is not left waiting for the sweep.
      job = done.finished ? done.next : await this.jobs.claimNext(lane, this.clock.now(), this.settings.leaseMs);
    }
    return results;
  }

  private async run(job: Job, claim: Claim): Promise<{ readonly outcome: JobOutcome; readonly cause?: unknown }> {
    const handler: JobHandler | undefined = this.handlers[job.jobType];
    if (handler === undefined) return { outcome: { status: 'failed', error: noHandler(job) } };
    let lost = false;
    const heartbeat = async (): Promise<void> => {
      if (lost || !(await this.jobs.renewLease(claim, this.clock.now(), this.settings.leaseMs))) {
        lost = true;
        throw new LeaseLost(job.id);
      }
    };
    // Renewed on a timer as well, so that a handler that forgets its heartbeat is not taken over while it runs.
    const renewal = setInterval(() => heartbeat().catch(() => undefined), this.settings.renewEveryMs);
    try {
      // The run's instant is the store's time; its lease stays on real time.
      const startedAt = (await this.storeClock.heldAt(job.storeId)) ?? claim.startedAt;
      const ran = await handler.run({ job, startedAt, heartbeat });
      return E.isRight(ran)
        ? { outcome: { status: 'success', report: ran.right } }
        : { outcome: { status: 'failed', error: detailOf(ran.left) } };
    } catch (error) {
      return { outcome: { status: 'failed', error: UNEXPECTED_FAILURE }, cause: error };
    } finally {
      clearInterval(renewal);
    }
  }
}
