import { expect } from 'chai';
import type {
  ImportLineRepository,
  SettledLine,
} from '../../../src/application/ports/imports/import-line-repository.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { LineMarks } from '../../../src/application/use-cases/imports/line-marks.js';
import { buildContainer } from '../../../src/container.js';
import type { ImportLine } from '../../../src/domain/imports/import-line.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const importId = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b' as Uuid;
const storeId = '6a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d' as Uuid;

const line = (lineNumber: number): ImportLine => ({
  importId,
  lineNumber,
  storeId,
  recordType: 'subscription',
  body: '{}',
  status: 'pending',
});

const imported = (...lineNumbers: number[]): SettledLine[] =>
  lineNumbers.map((lineNumber) => ({ lineNumber, outcome: { status: 'imported' } }));

/** The lines' repository with each settleMany held until the test lets it go, and the order they were let go in. */
const held = async () => {
  const lines = buildContainer({ kind: 'memory' }).get(TOKENS.ImportLineRepository);
  await lines.append([1, 2, 3, 4, 5].map(line), new Date());
  const releases: (() => void)[] = [];
  const written: number[][] = [];
  let fail = false;
  const settleMany = lines.settleMany.bind(lines);
  const repository: ImportLineRepository = Object.assign(Object.create(lines) as ImportLineRepository, {
    settleMany: async (id: Uuid, settled: readonly SettledLine[]) => {
      await new Promise<void>((release) => releases.push(release));
      if (fail) throw new Error('the storage went away');
      written.push(settled.map((s) => s.lineNumber));
      await settleMany(id, settled);
    },
  });
  const pending = async () => (await lines.pending(importId, 0, 10)).map((l) => l.lineNumber);
  return { repository, releases, written, pending, failNext: () => (fail = true) };
};

describe('Marking imported lines behind the run (LineMarks)', () => {
  it('writes the marks one batch after the other, in the order given, and done waits for every one', async () => {
    const { repository, releases, written, pending } = await held();
    const marks = new LineMarks(repository, importId);
    marks.add(imported(1, 2));
    marks.add([]);
    marks.add(imported(3, 4));
    let finished = false;
    const done = marks.done().then(() => (finished = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases, 'the second batch waits for the first').to.have.length(1);
    releases[0]!();
    await new Promise((resolve) => setImmediate(resolve));
    expect({ written, finished }).to.deep.equal({ written: [[1, 2]], finished: false });
    releases[1]!();
    await done;
    expect(written).to.deep.equal([
      [1, 2],
      [3, 4],
    ]);
    expect(await pending()).to.deep.equal([5]);
  });

  it('lets a batch be stored once every batch of marks but the last one is written (behindLast)', async () => {
    const { repository, releases, written } = await held();
    const marks = new LineMarks(repository, importId);
    let behind = false;
    await marks.behindLast().then(() => (behind = true));
    expect(behind, 'nothing given yet').to.equal(true);
    marks.add(imported(1, 2));
    behind = false;
    await marks.behindLast().then(() => (behind = true));
    expect({ behind, written }, 'one batch given: nothing to wait for behind it').to.deep.equal({
      behind: true,
      written: [],
    });
    marks.add(imported(3));
    behind = false;
    const waiting = marks.behindLast().then(() => (behind = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(behind, 'waits for the first batch').to.equal(false);
    releases[0]!();
    await waiting;
    expect(written).to.deep.equal([[1, 2]]);
    await new Promise((resolve) => setImmediate(resolve));
    releases[1]!();
    await marks.done();
    expect(written).to.deep.equal([[1, 2], [3]]);
  });

  it('fails done with the first failure, writes nothing after it, and leaves no rejection unhandled meanwhile', async () => {
    const { repository, releases, written, pending, failNext } = await held();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const marks = new LineMarks(repository, importId);
      marks.add(imported(1));
      failNext();
      await new Promise((resolve) => setImmediate(resolve));
      releases[0]!();
      // The failure happens while the run is elsewhere: nothing awaits the marks yet.
      await new Promise((resolve) => setTimeout(resolve, 20));
      marks.add(imported(2, 3));
      let refused: unknown;
      await marks.done().catch((error: unknown) => (refused = error));
      expect(String(refused)).to.contain('the storage went away');
      expect({ written, asked: releases.length }, 'nothing after the failure was tried').to.deep.equal({
        written: [],
        asked: 1,
      });
      expect(await pending()).to.deep.equal([1, 2, 3, 4, 5]);
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
