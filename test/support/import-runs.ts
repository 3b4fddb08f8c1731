import type { Container } from 'inversify';
import { InMemoryImportJobs } from '../../src/adapters/persistence/in-memory/in-memory-import-jobs.js';
import { TOKENS } from '../../src/application/tokens.js';
import { RunImport } from '../../src/application/use-cases/imports/run-import.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

/** Runs an import job as a worker would: claimed, run by its handler, finished with the handler's report. */
export const runImportJob = async (container: Container, importId: string): Promise<{ readonly heartbeats: number }> => {
  const jobs = container.get(TOKENS.ImportJobs);
  if (!(jobs instanceof InMemoryImportJobs)) throw new Error('these tests run imports over the in-memory import jobs');
  const job = jobs.start(importId as Uuid);
  if (job === undefined) throw new Error(`no import ${importId}`);
  let heartbeats = 0;
  const report = await container.get(RunImport).run({ job, startedAt: new Date(), heartbeat: async () => void (heartbeats += 1) });
  jobs.finish(job.id, { report });
  return { heartbeats };
};
