import { inject, injectable } from 'inversify';
import type { ImportReport } from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import { JOB_EVENTS } from '../../../domain/jobs/job-events.js';
import type { JobQuery } from '../../../domain/jobs/job-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { enqueueStored } from '../jobs/jobs.js';

/** Imports are jobs like the others: stored with them, run in the store's `import` lane, listed apart. */
@injectable()
export class StoredImportJobs implements ImportJobs {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async create(storeId: Uuid, importId: Uuid, externalRef: string | undefined, report: ImportReport): Promise<Job> {
    const now = this.clock.now();
    const job: Job = {
      id: importId,
      storeId,
      jobType: 'import',
      ...(externalRef === undefined ? {} : { externalRef }),
      status: 'pending',
      report: { ...report },
      createdAt: now,
      updatedAt: now,
    };
    await this.jobs.insert(job, [JOB_EVENTS.created(job)]);
    await enqueueStored(this.queue, job);
    return job;
  }

  async find(storeId: Uuid, id: Uuid): Promise<Job | undefined> {
    const job = await this.jobs.findById(storeId, id);
    return job?.jobType === 'import' ? job : undefined;
  }

  list(storeId: Uuid, query: JobQuery): Promise<Page<Job>> {
    return this.jobs.list(storeId, query, ['import']);
  }
}
