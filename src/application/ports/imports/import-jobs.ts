import type { ImportReport } from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { JobQuery } from '../../../domain/jobs/job-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * The jobs of type `import`, as the import endpoints need them; implemented over the job storage that
 * runs every job. An import's job id is its import id, under which its lines are stored.
 */
export interface ImportJobs {
  /**
   * Stores a new `pending` job of type `import` with the given id, `externalRef` and `report` (the
   * counts known at upload: uploaded per type, nothing imported yet), and has it run in its turn: one
   * import of a store at a time, oldest first. Called once the whole file is stored.
   */
  create(storeId: Uuid, importId: Uuid, externalRef: string | undefined, report: ImportReport): Promise<Job>;
  /** The store's import job with this id; undefined for another store's job or a job of another type. */
  find(storeId: Uuid, id: Uuid): Promise<Job | undefined>;
  /** A page of the store's import jobs only, newest first (`created_at`, then `id`, descending). */
  list(storeId: Uuid, query: JobQuery): Promise<Page<Job>>;
}
