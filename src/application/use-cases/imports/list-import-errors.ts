import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ImportLine } from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { findImport, type Result } from './imports.js';

/** The lines of an import that could not be imported, in file order: at upload (not JSON, unknown type, too long) or when run. */
@injectable()
export class ListImportErrors {
  constructor(
    @inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs,
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  /** The page, and the import it is of (EPCC's 2025 errors carry its times). */
  async execute(
    storeId: Uuid,
    id: string,
    params: QueryParams,
  ): Result<Page<ImportLine> & { readonly importJob: Job }> {
    const found = await findImport(this.jobs, storeId, id);
    if (E.isLeft(found)) return found;
    const page = await listPage(this.stores, storeId, params, {}, (query) =>
      this.lines.failures(storeId, found.right.id, query.page),
    );
    return E.map((lines: Page<ImportLine>) => ({ ...lines, importJob: found.right }))(page);
  }
}
