import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseExternalRef as parseCatalogueExternalRef } from '../../../domain/catalogue/catalogue-fields.js';
import {
  type ImportLine,
  type ImportReport,
  NOT_UTF8_LINE,
  noRecords,
  OVERLONG_LINE,
  type ReadLine,
  readImportLine,
} from '../../../domain/imports/import-line.js';
import type { Job } from '../../../domain/jobs/job.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportJobs } from '../../ports/imports/import-jobs.js';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/** One line of an uploaded file as the reader hands it over: its text, or the fact that it was too long to keep or not UTF-8. */
export type UploadedLine =
  | { readonly lineNumber: number; readonly text: string }
  | { readonly lineNumber: number; readonly overlong: true }
  | { readonly lineNumber: number; readonly notUtf8: true };

/** An upload being received: its lines as they arrive, and its `external_ref`, known once every line has been read. */
export interface ImportUpload {
  readonly lines: AsyncIterable<UploadedLine>;
  readonly externalRef: () => string | undefined;
}

/** The file holds more objects than one import may. */
export interface TooManyObjects {
  readonly _tag: 'TooManyObjects';
  readonly limit: number;
}
export type UploadRefusal = DomainError | TooManyObjects;

/** Lines written per statement while the file streams in, and the most text one statement carries (under MariaDB's packet size). */
export const UPLOAD_BATCH = 500;
const UPLOAD_BATCH_CHARS = 4 * 1024 * 1024;

/** The same rule as every record's `external_ref`; an import's is a form field, named as such. */
const externalRefText = parseCatalogueExternalRef('external_ref');

const parseExternalRef = (raw: string | undefined): E.Either<DomainError, string | undefined> => {
  if (raw === undefined || raw === '') return E.right(undefined);
  return E.mapLeft(validationFailed)(externalRefText(raw));
};

const readUploadedLine = (line: UploadedLine): ReadLine =>
  'text' in line ? readImportLine(line.text) : { error: 'overlong' in line ? OVERLONG_LINE : NOT_UTF8_LINE };

/**
 * Receives an import file: its lines are stored as they arrive, in batches, never held whole, and the
 * import's job is created once the last one is stored. A refused or broken-off upload leaves no line behind;
 * lines left by a process that died mid-upload are swept by `SweepAbandonedImportLines`.
 */
@injectable()
export class UploadImport {
  constructor(
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.ImportJobs) private readonly jobs: ImportJobs,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, upload: ImportUpload, maxObjects: number): Promise<E.Either<UploadRefusal, Job>> {
    const importId = this.ids.uuid();
    try {
      const stored = await this.storeLines(storeId, importId, upload.lines, maxObjects);
      if (E.isLeft(stored)) {
        await this.lines.discard(importId);
        return stored;
      }
      const externalRef = parseExternalRef(upload.externalRef());
      if (E.isLeft(externalRef)) {
        await this.lines.discard(importId);
        return externalRef;
      }
      return E.right(await this.jobs.create(storeId, importId, externalRef.right, stored.right));
    } catch (error) {
      await this.lines.discard(importId);
      throw error;
    }
  }

  private async storeLines(
    storeId: Uuid,
    importId: Uuid,
    lines: AsyncIterable<UploadedLine>,
    maxObjects: number,
  ): Promise<E.Either<TooManyObjects, ImportReport>> {
    const uploaded = noRecords();
    let failed = 0;
    let objects = 0;
    let batch: ImportLine[] = [];
    let batchChars = 0;
    for await (const line of lines) {
      objects += 1;
      if (objects > maxObjects) return E.left({ _tag: 'TooManyObjects', limit: maxObjects });
      const base = { importId, lineNumber: line.lineNumber, storeId };
      const read = readUploadedLine(line);
      if ('error' in read) {
        failed += 1;
        batch.push({ ...base, status: 'failed', error: read.error });
      } else {
        uploaded[read.recordType] += 1;
        batch.push({
          ...base,
          recordType: read.recordType,
          body: read.body,
          recordId: this.ids.uuid(),
          status: 'pending',
        });
        batchChars += read.body.length;
      }
      if (batch.length >= UPLOAD_BATCH || batchChars >= UPLOAD_BATCH_CHARS) {
        await this.lines.append(batch, this.clock.now());
        batch = [];
        batchChars = 0;
      }
    }
    if (batch.length > 0) await this.lines.append(batch, this.clock.now());
    return E.right({ records: { uploaded, imported: noRecords() }, failed });
  }
}
