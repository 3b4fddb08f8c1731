import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ImportLine } from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { JobFilterField } from '../../../domain/jobs/job-query.js';
import type { ListRules } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

const NOT_FOUND = 'import not found';

/** EPCC declares `filter` on the import list with no field to filter on, so it is ignored. */
const IMPORT_LIST: ListRules<JobFilterField> = { include: [] };

const findImport = async (jobs: ImportJobs, storeId: Uuid, id: string): Result<Job> => {
  const importId = parseUuid(id);
  const found = importId === undefined ? undefined : await jobs.find(storeId, importId);
  return found === undefined ? E.left(notFound(NOT_FOUND)) : E.right(found);
};

@injectable()
export class GetImport {
  constructor(@inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs) {}

  execute(storeId: Uuid, id: string): Result<Job> {
    return findImport(this.jobs, storeId, id);
  }
}

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

/** The lines of an import that could not be imported, in file order: at upload (not JSON, unknown type, too long) or when run. */
@injectable()
export class ListImportErrors {
  constructor(
    @inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs,
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, id: string, params: QueryParams): Result<Page<ImportLine>> {
    const found = await findImport(this.jobs, storeId, id);
    if (E.isLeft(found)) return found;
    return listPage(this.stores, storeId, params, {}, (query) =>
      this.lines.failures(storeId, found.right.id, query.page),
    );
  }
}
