import {
  IMPORT_RECORD_TYPES,
  IMPORT_TYPE,
  type ImportLine,
  noRecords,
  type RecordCounts,
} from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import { isRecord } from '../../../domain/shared/validation.js';
import { formatTimestamp } from '../timestamps.js';

/** The counts of one kind in a job's report, every type present: a type the report lacks counts 0. */
const counts = (report: Job['report'], kind: 'uploaded' | 'imported'): RecordCounts => {
  const records = report?.['records'];
  const found = isRecord(records) && isRecord(records[kind]) ? records[kind] : {};
  const all = noRecords();
  for (const type of IMPORT_RECORD_TYPES) {
    const n = found[type];
    if (typeof n === 'number') all[type] = n;
  }
  return all;
};

/** EPCC's Import: the job's status and counts of records uploaded and imported per type. */
export const importResource = (job: Job) => ({
  id: job.id,
  type: IMPORT_TYPE,
  attributes: { status: job.status, ...(job.externalRef === undefined ? {} : { external_ref: job.externalRef }) },
  meta: {
    owner: 'store',
    timestamps: {
      created_at: formatTimestamp(job.createdAt),
      updated_at: formatTimestamp(job.updatedAt),
      ...(job.startedAt === undefined ? {} : { started_at: formatTimestamp(job.startedAt) }),
      ...(job.finishedAt === undefined ? {} : { finished_at: formatTimestamp(job.finishedAt) }),
    },
    records: { uploaded: counts(job.report, 'uploaded'), imported: counts(job.report, 'imported') },
  },
});

export const IMPORT_ERROR_TYPE = 'subscription_import_error';

/** One line of an import that was not imported, with why. */
export const importErrorResource = (line: ImportLine) => ({
  type: IMPORT_ERROR_TYPE,
  line_number: line.lineNumber,
  ...(line.recordType === undefined ? {} : { record_type: line.recordType }),
  detail: line.error ?? 'the line was not imported',
});
