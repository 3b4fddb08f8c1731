import type * as E from 'fp-ts/lib/Either.js';
import type { Job, JobReport, JobType } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';

/** A job as its handler receives it: claimed for this process until it finishes or stops renewing its lease. */
export interface JobRun {
  readonly job: Job;
  /** The instant the run started, from the clock; the instant billing runs bill up to. */
  readonly startedAt: Date;
  /** Renews the claim; a long run calls it between batches so no other instance takes the job over. */
  heartbeat(): Promise<void>;
}

/**
 * Does the work of one job type. It resolves with the report the finished job shows, or with a refusal
 * (a DomainError: the job fails with its detail); a rejection is unexpected (the job fails with a
 * generic detail, the cause goes to the log).
 * A handler may run again for a job that was interrupted (a crash, a lost lease), so running it twice must
 * leave the same result as running it once.
 */
export interface JobHandler {
  run(run: JobRun): Promise<E.Either<DomainError, JobReport>>;
}

/** The handler of each job type. */
export type JobHandlers = Readonly<Record<JobType, JobHandler>>;
