import { expect } from 'chai';
import { DEFAULT_IMPORT_UPLOAD_LIMITS } from '../../../../src/adapters/config/import-settings.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { RunImport } from '../../../../src/application/use-cases/imports/run-import.js';
import { CreateSubscriber } from '../../../../src/application/use-cases/subscriptions/subscribers.js';
import { subscriptionsStored } from '../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../support/backends.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { buildClubOffering, runImportJob } from '../../../support/import-runs.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const jsonl = (...lines: unknown[]): string =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');

const form = (file: string | undefined, externalRef?: string): FormData => {
  const body = new FormData();
  if (externalRef !== undefined) body.append('external_ref', externalRef);
  if (file !== undefined) body.append('import_file', new Blob([file], { type: 'application/jsonl' }), 'records.jsonl');
  return body;
};

const upload = (api: TestApi, file: string | undefined, externalRef?: string, path = '/v2/subscriptions/imports') =>
  api.request(path, { method: 'POST', body: form(file, externalRef) });

type Doc = {
  data: {
    id: string;
    attributes: { status: string; external_ref?: string };
    meta: { records: { uploaded: Record<string, number>; imported: Record<string, number> } };
  };
};

const uploaded = async (api: TestApi, file: string, externalRef?: string): Promise<Doc['data']> => {
  const response = await upload(api, file, externalRef);
  expect(response.status, await response.clone().text()).to.equal(201);
  return ((await response.json()) as Doc).data;
};

const subscriber = (n: number) => ({
  data: {
    type: 'subscription_subscriber',
    attributes: {
      account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
      name: `Subscriber ${n}`,
      email: `s${n}@example.com`,
    },
  },
});

