import { JOB_TYPE, type Job } from '../../../domain/jobs/job.js';
import { priceUpdateWire } from '../../../domain/jobs/price-update.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC's Job: the submitted attributes with `status` and the timestamps, and in `meta` the owner, the
 * timestamps with `started_at` / `finished_at` once they happened, the `report` of a finished run and, our
 * extensions, the `error` a failed job failed with and an import's counts as `import_report`: EPCC's
 * `report` is one of its three run reports, and an import's counts are none of them.
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
      ...(job.priceUpdate === undefined ? {} : priceUpdateWire(job.priceUpdate)),
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
      ...(job.report === undefined ? {} : { [job.jobType === 'import' ? 'import_report' : 'report']: job.report }),
      ...(job.error === undefined ? {} : { error: job.error }),
    },
  };
};
