import * as E from 'fp-ts/lib/Either.js';
import type { JobSettings } from '../../application/ports/jobs/job-settings.js';
import { DEFAULT_JOB_LEASE_MS, jobTimingFor } from '../../domain/jobs/job-lane.js';
import { milliseconds } from './http-settings.js';

/** Below this, renewals (a quarter of a lease) would come faster than a busy database answers them. */
const MIN_JOB_LEASE_MS = 2000;

type Env = Readonly<Record<string, string | undefined>>;

/** `JOB_LEASE_MS`: how long a job's claim holds unrenewed; renewals and recovery sweeps follow from it. */
export const readJobSettings = (env: Env): E.Either<string, JobSettings> =>
  E.map(jobTimingFor)(milliseconds('JOB_LEASE_MS', env['JOB_LEASE_MS'], DEFAULT_JOB_LEASE_MS, MIN_JOB_LEASE_MS));
