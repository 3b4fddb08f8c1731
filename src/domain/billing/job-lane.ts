import type { Uuid } from '../shared/uuid.js';
import type { Job, JobReport, JobType } from './job.js';

/**
 * Jobs of a store run one at a time per lane, oldest first (EPCC: one billing run and one payment run per
 * store at a time). Each kind has its own lane, so a billing run never waits for a payment run.
 */
export type Lane = JobType;

export const laneOf = (job: Pick<Job, 'jobType'>): Lane => job.jobType;

/** What a worker is asked to run: the next job of one store's lane. */
export interface LaneRef {
  readonly storeId: Uuid;
  readonly lane: Lane;
}

/** How a run ended: the report of a success, or the words of a failure. */
export type JobOutcome = { readonly status: 'success'; readonly report: JobReport } | { readonly status: 'failed'; readonly error: string };

/** How long a claim holds without being renewed: a job whose process died is taken over after this. */
export const DEFAULT_JOB_LEASE_MS = 60_000;
