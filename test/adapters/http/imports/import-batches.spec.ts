import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_IMPORT_UPLOAD_LIMITS } from '../../../../src/adapters/config/import-settings.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { IMPORT_BATCH, RunImport } from '../../../../src/application/use-cases/imports/run-import.js';
import { recordIdFirst } from '../../../../src/application/use-cases/imports/stored-record.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { CreateSubscription } from '../../../../src/application/use-cases/subscriptions/create-subscription.js';
import { subscriptionsStored } from '../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { PageRequest } from '../../../../src/domain/query/page.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../support/backends.js';
import { buildClubOffering, runImportJob } from '../../../support/import-runs.js';
import { everyRow } from '../../../support/list-queries.js';
import { aSubscription } from '../../../support/subscription-builders.js';
import { subscriptionData } from '../../../support/subscription-core.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

type ImportDoc = {
  data: {
    id: string;
    attributes: { status: string };
    meta: { records: { uploaded: Record<string, number>; imported: Record<string, number> } };
  };
};

/** The number of the line whose record is each subscription, from the lines as uploaded. */
const linesByRecord = async (api: TestApi, importId: string): Promise<Map<string, number>> => {
  const lines = await api.container.get(TOKENS.ImportLineRepository).pending(importId as Uuid, 0, 10 * IMPORT_BATCH);
  return new Map(lines.map((line) => [line.recordId!, line.lineNumber]));
};

