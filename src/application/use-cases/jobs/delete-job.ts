import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { JOB_EVENTS } from '../../../domain/jobs/job-events.js';
import { conflict, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { JOB_NOT_FOUND, type Result } from './jobs.js';

/**
 * A pending or finished job is deleted; one a worker is running is refused (409 `job_running`). An import
 * job's lines go with it (they are stored under its id; other jobs have none). Lines left behind by a crash
 * between the two deletes are swept with the other jobless lines.
 */
@injectable()
export class DeleteJob {
  constructor(
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.ImportLineRepository) private readonly importLines: ImportLineRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string): Result<void> {
    const jobId = parseUuid(id);
    if (jobId === undefined) return E.left(notFound(JOB_NOT_FOUND));
    const deleted = await this.jobs.delete(storeId, jobId, this.clock.now(), [JOB_EVENTS.deleted(jobId)]);
    if (E.isRight(deleted)) {
      await this.importLines.discard(jobId);
      return deleted;
    }
    return deleted.left._tag === 'Missing'
      ? E.left(notFound(JOB_NOT_FOUND))
      : E.left(conflict('the job is running; it can be deleted once it has finished', 'job_running'));
  }
}
