import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ImportLineRepository, SettledLine } from '../../ports/imports/import-line-repository.js';

/**
 * The marking of an import's settled lines, done behind the run: a batch's lines are marked while the next
 * batch is decided and stored, on another connection, instead of the run waiting for each update. Marks are
 * written one batch after the other, in the order given; a batch's lines are never touched by the next
 * batch. A batch is stored only once the marks of every batch but the one just before it are written
 * (`behindLast`): a failure to mark stops the run within a batch, and the lines stored but left unmarked
 * are the ones a re-run finds already stored and marks imported without storing them again.
 */
export class LineMarks {
  private written: Promise<void> = Promise.resolve();
  private beforeLast: Promise<void> = Promise.resolve();

  constructor(
    private readonly lines: ImportLineRepository,
    private readonly jobId: Uuid,
  ) {}

  add(settled: readonly SettledLine[]): void {
    if (settled.length === 0) return;
    this.beforeLast = this.written;
    const next = this.written.then(() => this.lines.settleMany(this.jobId, settled));
    // A failure is kept for `done`, not left unhandled while the run goes on.
    next.catch(() => undefined);
    this.written = next;
  }

  /** Waits for the marks given before the last `add`; fails with the first failure among them. */
  behindLast(): Promise<void> {
    return this.beforeLast;
  }

  /** Waits for every mark given so far; fails with the first failure (those lines stay pending for the next run). */
  done(): Promise<void> {
    return this.written;
  }
}
