import { inject, injectable } from 'inversify';
import type { Job } from '../../../domain/jobs/job.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import { TOKENS } from '../../tokens.js';
import { findImport, type Result } from './imports.js';

@injectable()
export class GetImport {
  constructor(@inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs) {}

  execute(storeId: Uuid, id: string): Result<Job> {
    return findImport(this.jobs, storeId, id);
  }
}
