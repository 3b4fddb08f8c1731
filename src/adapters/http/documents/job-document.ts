import { JOB_TYPE, type Job } from '../../../domain/billing/job.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC's Job: the submitted attributes with `status` and the timestamps, and in `meta` the owner, the
 * timestamps with `started_at` / `finished_at` once they happened, the `report` of a finished job and, our
 * extension, the `error` a failed job failed with.
 */
export const jobResource = (job: Job) => {
  const created = formatTimestamp(job.createdAt);
  const updated = formatTimestamp(job.updatedAt);
  return {
    id: job.id,
    type: JOB_TYPE,
    attributes: {
      job_type: job.jobType,
      ...(job.externalRef === undefined ? {} : { external_ref: job.externalRef }),
      ...(job.taxes === undefined ? {} : { taxes: job.taxes }),
      status: job.status,
      created_at: created,
      updated_at: updated,
    },
    meta: {
      owner: 'store',
      timestamps: {
        created_at: created,
        updated_at: updated,
        ...(job.startedAt === undefined ? {} : { started_at: formatTimestamp(job.startedAt) }),
        ...(job.finishedAt === undefined ? {} : { finished_at: formatTimestamp(job.finishedAt) }),
      },
      ...(job.report === undefined ? {} : { report: job.report }),
      ...(job.error === undefined ? {} : { error: job.error }),
    },
  };
};
