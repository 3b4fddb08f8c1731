import { inject, injectable } from 'inversify';
import type {
  ImportLineRepository,
  LineOutcome,
  SettledLine,
} from '../../../../application/ports/imports/import-line-repository.js';
import { type ImportLine, type ImportReport, noRecords } from '../../../../domain/imports/import-line.js';
import { type Page, type PageRequest, pageOfAll } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

/** The table's primary key: import id and line number. */
const lineKey = (line: ImportLine): string => `${line.importId} ${line.lineNumber}`;

@injectable()
export class InMemoryImportLineRepository implements ImportLineRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  private linesOf(importId: Uuid): ImportLine[] {
    return this.state.importLines.get(importId) ?? [];
  }

  async append(lines: readonly ImportLine[], receivedAt: Date): Promise<void> {
    for (const line of lines) {
      const stored = this.state.importLines.get(line.importId) ?? [];
      // The primary key (import id, line number), as the table has it.
      if (stored.some((l) => l.lineNumber === line.lineNumber))
        throw new Error(`duplicate import line ${line.importId} ${line.lineNumber}`);
      stored.push(line);
      this.state.importLines.set(line.importId, stored);
      this.state.importLinesReceivedAt.set(lineKey(line), receivedAt.getTime());
    }
  }

  async discard(importId: Uuid): Promise<void> {
    for (const line of this.linesOf(importId)) this.state.importLinesReceivedAt.delete(lineKey(line));
    this.state.importLines.delete(importId);
  }

  async discardAbandoned(receivedBefore: Date): Promise<number> {
    let discarded = 0;
    for (const [importId, lines] of this.state.importLines) {
      if (this.state.jobs.has(importId)) continue;
      const kept = lines.filter(
        (line) => (this.state.importLinesReceivedAt.get(lineKey(line)) ?? 0) >= receivedBefore.getTime(),
      );
      discarded += lines.length - kept.length;
      for (const line of lines) if (!kept.includes(line)) this.state.importLinesReceivedAt.delete(lineKey(line));
      if (kept.length === 0) this.state.importLines.delete(importId);
      else this.state.importLines.set(importId, kept);
    }
    return discarded;
  }

  async pending(importId: Uuid, afterLine: number, limit: number): Promise<readonly ImportLine[]> {
    return this.linesOf(importId)
      .filter((l) => l.status === 'pending' && l.lineNumber > afterLine)
      .sort((a, b) => a.lineNumber - b.lineNumber)
      .slice(0, limit);
  }

  async settle(importId: Uuid, lineNumber: number, outcome: LineOutcome): Promise<void> {
    const lines = this.linesOf(importId);
    const at = lines.findIndex((l) => l.lineNumber === lineNumber && l.status === 'pending');
    const line = lines[at];
    if (line === undefined) return;
    lines[at] =
      outcome.status === 'imported'
        ? { ...line, status: 'imported' }
        : { ...line, status: 'failed', error: outcome.error };
  }

  async settleMany(importId: Uuid, settled: readonly SettledLine[]): Promise<void> {
    for (const { lineNumber, outcome } of settled) await this.settle(importId, lineNumber, outcome);
  }

  async report(importId: Uuid): Promise<ImportReport> {
    const uploaded = noRecords();
    const imported = noRecords();
    let failed = 0;
    for (const line of this.linesOf(importId)) {
      if (line.recordType !== undefined) uploaded[line.recordType] += 1;
      if (line.recordType !== undefined && line.status === 'imported') imported[line.recordType] += 1;
      if (line.status === 'failed') failed += 1;
    }
    return { records: { uploaded, imported }, failed };
  }

  async failures(storeId: Uuid, importId: Uuid, page: PageRequest): Promise<Page<ImportLine>> {
    const failed = this.linesOf(importId)
      .filter((l) => l.storeId === storeId && l.status === 'failed')
      .sort((a, b) => a.lineNumber - b.lineNumber);
    return pageOfAll(failed, page);
  }
}
