import { createHash } from 'node:crypto';
import { importErrorParts } from '../../../application/use-cases/imports/import-error-detail.js';
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

/**
 * A failed line's id on EPCC's 2025 wire, which names each import error by a UUID: a failed line is not a
 * record of its own, so its id is made from the import's id and the line's number (a name-based UUID,
 * RFC 9562 version 5 layout), the same on every read.
 */
export const importErrorId = (importId: string, lineNumber: number): string => {
  const hash = createHash('sha1').update(`${importId}:${lineNumber}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The `external_ref` a line's record was given, when the line was read and names one. */
const externalRefOf = (line: ImportLine): string | undefined => {
  if (line.body === undefined) return undefined;
  try {
    const data: unknown = JSON.parse(line.body);
    if (!isRecord(data)) return undefined;
    // Records with attributes keep it there; a subscription's body is flat.
    const ref = isRecord(data['attributes']) ? data['attributes']['external_ref'] : data['external_ref'];
    return typeof ref === 'string' && ref !== '' ? ref : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One line of an import that was not imported, as EPCC's 2025 `GetImportErrors` answers it: the error and
 * the member it is about in `meta`, with the line's number; its times are the import's (a line's failure is
 * written when its import is uploaded or run).
 */
export const importError2025Resource = (importJob: Job) => (line: ImportLine) => {
  const { field, error } = importErrorParts(line.error ?? 'the line was not imported');
  const externalRef = externalRefOf(line);
  return {
    id: importErrorId(importJob.id, line.lineNumber),
    type: IMPORT_ERROR_TYPE,
    meta: {
      owner: 'store',
      timestamps: {
        created_at: formatTimestamp(importJob.createdAt),
        updated_at: formatTimestamp(importJob.updatedAt),
      },
      error,
      field,
      line_number: line.lineNumber,
      ...(externalRef === undefined ? {} : { external_ref: externalRef }),
    },
  };
};
