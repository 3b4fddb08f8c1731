import type * as E from 'fp-ts/lib/Either.js';
import type { Job, JobType } from '../../../domain/jobs/job.js';
import type { JobOutcome, LaneRef } from '../../../domain/jobs/job-lane.js';
import type { JobQuery } from '../../../domain/jobs/job-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ChangeEvent, ChangeEventsOf } from '../integrations/observed-payloads.js';
import type { Missing } from '../storage-outcomes.js';

/** A job that is `started` and whose lease has not run out: some process is running it now. */
export type Running = { readonly _tag: 'Running' };
export const running: Running = { _tag: 'Running' };

/** A claimed job, as the claim is named: its id and the instant it was claimed, which no later claim repeats. */
export type Claim = Pick<Job, 'id' | 'storeId' | 'jobType'> & { readonly startedAt: Date };

/**
 * Storage of jobs and of the lanes they run in. Within one store's lane at most one job is `started` with a
 * live lease, whatever runs concurrently on however many instances: claims take the lane's row lock. The
 * events a change fires are the caller's, written in the change's transaction: a delete's only when it
 * found the job, a finish's made from the job as stored.
 */
export interface JobRepository {
  insert(job: Job, events: readonly ChangeEvent[]): Promise<void>;
  /**
   * Stores a job a schedule made, unless the schedule already made one for that instant: then that job is
   * returned and nothing is stored, so a schedule firing twice for one instant makes one job.
   */
  insertScheduled(
    job: Job & { readonly scheduleId: Uuid; readonly scheduledFor: Date },
    events: readonly ChangeEvent[],
  ): Promise<Job>;
  /** The latest instant the schedule made a job for, if it ever made one (deleted jobs are forgotten). */
  lastScheduledFor(scheduleId: Uuid): Promise<Date | undefined>;
  findById(storeId: Uuid, id: Uuid): Promise<Job | undefined>;
  /** Newest first; only jobs of the given kinds. */
  list(storeId: Uuid, query: JobQuery, jobTypes: readonly JobType[]): Promise<Page<Job>>;
  /** Pending and finished jobs are deleted; a job running under a live lease is `Running`. */
  delete(
    storeId: Uuid,
    id: Uuid,
    now: Date,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Missing | Running, void>>;
  /**
   * Claims the oldest job of the lane that is pending or whose lease ran out, unless another job of the
   * lane runs under a live lease; the claimed job is `started` until `now + leaseMs`.
   */
  claimNext(lane: LaneRef, now: Date, leaseMs: number): Promise<Job | undefined>;
  /** Extends the claim's lease; false when the claim was lost (its lease ran out and another claim took the job). */
  renewLease(claim: Claim, now: Date, leaseMs: number): Promise<boolean>;
  /**
   * Finishes the claimed job and claims the lane's next one in the same transaction, so that no job is
   * left pending between instances. A lost claim finishes nothing and claims nothing.
   */
  finish(
    claim: Claim,
    outcome: JobOutcome,
    now: Date,
    leaseMs: number,
    eventsOf: ChangeEventsOf<Job>,
  ): Promise<{ readonly finished: boolean; readonly next?: Job }>;
  /** Every pending job and every started job whose lease ran out, oldest first: what recovery enqueues again. */
  listUnfinished(now: Date): Promise<readonly Job[]>;
}
