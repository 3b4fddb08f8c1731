import type { ImportLine, ImportReport } from '../../../domain/imports/import-line.js';
import type { Page, PageRequest } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** How a pending line ended: its record was created, or it could not be. */
export type LineOutcome = { readonly status: 'imported' } | { readonly status: 'failed'; readonly error: string };

/** A line's number and how it ended. */
export interface SettledLine {
  readonly lineNumber: number;
  readonly outcome: LineOutcome;
}

/**
 * The lines of uploaded import files, kept in storage so that any instance can run an import and a
 * restart loses none. Lines are keyed by (import id, line number).
 */
export interface ImportLineRepository {
  /** Stores a batch of lines of one upload, received at `receivedAt`, in one statement where the storage allows. */
  append(lines: readonly ImportLine[], receivedAt: Date): Promise<void>;
  /** Forgets every line of an import: an upload that was refused or broken off, or a deleted import, leaves nothing behind. */
  discard(importId: Uuid): Promise<void>;
  /**
   * Forgets the lines received before `receivedBefore` whose import has no job (its upload was cut off by
   * a crash, or its job was deleted before its lines were); returns how many.
   */
  discardAbandoned(receivedBefore: Date): Promise<number>;
  /** Up to `limit` pending lines numbered above `afterLine`, in file order. */
  pending(importId: Uuid, afterLine: number, limit: number): Promise<readonly ImportLine[]>;
  /** Records how a line ended; a line that is no longer pending keeps its first outcome. */
  settle(importId: Uuid, lineNumber: number, outcome: LineOutcome): Promise<void>;
  /** Records how each of these lines ended, as `settle` does, in a statement per distinct outcome rather than per line. */
  settleMany(importId: Uuid, settled: readonly SettledLine[]): Promise<void>;
  /** Records uploaded and imported per type, and failed lines, counted from the lines as they are now. */
  report(importId: Uuid): Promise<ImportReport>;
  /** The failed lines of a store's import, in file order. */
  failures(storeId: Uuid, importId: Uuid, page: PageRequest): Promise<Page<ImportLine>>;
}
