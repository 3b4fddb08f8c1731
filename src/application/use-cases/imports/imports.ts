import * as E from 'fp-ts/lib/Either.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { JobFilterField } from '../../../domain/jobs/job-query.js';
import type { ListRules } from '../../../domain/query/list-query.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

const NOT_FOUND = 'import not found';

/** EPCC declares `filter` on the import list with no field to filter on, so it is ignored. */
export const IMPORT_LIST: ListRules<JobFilterField> = { include: [] };

export const findImport = async (jobs: ImportJobs, storeId: Uuid, id: string): Result<Job> => {
  const importId = parseUuid(id);
  const found = importId === undefined ? undefined : await jobs.find(storeId, importId);
  return found === undefined ? E.left(notFound(NOT_FOUND)) : E.right(found);
};
