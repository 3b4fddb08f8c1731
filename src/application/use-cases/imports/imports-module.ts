import { TOKENS } from '../../tokens.js';
import { UseCaseModule } from '../use-case-module.js';
import * as IMPORTS_USE_CASES from './imports-use-cases.js';
import { StoredImportJobs } from './stored-import-jobs.js';

/** Subscription imports: uploaded, run as jobs, and their errors listed. */
export const importsModule = new UseCaseModule(IMPORTS_USE_CASES, ({ bind }) => {
  // Import jobs are stored and queued as every job is: application logic over the job ports.
  bind(TOKENS.ImportJobs).to(StoredImportJobs).inSingletonScope();
});
