import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { JOB_TYPES, type Job, type JobType } from '../../../domain/jobs/job.js';
import { parseNewJob } from '../../../domain/jobs/job-input.js';
import { JOB_LIST } from '../../../domain/jobs/job-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { conflict, notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

export const JOB_NOT_FOUND = 'job not found';

/**
 * Asks the queue to run a stored job. A queue that cannot take the request now (Redis away) does not undo
 * the job: it is stored, and the recovery sweep enqueues it again within one sweep period.
 */
export const enqueueStored = async (queue: JobQueue, job: Job): Promise<void> => {
  await queue.enqueue(job).catch(() => undefined);
};

/** `POST /subscriptions/jobs`: the job is stored `pending`, then queued; it runs when its lane is free. */
@injectable()
export class SubmitJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown): Result<Job> {
    const parsed = parseNewJob(data);
    if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
    const now = this.clock.now();
    const { jobType, externalRef, taxes } = parsed.right;
    const job: Job = {
      id: this.ids.uuid(),
      storeId,
      jobType,
      ...(externalRef === undefined ? {} : { externalRef }),
      ...(taxes === undefined ? {} : { taxes }),
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
    await this.jobs.insert(job);
    await enqueueStored(this.queue, job);
    return E.right(job);
  }
}

/**
 * What a schedule does when it fires: one job for the schedule's instant, however many instances saw the
 * firing; a second call for the same instant returns the job the first made.
 */
@injectable()
export class SubmitScheduledJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(scheduleId: Uuid, storeId: Uuid, jobType: JobType, scheduledFor: Date): Promise<Job> {
    const now = this.clock.now();
    const job = await this.jobs.insertScheduled({
      id: this.ids.uuid(),
      storeId,
      jobType,
      status: 'pending',
      scheduleId,
      scheduledFor,
      createdAt: now,
      updatedAt: now,
    });
    if (job.status === 'pending') await enqueueStored(this.queue, job);
    return job;
  }
}

@injectable()
export class GetJob {
  constructor(@inject(TOKENS.JobRepository) private readonly jobs: JobRepository) {}

  async execute(storeId: Uuid, id: string, jobTypes: readonly JobType[] = JOB_TYPES): Result<Job> {
    const jobId = parseUuid(id);
    const job = jobId === undefined ? undefined : await this.jobs.findById(storeId, jobId);
    return job === undefined || !jobTypes.includes(job.jobType) ? E.left(notFound(JOB_NOT_FOUND)) : E.right(job);
  }
}

/** Newest first; `jobTypes` narrows the list to some kinds (the imports list shows imports only). */
@injectable()
export class ListJobs {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams, jobTypes: readonly JobType[] = JOB_TYPES): Result<Page<Job>> {
    return listPage(this.stores, storeId, params, JOB_LIST, (query) => this.jobs.list(storeId, query, jobTypes));
  }
}

/**
 * A pending or finished job is deleted; one a worker is running is refused (409 `job_running`). An import
 * job's lines go with it (they are stored under its id; other jobs have none). Lines left behind by a crash
 * between the two deletes are swept with the other jobless lines.
 */
@injectable()
export class DeleteJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.ImportLineRepository) private readonly importLines: ImportLineRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string): Result<void> {
    const jobId = parseUuid(id);
    if (jobId === undefined) return E.left(notFound(JOB_NOT_FOUND));
    const deleted = await this.jobs.delete(storeId, jobId, this.clock.now());
    if (E.isRight(deleted)) {
      await this.importLines.discard(jobId);
      return deleted;
    }
    return deleted.left._tag === 'Missing'
      ? E.left(notFound(JOB_NOT_FOUND))
      : E.left(conflict('the job is running; it can be deleted once it has finished', 'job_running'));
  }
}

/**
 * Enqueues every job accepted and not finished: pending ones, and started ones whose worker stopped renewing
 * its lease (its process died). Run at start-up and every sweep period, so that no job is silently lost.
 */
@injectable()
export class ResumeUnfinishedJobs {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const unfinished = await this.jobs.listUnfinished(this.clock.now());
    for (const job of unfinished) await this.queue.enqueue(job);
    return unfinished.length;
  }
}