forEachBackend('HTTP: subscription imports', (_backend, persistence) => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({
      persistence: persistence(),
      imports: { ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: 20, maxLineBytes: 4096, maxFileBytes: 64 * 1024 },
    });
  });
  afterEach(async () => api.close());

  it('imports a good file of every type, in file order, counting uploaded and imported per type', async () => {
    const { offeringId: clubId, planId: offeringPlan, productId } = await buildClubOffering(api);
    const file = jsonl(
      { data: productData({ name: 'Imported beans', external_ref: 'p-1' }) },
      { data: planData({ name: 'Imported monthly' }) },
      subscriber(1),
      {
        data: {
          type: 'subscription_offering',
          attributes: { name: 'Imported club' },
          relationships: { products: { data: [{ type: 'subscription_product', id: productId }] } },
        },
      },
      { data: { type: 'subscription', ...subscriptionData(clubId, offeringPlan) } },
    );
    const created = await uploaded(api, `${file}\n`, 'batch-7');
    expect(created.attributes).to.deep.equal({ status: 'pending', external_ref: 'batch-7' });
    const ones = {
      subscription_product: 1,
      subscription_plan: 1,
      subscription_subscriber: 1,
      subscription_feature: 0,
      subscription_offering: 1,
      subscription: 1,
    };
    expect(created.meta.records).to.deep.equal({
      uploaded: ones,
      imported: {
        ...ones,
        subscription_product: 0,
        subscription_plan: 0,
        subscription_subscriber: 0,
        subscription_feature: 0,
        subscription_offering: 0,
        subscription: 0,
      },
    });

    await runImportJob(api, created.id);
    const done = ((await (await api.request(`/subscriptions/imports/${created.id}`)).json()) as Doc).data;
    expect(done.attributes.status).to.equal('success');
    expect(done.meta.records).to.deep.equal({ uploaded: ones, imported: ones });
    const products = (await (await api.request('/v2/subscriptions/products?filter=eq(external_ref,p-1)')).json()) as {
      data: unknown[];
    };
    expect(products.data).to.have.length(1);
    const subscriptions = (await (await api.request('/v2/subscriptions/subscriptions')).json()) as { data: unknown[] };
    expect(subscriptions.data).to.have.length(1);
    const errors = (await (await api.request(`/v2/subscriptions/imports/${created.id}/errors`)).json()) as {
      data: unknown[];
    };
    expect(errors.data).to.deep.equal([]);
  });

  it('imports the good lines of a file with bad ones, and lists each bad line with its number and why', async () => {
    const file = jsonl(
      subscriber(1),
      '{"data": {"type": "subscription_product", ',
      '',
      { data: { type: 'subscription_coupon', attributes: {} } },
      { data: { type: 'subscription_subscriber', attributes: { name: 'No account', email: 'not-an-email' } } },
      JSON.stringify(subscriber(2)).replace('Subscriber 2', `Subscriber ${'x'.repeat(5000)}`),
      subscriber(3),
    );
    const created = await uploaded(api, `\r\n${file.replaceAll('\n', '\r\n')}`);
    expect(created.meta.records.uploaded['subscription_subscriber']).to.equal(3);
    await runImportJob(api, created.id);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${created.id}`)).json()) as Doc).data;
    expect(done.meta.records.imported['subscription_subscriber']).to.equal(2);
    const errors = (await (
      await api.request(`/v2/subscriptions/imports/${created.id}/errors?page[limit]=2`)
    ).json()) as {
      data: { line_number: number; record_type?: string; detail: string }[];
      meta: { results: { total: number } };
    };
    expect(errors.meta.results.total).to.equal(4);
    expect(errors.data.map((e) => e.line_number)).to.deep.equal([3, 5]);
    expect(errors.data[0]!.detail).to.match(/not valid JSON/);
    expect(errors.data[1]!.detail).to.match(/data.type must be one of/);
    const rest = (await (
      await api.request(`/v2/subscriptions/imports/${created.id}/errors?page[offset]=2`)
    ).json()) as { data: { line_number: number; record_type?: string; detail: string }[] };
    expect(rest.data.map((e) => [e.line_number, e.record_type])).to.deep.equal([
      [6, 'subscription_subscriber'],
      [7, undefined],
    ]);
    expect(rest.data[0]!.detail).to.match(/data\.attributes\.account_id/);
    expect(rest.data[1]!.detail).to.match(/longer than/);
    const subscribers = (await (await api.request('/v2/subscriptions/subscribers')).json()) as {
      data: { attributes: { name: string } }[];
    };
    expect(subscribers.data.map((s) => s.attributes.name).sort()).to.deep.equal(['Subscriber 1', 'Subscriber 3']);
  });

  it('imports features, and lists failed lines in EPCC 2025 shape on the 2025 wire, held to its document', async () => {
    const feature = (name: string, tag: string, ref?: string) => ({
      data: {
        type: 'subscription_feature',
        attributes: {
          name,
          ...(ref === undefined ? {} : { external_ref: ref }),
          configuration: { type: 'access', tag },
        },
      },
    });
    const created = await uploaded(
      api,
      jsonl(feature('Premium content', 'premium', 'f-1'), 'not json', feature('x', 'bad tag!', 'f-2'), {
        data: { type: 'subscription_subscriber', attributes: { name: 'No account', email: 's@example.com' } },
      }),
    );
    expect(created.meta.records.uploaded['subscription_feature']).to.equal(2);
    await runImportJob(api, created.id);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${created.id}`)).json()) as Doc).data;
    expect(done.meta.records.imported['subscription_feature']).to.equal(1);
    const features = (await (
      await api.request('/generations/2025/v2/subscriptions/features?filter=eq(external_ref,f-1)')
    ).json()) as { data: { attributes: { name: string } }[] };
    expect(features.data.map((f) => f.attributes.name)).to.deep.equal(['Premium content']);

    const path = `/generations/2025/v2/subscriptions/imports/${created.id}/errors`;
    const response = await api.request(path);
    const text = await response.text();
    const problems = epccContract().problemsAs('GetImportErrors', {
      method: 'GET',
      path,
      status: response.status,
      header: (name) => response.headers.get(name),
      body: text,
    });
    expect(problems, problems).to.equal(undefined);
    const errors = (JSON.parse(text) as { data: { id: string; type: string; meta: Record<string, unknown> }[] }).data;
    expect(errors.map((e) => [e.meta['line_number'], e.meta['field'], e.meta['external_ref']])).to.deep.equal([
      [2, '', undefined],
      [3, 'name', 'f-2'],
      [4, 'account_id', undefined],
    ]);
    expect(errors[1]!.meta['error']).to.match(/configuration\.tag/);
    expect(new Set(errors.map((e) => e.id)).size, 'an id per line').to.equal(3);
    const again = (await (await api.request(path)).json()) as { data: { id: string }[] };
    expect(
      again.data.map((e) => e.id),
      'the same ids on every read',
    ).to.deep.equal(errors.map((e) => e.id));
    // The 2024 wire keeps its own shape.
    const old = (await (
      await api.request(`/generations/2024/v2/subscriptions/imports/${created.id}/errors`)
    ).json()) as {
      data: { line_number: number; detail: string }[];
    };
    expect(old.data.map((e) => e.line_number)).to.deep.equal([2, 3, 4]);
  });

  it('imports nothing twice when the handler runs again, even after a run that stopped between a record and its line', async () => {
    const created = await uploaded(api, jsonl(subscriber(1), subscriber(2)));
    // A run that created line 1's record and stopped before marking the line: the record has the line's id.
    const [first] = await api.container.get(TOKENS.ImportLineRepository).pending(created.id as Uuid, 0, 10);
    const recordId = first!.recordId!;
    await new CreateSubscriber(api.container.get(TOKENS.SubscriberRepository), api.container.get(TOKENS.Clock), {
      uuid: () => recordId,
    }).execute(api.store.store.id, subscriber(1).data);
    await runImportJob(api, created.id);
    await runImportJob(api, created.id);
    const subscribers = (await (await api.request('/v2/subscriptions/subscribers')).json()) as { data: unknown[] };
    expect(subscribers.data).to.have.length(2);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${created.id}`)).json()) as Doc).data;
    expect(done.meta.records.imported['subscription_subscriber']).to.equal(2);
  });

  it('refuses a body that is not multipart with 415, a form without import_file and an overlong external_ref with 400', async () => {
    const json = await api.request('/subscriptions/imports', jsonBody({ data: subscriber(1) }));
    expect(json.status).to.equal(415);
    const missing = await upload(api, undefined, 'ref');
    expect(missing.status).to.equal(400);
    expect(((await missing.json()) as { errors: { source?: string }[] }).errors[0]!.source).to.equal('import_file');
    const longRef = await upload(api, jsonl(subscriber(1)), 'r'.repeat(2049));
    expect(longRef.status).to.equal(400);
    const list = (await (await api.request('/v2/subscriptions/imports')).json()) as { data: unknown[] };
    expect(list.data).to.deep.equal([]);
  });

  it('refuses a file over the object or byte limit with 413 and keeps nothing of it', async () => {
    const many = await upload(api, jsonl(...Array.from({ length: 21 }, (_, n) => subscriber(n))));
    expect(many.status).to.equal(413);
    expect(((await many.json()) as { errors: { detail: string }[] }).errors[0]!.detail).to.match(
      /more than 20 objects/,
    );
    const big = await upload(api, Array.from({ length: 40 }, () => 'x'.repeat(2000)).join('\n'));
    expect(big.status).to.equal(413);
    const list = (await (await api.request('/v2/subscriptions/imports')).json()) as { data: unknown[] };
    expect(list.data).to.deep.equal([]);
  });

  it("deletes an import's lines with its job", async () => {
    const created = await uploaded(api, jsonl(subscriber(1), 'not json', subscriber(2)));
    const kept = await uploaded(api, jsonl(subscriber(3)));
    const lines = api.container.get(TOKENS.ImportLineRepository);
    expect((await lines.report(created.id as Uuid)).failed).to.equal(1);
    expect((await api.request(`/v2/subscriptions/jobs/${created.id}`, { method: 'DELETE' })).status).to.equal(204);
    expect(await lines.pending(created.id as Uuid, 0, 10)).to.deep.equal([]);
    expect((await lines.report(created.id as Uuid)).failed).to.equal(0);
    expect(await lines.pending(kept.id as Uuid, 0, 10)).to.have.length(1);
    expect((await api.request(`/v2/subscriptions/imports/${created.id}`)).status).to.equal(404);
  });

  it("lists only the store's imports, newest first, and answers 404 for an unknown one", async () => {
    const first = await uploaded(api, jsonl(subscriber(1)));
    const second = await uploaded(api, jsonl(subscriber(2)));
    const list = (await (await api.request('/subscriptions/imports')).json()) as {
      data: { id: string; type: string }[];
    };
    expect(list.data.map((i) => i.id)).to.have.members([first.id, second.id]);
    expect(list.data.every((i) => i.type === 'subscription_import')).to.equal(true);
    expect((await api.request('/v2/subscriptions/imports/3f0c1e2d-4b5a-4c6d-8e7f-9a0b1c2d3e4f')).status).to.equal(404);
    expect(
      (await api.request('/v2/subscriptions/imports/3f0c1e2d-4b5a-4c6d-8e7f-9a0b1c2d3e4f/errors')).status,
    ).to.equal(404);
  });
  it('stores each run of subscription lines in one batch, each once, and keeps other lines in file order', async () => {
    const { offeringId: clubId, planId: offeringPlan } = await buildClubOffering(api);
    const subscription = (n: number, fields: Record<string, unknown> = {}) => ({
      data: {
        type: 'subscription',
        ...subscriptionData(clubId, offeringPlan, { email: `sub${n}@example.com`, ...fields }),
      },
    });
    // Two subscribers with one external_ref-free identity each, between runs of subscriptions; one bad subscription line.
    const file = jsonl(
      subscription(1),
      subscription(2),
      subscription(3),
      subscription(4),
      subscriber(1),
      subscription(5, { currency: 'usd' }),
      subscription(6),
      subscription(7),
      subscriber(2),
      subscription(8),
      subscription(9),
      subscription(10),
      subscription(11),
      subscription(12),
    );
    const created = await uploaded(api, file);
    const subscriptions = api.container.get(TOKENS.SubscriptionRepository);
    const insertMany = subscriptions.insertMany.bind(subscriptions);
    const batches: string[][] = [];
    subscriptions.insertMany = async (storeId, batch) => {
      batches.push(batch.map((c) => c.subscription.email));
      return insertMany(storeId, batch, subscriptionsStored);
    };
    await runImportJob(api, created.id);
    expect(batches, 'one batch per run of subscription lines, the bad line left out').to.deep.equal(
      [
        [1, 2, 3, 4],
        [6, 7],
        [8, 9, 10, 11, 12],
      ].map((run) => run.map((n) => `sub${n}@example.com`)),
    );
    const done = ((await (await api.request(`/v2/subscriptions/imports/${created.id}`)).json()) as Doc).data;
    expect(done.attributes.status).to.equal('success');
    expect(done.meta.records.imported).to.include({ subscription: 11, subscription_subscriber: 2 });
    const listed = (await (await api.request('/v2/subscriptions/subscriptions?page[limit]=25')).json()) as {
      data: { attributes: { email: string } }[];
    };
    expect(listed.data.map((s) => s.attributes.email).sort()).to.deep.equal(
      [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12].map((n) => `sub${n}@example.com`).sort(),
    );
    const errors = (await (await api.request(`/v2/subscriptions/imports/${created.id}/errors`)).json()) as {
      data: { line_number: number }[];
    };
    expect(errors.data.map((e) => e.line_number)).to.deep.equal([6]);
    const subscribers = (await (await api.request('/v2/subscriptions/subscribers')).json()) as {
      data: { attributes: { name: string } }[];
    };
    expect(subscribers.data.map((s) => s.attributes.name).sort()).to.deep.equal(['Subscriber 1', 'Subscriber 2']);
  });

  it('stores a batch the storage refuses one line at a time, stops at a line it refuses, and leaves the rest pending for the next run', async () => {
    const { offeringId: clubId, planId: offeringPlan } = await buildClubOffering(api);
    const subscription = (n: number) => ({
      data: {
        type: 'subscription',
        ...subscriptionData(clubId, offeringPlan, { email: `sub${n}@example.com` }),
      },
    });
    const created = await uploaded(api, jsonl(...[1, 2, 3, 4, 5, 6, 7, 8].map(subscription)));
    const subscriptions = api.container.get(TOKENS.SubscriptionRepository);
    const [insert, insertMany] = [
      subscriptions.insert.bind(subscriptions),
      subscriptions.insertMany.bind(subscriptions),
    ];
    // The storage refuses any batch holding line 3, and line 3 alone once.
    subscriptions.insertMany = async (storeId, batch) => {
      if (batch.some((c) => c.subscription.email === 'sub3@example.com')) throw new Error('connection terminated');
      return insertMany(storeId, batch, subscriptionsStored);
    };
    let refused = false;
    subscriptions.insert = async (s, invoice) => {
      if (s.email === 'sub3@example.com' && !refused) {
        refused = true;
        throw new Error('connection terminated');
      }
      return insert(s, invoice, subscriptionsStored);
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const job = await api.container.get(TOKENS.JobRepository).findById(api.store.store.id, created.id as Uuid);
      let failedWith: unknown;
      await api.container
        .get(RunImport)
        .run({ job: job!, startedAt: new Date(), heartbeat: async () => undefined })
        .catch((error: unknown) => (failedWith = error));
      expect(String(failedWith)).to.contain('connection terminated');
      const pending = await api.container.get(TOKENS.ImportLineRepository).pending(created.id as Uuid, 0, 10);
      expect(
        pending.map((l) => l.lineNumber),
        'the lines before the refused one were stored and marked',
      ).to.deep.equal([3, 4, 5, 6, 7, 8]);
      // The next run imports what is left, creating nothing twice.
      await runImportJob(api, created.id);
      const listed = (await (await api.request('/v2/subscriptions/subscriptions?page[limit]=25')).json()) as {
        data: unknown[];
      };
      expect(listed.data).to.have.length(8);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
