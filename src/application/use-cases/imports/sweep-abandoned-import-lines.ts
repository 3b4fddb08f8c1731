import { inject, injectable } from 'inversify';
import type { ImportLineRepository } from '../../ports/imports/import-line-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/**
 * How old a line without a job must be before it is swept. An upload creates its job as soon as its last
 * line is stored, so only an upload still streaming has younger jobless lines; a day is far longer than
 * any upload within the file size limit takes.
 */
export const ABANDONED_IMPORT_LINES_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes import lines that no job will ever read: those of an upload cut off by a crash before its job
 * was created, and any left by a deleted import job. Run now and then by the service.
 */
@injectable()
export class SweepAbandonedImportLines {
  constructor(
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Returns how many lines were deleted. */
  execute(): Promise<number> {
    return this.lines.discardAbandoned(new Date(this.clock.now().getTime() - ABANDONED_IMPORT_LINES_AFTER_MS));
  }
}
