import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type {
  ImportLineRepository,
  LineOutcome,
  SettledLine,
} from '../../../../application/ports/imports/import-line-repository.js';
import {
  IMPORT_LINE_STATUSES,
  IMPORT_RECORD_TYPES,
  type ImportLine,
  type ImportRecordType,
  type ImportReport,
  noRecords,
} from '../../../../domain/imports/import-line.js';
import { type Page, type PageRequest, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { ImportLinesTable } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { insertRows } from '../sql/bulk-insert.js';
import { chunks } from '../sql/chunks.js';
import { cappedCount } from '../sql/kysely-list.js';
import { storedUuid } from '../sql/stored-json.js';

/** Line numbers per statement: well under every server's limit on bound parameters. */
const SETTLE_CHUNK = 1000;

const recordType = (value: string | null): ImportRecordType | undefined => {
  if (value === null) return undefined;
  const type = IMPORT_RECORD_TYPES.find((t) => t === value);
  if (type === undefined) throw new Error(`stored import line has an unknown record type ${JSON.stringify(value)}`);
  return type;
};

const status = (value: string): ImportLine['status'] => {
  const found = IMPORT_LINE_STATUSES.find((s) => s === value);
  if (found === undefined) throw new Error(`stored import line has an unknown status ${JSON.stringify(value)}`);
  return found;
};

const fromRow = (row: Selectable<ImportLinesTable>): ImportLine => {
  const type = recordType(row.record_type);
  return {
    importId: storedUuid('import id', row.import_id),
    lineNumber: row.line_number,
    storeId: storedUuid('import store', row.store_id),
    ...(type === undefined ? {} : { recordType: type }),
    ...(row.body === null ? {} : { body: row.body }),
    ...(row.record_id === null ? {} : { recordId: storedUuid('import record id', row.record_id) }),
    status: status(row.status),
    ...(row.error === null ? {} : { error: row.error }),
  };
};

const toRow = (line: ImportLine, receivedAt: Date): Selectable<ImportLinesTable> => ({
  import_id: line.importId,
  line_number: line.lineNumber,
  store_id: line.storeId,
  record_type: line.recordType ?? null,
  body: line.body ?? null,
  record_id: line.recordId ?? null,
  status: line.status,
  error: line.error ?? null,
  received_at: receivedAt,
});

@injectable()
export class KyselyImportLineRepository implements ImportLineRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async append(lines: readonly ImportLine[], receivedAt: Date): Promise<void> {
    if (lines.length === 0) return;
    await insertRows(
      this.handle.db,
      this.handle.flavor,
      'subscription_import_lines',
      lines.map((line) => toRow(line, receivedAt)),
    );
  }

  async discard(importId: Uuid): Promise<void> {
    await this.handle.db.deleteFrom('subscription_import_lines').where('import_id', '=', importId).execute();
  }

  async discardAbandoned(receivedBefore: Date): Promise<number> {
    const deleted = await this.handle.db
      .deleteFrom('subscription_import_lines')
      .where('received_at', '<', receivedBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscription_jobs')
              .select('subscription_jobs.id')
              .whereRef('subscription_jobs.id', '=', 'subscription_import_lines.import_id'),
          ),
        ),
      )
      .executeTakeFirst();
    return toNumber(deleted.numDeletedRows);
  }

  async pending(importId: Uuid, afterLine: number, limit: number): Promise<readonly ImportLine[]> {
    const rows = await this.handle.db
      .selectFrom('subscription_import_lines')
      .selectAll()
      .where('import_id', '=', importId)
      .where('status', '=', 'pending')
      .where('line_number', '>', afterLine)
      .orderBy('line_number')
      .limit(limit)
      .execute();
    return rows.map(fromRow);
  }

  async settle(importId: Uuid, lineNumber: number, outcome: LineOutcome): Promise<void> {
    await this.handle.db
      .updateTable('subscription_import_lines')
      .set(outcome.status === 'imported' ? { status: 'imported' } : { status: 'failed', error: outcome.error })
      .where('import_id', '=', importId)
      .where('line_number', '=', lineNumber)
      .where('status', '=', 'pending')
      .execute();
  }

  async settleMany(importId: Uuid, settled: readonly SettledLine[]): Promise<void> {
    // Lines that ended alike are marked in one statement: all the imported ones, and the failed ones per error.
    const alike = new Map<string, { readonly outcome: LineOutcome; readonly lineNumbers: number[] }>();
    for (const { lineNumber, outcome } of settled) {
      const key = outcome.status === 'imported' ? '' : `failed:${outcome.error}`;
      const group = alike.get(key) ?? { outcome, lineNumbers: [] };
      group.lineNumbers.push(lineNumber);
      alike.set(key, group);
    }
    for (const { outcome, lineNumbers } of alike.values()) {
      for (const part of chunks(lineNumbers, SETTLE_CHUNK)) {
        await this.handle.db
          .updateTable('subscription_import_lines')
          .set(outcome.status === 'imported' ? { status: 'imported' } : { status: 'failed', error: outcome.error })
          .where('import_id', '=', importId)
          .where('line_number', 'in', part)
          .where('status', '=', 'pending')
          .execute();
      }
    }
  }

  async report(importId: Uuid): Promise<ImportReport> {
    const rows = await this.handle.db
      .selectFrom('subscription_import_lines')
      .select(['record_type', 'status', (eb) => eb.fn.countAll().as('n')])
      .where('import_id', '=', importId)
      .groupBy(['record_type', 'status'])
      .execute();
    const uploaded = noRecords();
    const imported = noRecords();
    let failed = 0;
    for (const row of rows) {
      const type = recordType(row.record_type);
      const n = toNumber(row.n);
      if (type !== undefined) uploaded[type] += n;
      if (type !== undefined && row.status === 'imported') imported[type] += n;
      if (row.status === 'failed') failed += n;
    }
    return { records: { uploaded, imported }, failed };
  }

  async failures(storeId: Uuid, importId: Uuid, page: PageRequest): Promise<Page<ImportLine>> {
    const failed = this.handle.db
      .selectFrom('subscription_import_lines')
      .where('import_id', '=', importId)
      .where('status', '=', 'failed')
      .where('store_id', '=', storeId);
    const [rows, total] = await Promise.all([
      failed.selectAll().orderBy('line_number').limit(page.limit).offset(page.offset).execute(),
      cappedCount(this.handle.db, failed),
    ]);
    return pageOf(rows.map(fromRow), page, total, 'capped');
  }
}
