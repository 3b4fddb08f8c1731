import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { ListImportErrors } from '../../../src/application/use-cases/imports/list-import-errors.js';
import { RunImport } from '../../../src/application/use-cases/imports/run-import.js';
import { type UploadedLine, UploadImport } from '../../../src/application/use-cases/imports/upload-import.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { ListSubscribers } from '../../../src/application/use-cases/subscriptions/subscribers.js';
import { buildContainer } from '../../../src/container.js';
import { MAX_JSON_DEPTH } from '../../../src/domain/shared/json-depth.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const subscriber = (n: number, name = `Subscriber ${n}`) =>
  JSON.stringify({
    data: {
      type: 'subscription_subscriber',
      attributes: { account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60', name, email: `s${n}@example.com` },
    },
  });

const subscriberData = (n: number): string => JSON.stringify((JSON.parse(subscriber(n)) as { data: unknown }).data);

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const upload = (lines: readonly UploadedLine[], externalRef?: string) => ({
  lines: (async function* () {
    yield* lines;
  })(),
  externalRef: () => externalRef,
});

describe('Importing records', () => {
  const start = async () => {
    const container = buildContainer({ kind: 'memory' });
    const created = await container.get(CreateStore).execute('Import store');
    if (E.isLeft(created)) throw new Error('store not created');
    const storeId = created.right.store.id;
    const run = async (importId: Uuid) => {
      const job = await container.get(TOKENS.JobRepository).findById(storeId, importId);
      if (job === undefined) throw new Error(`no import ${importId}`);
      const ran = await container.get(RunImport).run({ job, startedAt: new Date(), heartbeat: async () => undefined });
      if (E.isLeft(ran)) throw new Error(`import ${importId} refused: ${JSON.stringify(ran.left)}`);
      return ran.right;
    };
    const failedLines = async (importId: Uuid) => {
      const page = await container.get(ListImportErrors).execute(storeId, importId, new Map());
      if (E.isLeft(page)) throw new Error('no errors page');
      return page.right.items.map((line) => [line.lineNumber, line.error]);
    };
    const names = async () => {
      const page = await container.get(ListSubscribers).execute(storeId, new Map());
      if (E.isLeft(page)) throw new Error('no subscribers page');
      return page.right.items.map((s) => s.attributes.name).sort();
    };
    return { container, storeId, run, failedLines, names };
  };

  it('fails a line nested too deep, an overlong line and one that is not UTF-8 at upload, each alone, and imports the others', async () => {
    const { container, storeId, run, failedLines, names } = await start();
    const lines: UploadedLine[] = [
      { lineNumber: 1, text: subscriber(1) },
      { lineNumber: 2, text: `{"data":{"type":"subscription_subscriber","attributes":{"tags":${nested(5_000)}}}}` },
      { lineNumber: 3, overlong: true },
      { lineNumber: 5, notUtf8: true },
      { lineNumber: 6, text: subscriber(6) },
    ];
    const uploaded = await container.get(UploadImport).execute(storeId, upload(lines), 100);
    if (E.isLeft(uploaded)) throw new Error(JSON.stringify(uploaded.left));
    expect(uploaded.right.report).to.deep.include({ failed: 3 });
    const report = await run(uploaded.right.id);
    expect(report).to.deep.include({ failed: 3 });
    expect(await failedLines(uploaded.right.id)).to.deep.equal([
      [2, `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`],
      [3, 'the line is longer than the limit for one line'],
      [5, 'the line is not valid UTF-8 text'],
    ]);
    expect(await names()).to.deep.equal(['Subscriber 1', 'Subscriber 6']);
  });

  it('fails a stored line whose body is nested too deep or is not JSON alone when it runs, instead of stopping the import', async () => {
    const { container, storeId, run, failedLines, names } = await start();
    const uploaded = await container
      .get(UploadImport)
      .execute(storeId, upload([{ lineNumber: 1, text: subscriber(1) }]), 100);
    if (E.isLeft(uploaded)) throw new Error(JSON.stringify(uploaded.left));
    const importId = uploaded.right.id;
    // Lines as a version that checked less at upload, or a hand edit of the table, could have left them.
    const line = (lineNumber: number, body: string) => ({
      importId,
      lineNumber,
      storeId,
      recordType: 'subscription_subscriber' as const,
      body,
      recordId: container.get(TOKENS.IdGenerator).uuid(),
      status: 'pending' as const,
    });
    await container
      .get(TOKENS.ImportLineRepository)
      .append(
        [
          line(2, `{"type":"subscription_subscriber","attributes":{"tags":${nested(5_000)}}}`),
          line(3, '{"type":'),
          line(4, subscriberData(4)),
        ],
        new Date(),
      );
    await run(importId);
    expect(await failedLines(importId)).to.deep.equal([
      [2, `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`],
      [3, 'the stored line is not valid JSON'],
    ]);
    expect(await names()).to.deep.equal(['Subscriber 1', 'Subscriber 4']);
  });

  it('refuses an external_ref holding U+0000 or a lone surrogate, naming it, and keeps no line of the upload', async () => {
    const { container, storeId } = await start();
    for (const externalRef of ['batch\u00007', 'batch\ud800']) {
      const refused = await container
        .get(UploadImport)
        .execute(storeId, upload([{ lineNumber: 1, text: subscriber(1) }], externalRef), 100);
      expect(refused).to.deep.equal(
        E.left({
          _tag: 'ValidationFailed',
          issues: [{ source: 'external_ref', detail: 'must be valid Unicode text without NUL (U+0000) characters' }],
        }),
      );
    }
    expect(
      await container.get(TOKENS.ImportLineRepository).discardAbandoned(new Date(Date.now() + 86_400_000)),
      'lines left behind',
    ).to.equal(0);
  });
});
