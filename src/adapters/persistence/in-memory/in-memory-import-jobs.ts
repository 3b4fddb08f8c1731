import { inject, injectable } from 'inversify';
import type { ImportJobs } from '../../../application/ports/import-jobs.js';
import type { Clock } from '../../../application/ports/system.js';
import { TOKENS } from '../../../application/tokens.js';
import type { ImportReport } from '../../../domain/billing/import-line.js';
import type { Job, JobReport } from '../../../domain/billing/job.js';
import { pageOfAll, type Page, type PageRequest } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

const newestFirst = (a: Job, b: Job): number => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Import jobs held in memory, for storage without a job table. It stores jobs and runs none: whoever
 * runs an import job (a worker, a test) reports its progress with `start` and `finish`.
 */
@injectable()
export class InMemoryImportJobs implements ImportJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(@inject(TOKENS.Clock) private readonly clock: Clock) {}

  async create(storeId: Uuid, importId: Uuid, externalRef: string | undefined, report: ImportReport): Promise<Job> {
    const now = this.clock.now();
    const job: Job = { id: importId, storeId, jobType: 'import', ...(externalRef === undefined ? {} : { externalRef }), status: 'pending', report: { ...report }, createdAt: now, updatedAt: now };
    this.jobs.set(job.id, job);
    return job;
  }

  async find(storeId: Uuid, id: Uuid): Promise<Job | undefined> {
    const job = this.jobs.get(id);
    return job?.storeId === storeId ? job : undefined;
  }

  async list(storeId: Uuid, page: PageRequest): Promise<Page<Job>> {
    return pageOfAll([...this.jobs.values()].filter((j) => j.storeId === storeId).sort(newestFirst), page);
  }

  /** The job has been claimed by a run. */
  start(id: Uuid): Job | undefined {
    return this.change(id, (job, now) => ({ ...job, status: 'started', startedAt: now }));
  }

  /** The run ended with this report, or with this error. */
  finish(id: Uuid, outcome: { readonly report: JobReport } | { readonly error: string }): Job | undefined {
    return this.change(id, (job, now) =>
      'report' in outcome ? { ...job, status: 'success', report: outcome.report, finishedAt: now } : { ...job, status: 'failed', error: outcome.error, finishedAt: now },
    );
  }

  private change(id: Uuid, next: (job: Job, now: Date) => Job): Job | undefined {
    const job = this.jobs.get(id);
    if (job === undefined) return undefined;
    const now = this.clock.now();
    const changed = { ...next(job, now), updatedAt: now };
    this.jobs.set(id, changed);
    return changed;
  }
}
