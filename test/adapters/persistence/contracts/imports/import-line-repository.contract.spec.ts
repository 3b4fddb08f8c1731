import { expect } from 'chai';
import fc from 'fast-check';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import type { ImportLineRepository } from '../../../../../src/application/ports/imports/import-line-repository.js';
import { TOKENS } from '../../../../../src/application/tokens.js';
import {
  ABANDONED_IMPORT_LINES_AFTER_MS,
  SweepAbandonedImportLines,
} from '../../../../../src/application/use-cases/imports/sweep-abandoned-import-lines.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { ImportLine } from '../../../../../src/domain/imports/import-line.js';
import type { PageRequest } from '../../../../../src/domain/query/page.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { aJob, at } from '../../../../support/job-builders.js';
import { portsOf } from '../../../../support/ports.js';
import { TestClock } from '../../../../support/system-fakes.js';

/** How many lines of an import are stored (every line these tests store is a failed one). */
const stored = async (lines: ImportLineRepository, importId: Uuid): Promise<number> =>
  (await lines.report(importId)).failed;

const linesOf = (importId: Uuid, storeId: Uuid, count: number): ImportLine[] =>
  Array.from({ length: count }, (_, n) => ({
    importId,
    lineNumber: n + 1,
    storeId,
    status: 'failed',
    error: 'the line is not valid JSON',
  }));

forEachBackend('Import line repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    const lines = ports.container.get(TOKENS.ImportLineRepository);
    const clock = new TestClock(at(0));
    return { ports, store, lines, clock, sweep: new SweepAbandonedImportLines(lines, clock) };
  };

  it('keeps every body as it was uploaded, quotes, backslashes, commas and braces included, many lines at a time', async () => {
    const { store, lines } = await setup();
    // Any text but NUL, which PostgreSQL's text cannot hold (an upload refuses it before it is stored).
    const body = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(fc.array(body, { minLength: 1, maxLength: 40 }), async (bodies) => {
        const importId = randomIds.uuid();
        await lines.append(
          bodies.map((text, n) => ({
            importId,
            lineNumber: n + 1,
            storeId: store.id,
            recordType: 'subscription',
            body: text,
            recordId: randomIds.uuid(),
            status: 'pending',
          })),
          at(0),
        );
        expect((await lines.pending(importId, 0, 100)).map((line) => line.body)).to.deep.equal(bodies);
      }),
      { numRuns: 25 },
    );
  });

  it('sweeps the lines of an upload that never got its job once they are older than the bound, and no others', async () => {
    const { ports, store, lines, clock, sweep } = await setup();
    const [abandoned, recent, claimed] = [randomIds.uuid(), randomIds.uuid(), randomIds.uuid()];
    await lines.append(linesOf(abandoned, store.id, 3), at(0));
    await lines.append(linesOf(claimed, store.id, 2), at(0));
    await ports.jobs.insert(aJob(store.id, { id: claimed, jobType: 'import' }), NO_EVENTS);
    await lines.append(linesOf(recent, store.id, 2), at(1000));

    clock.set(at(ABANDONED_IMPORT_LINES_AFTER_MS));
    expect(await sweep.execute()).to.equal(0);
    expect(await stored(lines, abandoned)).to.equal(3);

    clock.set(at(ABANDONED_IMPORT_LINES_AFTER_MS + 1));
    expect(await sweep.execute()).to.equal(3);
    expect(await stored(lines, abandoned)).to.equal(0);
    expect(await stored(lines, recent)).to.equal(2);
    expect(await stored(lines, claimed)).to.equal(2);

    clock.set(at(ABANDONED_IMPORT_LINES_AFTER_MS + 1001));
    expect(await sweep.execute()).to.equal(2);
    expect(await stored(lines, recent)).to.equal(0);
    expect(await stored(lines, claimed)).to.equal(2);
  });

  it('sweeps only the old lines of an upload still streaming past the bound, and the lines of a deleted job', async () => {
    const { ports, store, lines, clock, sweep } = await setup();
    const [streaming, deleted] = [randomIds.uuid(), randomIds.uuid()];
    await lines.append(linesOf(streaming, store.id, 2), at(0));
    await lines.append(linesOf(deleted, store.id, 2), at(0));
    const job = aJob(store.id, { id: deleted, jobType: 'import' });
    await ports.jobs.insert(job, NO_EVENTS);
    clock.set(at(ABANDONED_IMPORT_LINES_AFTER_MS + 1));
    await lines.append(
      [{ importId: streaming, lineNumber: 3, storeId: store.id, status: 'failed', error: 'late' }],
      clock.now(),
    );
    expect(await sweep.execute()).to.equal(2);
    expect(await stored(lines, streaming)).to.equal(1);
    expect(await stored(lines, deleted)).to.equal(2);
    await ports.jobs.delete(store.id, job.id, clock.now(), NO_EVENTS);
    expect(await sweep.execute()).to.equal(2);
    expect(await stored(lines, deleted)).to.equal(0);
  });

  it('discards every line of one import and keeps the others', async () => {
    const { store, lines } = await setup();
    const [one, other] = [randomIds.uuid(), randomIds.uuid()];
    await lines.append(linesOf(one, store.id, 3), at(0));
    await lines.append(linesOf(other, store.id, 1), at(0));
    await lines.discard(one);
    expect(await stored(lines, one)).to.equal(0);
    expect(await stored(lines, other)).to.equal(1);
  });

  it('settles many lines at once, each with its own outcome, and keeps the first outcome of a line already settled', async () => {
    const { store, lines } = await setup();
    const importId = randomIds.uuid();
    const pending = (lineNumber: number): ImportLine => ({
      importId,
      lineNumber,
      storeId: store.id,
      recordType: 'subscription',
      body: '{}',
      recordId: randomIds.uuid(),
      status: 'pending',
    });
    await lines.append([1, 2, 3, 4, 5, 6].map(pending), at(0));
    await lines.settle(importId, 6, { status: 'failed', error: 'first' });
    await lines.settleMany(importId, [
      { lineNumber: 1, outcome: { status: 'imported' } },
      { lineNumber: 2, outcome: { status: 'failed', error: 'data.currency must be a currency the plan is priced in' } },
      { lineNumber: 4, outcome: { status: 'imported' } },
      { lineNumber: 5, outcome: { status: 'failed', error: 'offering not found' } },
      { lineNumber: 6, outcome: { status: 'imported' } },
    ]);
    await lines.settleMany(importId, []);
    expect((await lines.pending(importId, 0, 10)).map((l) => l.lineNumber)).to.deep.equal([3]);
    const failures = await lines.failures(store.id, importId, { offset: 0, limit: 10 } as PageRequest);
    expect(failures.items.map((l) => [l.lineNumber, l.error])).to.deep.equal([
      [2, 'data.currency must be a currency the plan is priced in'],
      [5, 'offering not found'],
      [6, 'first'],
    ]);
    expect((await lines.report(importId)).records.imported.subscription).to.equal(2);
  });
});