forEachBackend('HTTP: subscription imports in batches', (_backend, persistence) => {
  let api: TestApi;
  let subscription: (n: number, fields?: Record<string, unknown>) => string;
  let offeringId: Uuid;
  beforeEach(async () => {
    api = await startTestApi({
      persistence: persistence(),
      imports: { ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: 4 * IMPORT_BATCH, maxFileBytes: 8 * 1024 * 1024 },
    });
    const { offeringId: clubId, planId } = await buildClubOffering(api);
    offeringId = clubId as Uuid;
    subscription = (n, fields = {}) =>
      JSON.stringify({
        data: {
          type: 'subscription',
          ...subscriptionData(clubId, planId, { email: `sub${n}@example.com`, ...fields }),
        },
      });
  });
  afterEach(async () => api.close());

  const upload = async (lines: readonly string[]): Promise<string> => {
    const body = new FormData();
    body.append('import_file', new Blob([lines.join('\n')], { type: 'application/jsonl' }), 'subscriptions.jsonl');
    const response = await api.request('/v2/subscriptions/imports', { method: 'POST', body });
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as ImportDoc).data.id;
  };

  const failedLines = async (importId: string): Promise<number[]> => {
    const failures = await api.container
      .get(TOKENS.ImportLineRepository)
      .failures(api.store.store.id, importId as Uuid, { offset: 0, limit: 100 } as PageRequest);
    return failures.items.map((line) => line.lineNumber);
  };

  /** The store's subscriptions as its running count says and as its rows are, and each one's first invoice number. */
  const stored = async () => {
    const storeId = api.store.store.id;
    const list = (await (await api.request('/v2/subscriptions/subscriptions?page[limit]=1')).json()) as {
      meta: { results: { total: number } };
    };
    const subscriptions = api.container.get(TOKENS.SubscriptionRepository);
    const invoiceReads = api.container.get(TOKENS.InvoiceReads);
    const numbers = new Map<string, number[]>();
    for (let offset = 0; ; offset += 100) {
      const page = await invoiceReads.list(storeId, everyRow([], { offset, limit: 100 } as PageRequest));
      for (const invoice of page.items)
        numbers.set(invoice.subscriptionId, [...(numbers.get(invoice.subscriptionId) ?? []), invoice.number]);
      if (page.items.length < 100) break;
    }
    const ids = [...numbers.keys()] as Uuid[];
    return { counted: list.meta.results.total, rows: (await subscriptions.existing(storeId, ids)).size, numbers };
  };

  /** Every subscription has exactly one first invoice, numbered 1..n without a gap in the order of its line. */
  const expectNumberedInLineOrder = (numbers: Map<string, number[]>, lineOf: Map<string, number>) => {
    expect(
      [...numbers.values()].every((n) => n.length === 1),
      'one invoice per subscription',
    ).to.equal(true);
    const inLineOrder = [...numbers.entries()].sort(([a], [b]) => lineOf.get(a)! - lineOf.get(b)!).map(([, [n]]) => n);
    expect(inLineOrder).to.deep.equal(inLineOrder.map((_, i) => i + 1));
  };

  it("fails the first and the last line of a batch alone, and numbers the others' first invoices in file order without a gap", async () => {
    const total = 2 * IMPORT_BATCH + 1;
    const bad = [1, IMPORT_BATCH, IMPORT_BATCH + 1, 2 * IMPORT_BATCH, total];
    const importId = await upload(
      Array.from({ length: total }, (_, i) => subscription(i + 1, bad.includes(i + 1) ? { currency: 'GBP' } : {})),
    );
    const lineOf = await linesByRecord(api, importId);
    await runImportJob(api, importId);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${importId}`)).json()) as ImportDoc).data;
    expect(done.attributes.status).to.equal('success');
    expect(done.meta.records.imported['subscription']).to.equal(total - bad.length);
    expect(await failedLines(importId)).to.deep.equal(bad);
    const errors = (await (await api.request(`/v2/subscriptions/imports/${importId}/errors`)).json()) as {
      data: { line_number: number; detail: string }[];
    };
    expect(errors.data.map((e) => e.detail)).to.deep.equal(
      bad.map(() => 'data.currency: must be a currency the plan is priced in; the plan is priced in EUR, USD'),
    );
    const { counted, rows, numbers } = await stored();
    expect({ counted, rows }).to.deep.equal({ counted: total - bad.length, rows: total - bad.length });
    expectNumberedInLineOrder(numbers, lineOf);
  });

  it('stores nothing twice when a run is taken over after one died midway through a batch, before or after the batch was stored', async () => {
    const total = IMPORT_BATCH + 10;
    const importId = await upload(Array.from({ length: total }, (_, i) => subscription(i + 1)));
    const lineOf = await linesByRecord(api, importId);
    // A run that stored two lines of the first batch one at a time and died before marking them.
    const early = [...lineOf.entries()].filter(([, line]) => line === 3 || line === IMPORT_BATCH - 1);
    for (const [recordId, line] of early) {
      const create = new CreateSubscription(
        api.container.get(TOKENS.SubscriptionRepository),
        api.container.get(TOKENS.OfferingRepository),
        api.container.get(TOKENS.StoreClock),
        recordIdFirst(recordId as Uuid, randomIds),
      );
      await create.execute(api.store.store.id, (JSON.parse(subscription(line)) as { data: unknown }).data);
    }
    // A run that stored the first batch and died before marking its lines.
    const lines = api.container.get(TOKENS.ImportLineRepository);
    const settleMany = lines.settleMany.bind(lines);
    lines.settleMany = async () => {
      lines.settleMany = settleMany;
      throw new Error('the process died');
    };
    const job = await api.container.get(TOKENS.JobRepository).findById(api.store.store.id, importId as Uuid);
    let died: unknown;
    await api.container
      .get(RunImport)
      .run({ job: job!, startedAt: new Date(), heartbeat: async () => undefined })
      .catch((error: unknown) => (died = error));
    expect(String(died)).to.contain('the process died');
    expect(await lines.pending(importId as Uuid, 0, 1), 'no line marked').to.have.length(1);
    // The marks are written behind the run: the batch after the first was stored while the first one's
    // marks were failing, and the failure stopped the run after it.
    expect((await stored()).rows, 'both batches were stored, none marked').to.equal(total);

    await runImportJob(api, importId);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${importId}`)).json()) as ImportDoc).data;
    expect(done.attributes.status).to.equal('success');
    expect(done.meta.records.imported['subscription']).to.equal(total);
    expect(await failedLines(importId)).to.deep.equal([]);
    const { counted, rows, numbers } = await stored();
    expect({ counted, rows }).to.deep.equal({ counted: total, rows: total });
    // The two lines stored early were numbered first; the others follow in line order.
    const earlyIds = new Set(early.map(([id]) => id));
    expect(early.map(([id]) => numbers.get(id)![0]).sort()).to.deep.equal([1, 2]);
    expectNumberedInLineOrder(
      new Map([...numbers].filter(([id]) => !earlyIds.has(id)).map(([id, [n]]) => [id, [n! - 2]])),
      lineOf,
    );
  });

  it('stops at a line the storage refuses midway through a batch, with the lines before it stored and counted, and nothing after it', async () => {
    const total = 20;
    const importId = await upload(Array.from({ length: total }, (_, i) => subscription(i + 1)));
    const lineOf = await linesByRecord(api, importId);
    // Line 12's record id is taken by another store's subscription: the store's own lookup cannot see it,
    // so the batch reaches the storage and is refused there, rolled back whole.
    const [taken] = [...lineOf.entries()].filter(([, line]) => line === 12).map(([id]) => id as Uuid);
    const other = await api.container.get(CreateStore).execute('Other store');
    if (E.isLeft(other)) throw new Error('store not created');
    const subscriptions = api.container.get(TOKENS.SubscriptionRepository);
    const offering = await api.container.get(TOKENS.OfferingRepository).findById(api.store.store.id, offeringId);
    await subscriptions.insert(
      aSubscription(offering!, await subscriptions.snapshotOffering(offering!), {
        id: taken!,
        storeId: other.right.store.id,
      }),
      undefined,
      subscriptionsStored,
    );
    const job = await api.container.get(TOKENS.JobRepository).findById(api.store.store.id, importId as Uuid);
    let refused: unknown;
    await api.container
      .get(RunImport)
      .run({ job: job!, startedAt: new Date(), heartbeat: async () => undefined })
      .catch((error: unknown) => (refused = error));
    expect(refused, 'the run stops').to.be.instanceOf(Error);
    const lines = api.container.get(TOKENS.ImportLineRepository);
    expect((await lines.pending(importId as Uuid, 0, total)).map((l) => l.lineNumber)).to.deep.equal([
      12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const { counted, rows, numbers } = await stored();
    expect({ counted, rows }).to.deep.equal({ counted: 11, rows: 11 });
    expectNumberedInLineOrder(numbers, lineOf);
  });

  it('marks imported, not failed, a line refused now whose record an earlier run stored', async () => {
    const importId = await upload([subscription(1), subscription(2), subscription(3)]);
    const lines = api.container.get(TOKENS.ImportLineRepository);
    const uploadedLines = await lines.pending(importId as Uuid, 0, 10);
    const recordId = uploadedLines[1]!.recordId!;
    const create = new CreateSubscription(
      api.container.get(TOKENS.SubscriptionRepository),
      api.container.get(TOKENS.OfferingRepository),
      api.container.get(TOKENS.StoreClock),
      recordIdFirst(recordId, randomIds),
    );
    expect(E.isRight(await create.execute(api.store.store.id, JSON.parse(uploadedLines[1]!.body!)))).to.equal(true);
    // Since that run, line 2 has become one its create endpoint refuses (its plan is not the offering's).
    const refusedToday = JSON.stringify({
      ...(JSON.parse(uploadedLines[1]!.body!) as Record<string, unknown>),
      plan_id: randomIds.uuid(),
    });
    await lines.discard(importId as Uuid);
    await lines.append(
      uploadedLines.map((line) => (line.lineNumber === 2 ? { ...line, body: refusedToday } : line)),
      new Date(),
    );
    await runImportJob(api, importId);
    expect(await failedLines(importId)).to.deep.equal([]);
    const { counted, rows } = await stored();
    expect({ counted, rows }).to.deep.equal({ counted: 3, rows: 3 });
  });
});
