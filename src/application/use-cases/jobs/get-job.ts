import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { JOB_TYPES, type Job, type JobType } from '../../../domain/jobs/job.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import { TOKENS } from '../../tokens.js';
import { JOB_NOT_FOUND, type Result } from './jobs.js';

@injectable()
export class GetJob {
  constructor(@inject(TOKENS.JobRepository) private readonly jobs: JobRepository) {}

  async execute(storeId: Uuid, id: string, jobTypes: readonly JobType[] = JOB_TYPES): Result<Job> {
    const jobId = parseUuid(id);
    const job = jobId === undefined ? undefined : await this.jobs.findById(storeId, jobId);
    return job === undefined || !jobTypes.includes(job.jobType) ? E.left(notFound(JOB_NOT_FOUND)) : E.right(job);
  }
}
