import { jsonTooDeep, withinJsonDepth } from '../shared/json-depth.js';
import type { Uuid } from '../shared/uuid.js';
import { isRecord } from '../shared/validation.js';

export const IMPORT_TYPE = 'subscription_import';

/**
 * What a line of an import file can create: EPCC 2024's three kinds, 2025's features, then offerings and
 * subscriptions, which this service imports too. Each is created exactly as its create endpoint would
 * create it.
 */
export const IMPORT_RECORD_TYPES = [
  'subscription_product',
  'subscription_plan',
  'subscription_subscriber',
  'subscription_feature',
  'subscription_offering',
  'subscription',
] as const;
export type ImportRecordType = (typeof IMPORT_RECORD_TYPES)[number];

export const IMPORT_LINE_STATUSES = ['pending', 'imported', 'failed'] as const;
export type ImportLineStatus = (typeof IMPORT_LINE_STATUSES)[number];

/**
 * One line of an uploaded file, kept until the import has run. `recordId` is chosen at upload, so that
 * running the import again finds the record an earlier run created instead of creating a second one.
 */
export interface ImportLine {
  readonly importId: Uuid;
  /** The line's place in the file, from 1, blank lines included: the number an editor shows. */
  readonly lineNumber: number;
  readonly storeId: Uuid;
  /** Absent when the line is not a JSON object with a known `data.type`. */
  readonly recordType?: ImportRecordType;
  /** The line's `data` member as JSON text; absent on a line that failed at upload. */
  readonly body?: string;
  readonly recordId?: Uuid;
  readonly status: ImportLineStatus;
  /** Why the line failed, when it did. */
  readonly error?: string;
}

/** A count per record type. */
export type RecordCounts = Readonly<Record<ImportRecordType, number>>;

export const noRecords = (): Record<ImportRecordType, number> => ({
  subscription_product: 0,
  subscription_plan: 0,
  subscription_subscriber: 0,
  subscription_feature: 0,
  subscription_offering: 0,
  subscription: 0,
});

/** What an import reports (the job's report): records uploaded and imported per type, and failed lines. */
export interface ImportReport {
  readonly records: { readonly uploaded: RecordCounts; readonly imported: RecordCounts };
  readonly failed: number;
}

const isRecordType = (value: unknown): value is ImportRecordType => IMPORT_RECORD_TYPES.some((t) => t === value);

/** A line as read at upload: ready to import, or failed with the reason. */
export type ReadLine = { readonly recordType: ImportRecordType; readonly body: string } | { readonly error: string };

/** Why a line that was never handed over as text failed: the reader could not keep it, or it was not UTF-8. */
export const OVERLONG_LINE = 'the line is longer than the limit for one line';
export const NOT_UTF8_LINE = 'the line is not valid UTF-8 text';

/**
 * Reads one line of JSONL: `{"data": {"type": ..., ...}}`. Only the form is checked here; the record's
 * own rules are applied when it is imported, as its create endpoint applies them. The nesting depth is
 * checked before parsing: a line nested thousands deep would overflow the stack of everything that
 * walks it afterwards, and it fails alone like any other bad line.
 */
export const readImportLine = (text: string): ReadLine => {
  if (!withinJsonDepth(text)) return { error: jsonTooDeep() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'the line is not valid JSON' };
  }
  if (!isRecord(parsed) || !isRecord(parsed['data']))
    return { error: 'the line must be a JSON object with a `data` object' };
  const type = parsed['data']['type'];
  if (!isRecordType(type)) return { error: `data.type must be one of ${IMPORT_RECORD_TYPES.join(', ')}` };
  return { recordType: type, body: JSON.stringify(parsed['data']) };
};

/** How much one file may hold. */
export interface ImportLimits {
  /** Lines with content (blank lines are not counted); EPCC allows 50,000 objects per file. */
  readonly maxObjects: number;
  /** A longer line is a failed line, not a failed upload. */
  readonly maxLineBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxObjects: 50_000, maxLineBytes: 1024 * 1024 };
