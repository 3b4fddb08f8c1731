import { inject, injectable } from 'inversify';
import type { Job } from '../../../domain/jobs/job.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { IMPORT_LIST, type Result } from './imports.js';

/** The store's imports only, newest first; EPCC declares `filter` here with no field to filter on, so it is ignored. */
@injectable()
export class ListImports {
  constructor(
    @inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Result<Page<Job>> {
    return listPage(this.stores, storeId, params, IMPORT_LIST, (query) => this.jobs.list(storeId, query));
  }
}
