import { expect } from 'chai';
import { sql } from 'kysely';
import { TOKENS } from '../../../src/application/tokens.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { PageRequest } from '../../../src/domain/query/page.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';

forEachBackend(
  'Import lines marked in place',
  (backend, persistence) => {
    // MySQL and MariaDB update rows in place whatever their indexes; the schema change is PostgreSQL's.
    if (backend.name === 'MariaDB') return;
    it('marks a line imported without writing to any index (a heap-only update), and a failed one with its error', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('a database backend');
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      const lines = ports.container.get(TOKENS.ImportLineRepository);
      const importId = randomIds.uuid();
      await lines.append(
        Array.from({ length: 40 }, (_, n) => ({
          importId,
          lineNumber: n + 1,
          storeId: store.id,
          recordType: 'subscription' as const,
          body: `{"data":{"type":"subscription","n":${n}}}`,
          recordId: randomIds.uuid(),
          status: 'pending' as const,
        })),
        new Date(),
      );
      // The repository's own statements, in one transaction whose counters the server reports as they stand.
      const counted = await p.handle.db.transaction().execute(async (trx) => {
        const before = await sql<{ hot: string; all: string }>`select
            pg_stat_get_xact_tuples_hot_updated('subscription_import_lines'::regclass) as hot,
            pg_stat_get_xact_tuples_updated('subscription_import_lines'::regclass) as all`.execute(trx);
        await trx
          .updateTable('subscription_import_lines')
          .set({ status: 'imported' })
          .where('import_id', '=', importId)
          .where(
            'line_number',
            'in',
            Array.from({ length: 39 }, (_, n) => n + 1),
          )
          .where('status', '=', 'pending')
          .execute();
        const after = await sql<{ hot: string; all: string }>`select
            pg_stat_get_xact_tuples_hot_updated('subscription_import_lines'::regclass) as hot,
            pg_stat_get_xact_tuples_updated('subscription_import_lines'::regclass) as all`.execute(trx);
        const [b, a] = [before.rows[0]!, after.rows[0]!];
        return { hot: Number(a.hot) - Number(b.hot), updated: Number(a.all) - Number(b.all) };
      });
      expect(counted).to.deep.equal({ hot: 39, updated: 39 });
      await lines.settleMany(importId, [{ lineNumber: 40, outcome: { status: 'failed', error: 'data.email: bad' } }]);
      const failed = await lines.failures(store.id, importId, { offset: 0, limit: 10 } as PageRequest);
      expect(failed.items.map((l) => [l.lineNumber, l.error])).to.deep.equal([[40, 'data.email: bad']]);
    });
  },
  { sqlOnly: true },
);
