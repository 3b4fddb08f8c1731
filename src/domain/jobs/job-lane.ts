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
export type JobOutcome =
  | { readonly status: 'success'; readonly report: JobReport }
  | { readonly status: 'failed'; readonly error: string };

/**
 * How long a claim holds without being renewed: a job whose process died is taken over after this (and at
 * most one sweep period more). Eight seconds, renewed every two, takes a dead instance's run over within
 * ten seconds, while a live one may miss three renewals in a row (a database stalled up to its statement
 * timeout, an event loop blocked for seconds) before it loses its claim.
 */
export const DEFAULT_JOB_LEASE_MS = 8_000;

/** Renewals and recovery sweeps both four times a lease: a claim survives three missed renewals. */
export const jobTimingFor = (
  leaseMs: number,
): { readonly leaseMs: number; readonly renewEveryMs: number; readonly sweepEveryMs: number } => ({
  leaseMs,
  renewEveryMs: Math.floor(leaseMs / 4),
  sweepEveryMs: Math.floor(leaseMs / 4),
});
