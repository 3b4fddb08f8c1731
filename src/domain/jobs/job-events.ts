import { recordEvents } from '../events/record-events.js';
import { JOB_TYPE, type Job } from './job.js';

/** What a job's event names: the job, as its GET returns it. */
export interface JobSubject {
  readonly resource: 'job';
  readonly job: Job;
}

/** A job is created when submitted, updated when it finishes (not when it starts), deleted when removed unstarted. */
export const JOB_EVENTS = recordEvents<Job, JobSubject>(
  { created: 'subscription-job.created', updated: 'subscription-job.updated', deleted: 'subscription-job.deleted' },
  JOB_TYPE,
  (job) => ({ resource: 'job', job }),
);
