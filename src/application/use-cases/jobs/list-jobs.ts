import { inject, injectable } from 'inversify';
import { JOB_TYPES, type Job, type JobType } from '../../../domain/jobs/job.js';
import { JOB_LIST } from '../../../domain/jobs/job-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './jobs.js';

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
