import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { errorBody } from '../../../support/error-body.js';
import { StrictlyIncreasingClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
const JOBS = '/v2/subscriptions/jobs';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;
const INVOICE = '6f1c2b7e-9a7d-4c1e-8f5e-1d2c3b4a5f60';

describe('HTTP: jobs', () => {
  let api: TestApi;
  // The service under test runs no workers: jobs stay as the requests leave them, unless a test claims one.
  beforeEach(async () => {
    api = await startTestApi({
      configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(new StrictlyIncreasingClock()),
    });
  });
  afterEach(async () => api.close());

  const submit = (attributes: Record<string, unknown>, path = JOBS) =>
    api.request(path, { ...jsonBody({ data: { type: 'subscription_job', attributes } }) });
  const created = async (attributes: Record<string, unknown>) => {
    const response = await submit(attributes);
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };

  it("creates a pending job shaped as EPCC's Job, readable under both prefixes", async () => {
    const taxes = [
      {
        invoice_id: INVOICE,
        tax_items: [{ type: 'tax_item', rate: 0.2, name: 'VAT', code: '20.0 % S', jurisdiction: 'GB' }],
      },
    ];
    const job = await created({ job_type: 'tax-run', external_ref: 'abc', taxes, colour: 'ignored' });
    expect(job.type).to.equal('subscription_job');
    expect(job.attributes).to.deep.include({ job_type: 'tax-run', external_ref: 'abc', taxes, status: 'pending' });
    expect(job.attributes['created_at']).to.match(TIMESTAMP);
    expect(job.meta).to.deep.equal({
      owner: 'store',
      timestamps: { created_at: job.attributes['created_at'], updated_at: job.attributes['updated_at'] },
    });
    for (const prefix of ['/v2', '']) {
      const read = await api.request(`${prefix}/subscriptions/jobs/${job.id}`);
      expect(read.status, prefix).to.equal(200);
      expect(((await read.json()) as { data: Resource }).data).to.deep.equal(job);
    }
    expect((await submit({ job_type: 'billing-run' }, '/subscriptions/jobs')).status).to.equal(201);
  });

  it('answers 400 for an import, a tax run without taxes and every invalid field', async () => {
    const imported = await submit({ job_type: 'import' });
    expect(imported.status).to.equal(400);
    expect((await errorBody(imported)).errors[0]?.['detail']).to.contain('/subscriptions/imports');
    const invalid = await submit({ job_type: 'tax-run', external_ref: 'r'.repeat(2049) });
    expect(invalid.status).to.equal(400);
    expect((await errorBody(invalid)).errors.map((e) => e['source'])).to.deep.equal([
      'data.attributes.external_ref',
      'data.attributes.taxes',
    ]);
    const misplaced = await submit({
      job_type: 'payment-run',
      taxes: [{ invoice_id: INVOICE, tax_items: [{ type: 'tax_item', rate: 2 }] }],
    });
    expect((await errorBody(misplaced)).errors.map((e) => e['source'])).to.deep.equal(['data.attributes.taxes']);
    const list = (await (await api.request(JOBS)).json()) as { data: unknown[] };
    expect(list.data).to.deep.equal([]);
  });

  it('lists newest first, filters on external_ref and refuses other filters', async () => {
    const a = await created({ job_type: 'billing-run', external_ref: 'monthly' });
    const b = await created({ job_type: 'payment-run' });
    const c = await created({ job_type: 'billing-run', external_ref: 'monthly' });
    const all = (await (await api.request(JOBS)).json()) as { data: Resource[]; meta: { results: { total: number } } };
    expect(all.data.map((j) => j.id)).to.deep.equal([c.id, b.id, a.id]);
    const filtered = (await (await api.request(`${JOBS}?filter=eq(external_ref,monthly)&page[limit]=1`)).json()) as {
      data: Resource[];
      meta: { results: { total: number } };
    };
    expect(filtered.data.map((j) => j.id)).to.deep.equal([c.id]);
    expect(filtered.meta.results.total).to.equal(2);
    expect((await api.request(`${JOBS}?filter=eq(job_type,billing-run)`)).status).to.equal(400);
  });

  it('answers 404 for an unknown or malformed id, 409 while the job runs, 204 otherwise', async () => {
    expect((await api.request(`${JOBS}/8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e`)).status).to.equal(404);
    expect((await api.request(`${JOBS}/not-a-uuid`)).status).to.equal(404);
    expect((await api.request(`${JOBS}/8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e`, { method: 'DELETE' })).status).to.equal(
      404,
    );
    const job = await created({ job_type: 'billing-run' });
    await api.container
      .get(TOKENS.JobRepository)
      .claimNext({ storeId: api.store.store.id as Uuid, lane: 'billing-run' }, new Date(), 60_000);
    const started = ((await (await api.request(`${JOBS}/${job.id}`)).json()) as { data: Resource }).data;
    expect(started.attributes['status']).to.equal('started');
    expect(started.meta['timestamps']['started_at']).to.match(TIMESTAMP);
    const refused = await api.request(`${JOBS}/${job.id}`, { method: 'DELETE' });
    expect(refused.status).to.equal(409);
    expect((await errorBody(refused)).errors[0]).to.deep.include({ status: '409', code: 'job_running' });
    const pending = await created({ job_type: 'payment-run' });
    expect((await api.request(`/subscriptions/jobs/${pending.id}`, { method: 'DELETE' })).status).to.equal(204);
    expect((await api.request(`${JOBS}/${pending.id}`)).status).to.equal(404);
  });

  it('lets an implicit token do nothing with jobs', async () => {
    const implicit = await api.token('implicit');
    expect((await api.request(JOBS, { token: implicit })).status).to.equal(403);
    expect(
      (
        await api.request(JOBS, {
          ...jsonBody({ data: { type: 'subscription_job', attributes: { job_type: 'billing-run' } } }),
          token: implicit,
        })
      ).status,
    ).to.equal(403);
  });
});
