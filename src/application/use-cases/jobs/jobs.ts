import type * as E from 'fp-ts/lib/Either.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

export const JOB_NOT_FOUND = 'job not found';

/**
 * Asks the queue to run a stored job. A queue that cannot take the request now (Redis away) does not undo
 * the job: it is stored, and the recovery sweep enqueues it again within one sweep period.
 */
export const enqueueStored = async (queue: JobQueue, job: Job): Promise<void> => {
  await queue.enqueue(job).catch(() => undefined);
};
