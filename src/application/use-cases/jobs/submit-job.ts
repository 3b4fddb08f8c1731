import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Job } from '../../../domain/jobs/job.js';
import { JOB_EVENTS } from '../../../domain/jobs/job-events.js';
import { parseNewJob, type SubmittedJobType } from '../../../domain/jobs/job-input.js';
import { validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { enqueueStored, type Result } from './jobs.js';

/** `POST /subscriptions/jobs`: the job is stored `pending`, then queued; it runs when its lane is free. */
@injectable()
export class SubmitJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** `types`: what the wire the request came by takes (the 2024 wire has no `subscription-update`). */
  async execute(storeId: Uuid, data: unknown, types?: readonly SubmittedJobType[]): Result<Job> {
    const parsed = parseNewJob(data, types);
    if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
    const now = this.clock.now();
    const { jobType, externalRef, taxes, priceUpdate } = parsed.right;
    const job: Job = {
      id: this.ids.uuid(),
      storeId,
      jobType,
      ...(externalRef === undefined ? {} : { externalRef }),
      ...(taxes === undefined ? {} : { taxes }),
      ...(priceUpdate === undefined ? {} : { priceUpdate }),
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
    await this.jobs.insert(job, [JOB_EVENTS.created(job)]);
    await enqueueStored(this.queue, job);
    return E.right(job);
  }
}
