import { expect } from 'chai';
import type { Container } from 'inversify';
import { TOKENS } from '../../../../src/application/tokens.js';
import { RegisterSchedules } from '../../../../src/application/use-cases/schedules/register-schedules.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { errorBody } from '../../../support/error-body.js';
import { RecordingJobQueue } from '../../../support/recording-job-queue.js';
import { TestClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
type ListDoc = { data: Resource[]; links: Record<string, string | null>; meta: { results: { total: number } } };

const SCHEDULES = '/v2/subscriptions/schedules';
const UNKNOWN = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e';
const NIGHTLY = { specification: '30 0 * * *', location: 'Europe/London', job: { job_type: 'billing-run' } };

describe('HTTP: schedules', () => {
  let api: TestApi;
  let queue: RecordingJobQueue;
  let clock: TestClock;
  let container: Container;

  const post = (attributes: Record<string, unknown>) =>
    api.request(SCHEDULES, jsonBody({ data: { type: 'subscription_schedule', attributes } }));
  const put = (id: string, attributes: Record<string, unknown>) =>
    api.request(`${SCHEDULES}/${id}`, {
      ...jsonBody({ data: { id, type: 'subscription_schedule', attributes } }),
      method: 'PUT',
    });
  const created = async (attributes: Record<string, unknown> = NIGHTLY) => {
    const response = await post(attributes);
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };

  beforeEach(async () => {
    queue = new RecordingJobQueue();
    clock = new TestClock(new Date('2026-07-01T23:00:00.000Z'));
    api = await startTestApi({
      configure: (c) => {
        container = c;
        (c.isBound(TOKENS.JobQueue) ? c.rebind(TOKENS.JobQueue) : c.bind(TOKENS.JobQueue)).toConstantValue(queue);
        c.rebind(TOKENS.Clock).toConstantValue(clock);
      },
    });
  });
  afterEach(async () => api.close());

  it("creates a schedule shaped as EPCC's, with the next instant it fires, and hands it to the job queue", async () => {
    const schedule = await created({ ...NIGHTLY, name: 'Nightly billing', external_ref: 'nightly' });
    expect(schedule.type).to.equal('subscription_schedule');
    expect(schedule.attributes).to.deep.equal({
      ...NIGHTLY,
      name: 'Nightly billing',
      external_ref: 'nightly',
      created_at: '2026-07-01T23:00:00.000000000Z',
      updated_at: '2026-07-01T23:00:00.000000000Z',
    });
    // 00:30 in London in July is 23:30 UTC the day before.
    expect(schedule.meta).to.deep.equal({
      owner: 'store',
      timestamps: { created_at: '2026-07-01T23:00:00.000000000Z', updated_at: '2026-07-01T23:00:00.000000000Z' },
      scheduled_for: '2026-07-01T23:30:00.000000000Z',
    });
    expect(queue.schedules.get(schedule.id as Uuid)).to.deep.equal({
      specification: '30 0 * * *',
      location: 'Europe/London',
    });
    for (const prefix of ['/v2', '']) {
      const read = await api.request(`${prefix}/subscriptions/schedules/${schedule.id}`);
      expect(read.status, prefix).to.equal(200);
      expect(((await read.json()) as { data: Resource }).data, prefix).to.deep.equal(schedule);
    }
  });

  it('answers 400 naming every problem and hands nothing to the queue', async () => {
    const response = await post({
      specification: '0 0 * *',
      location: 'Mars/Olympus_Mons',
      job: { job_type: 'import' },
    });
    expect(response.status).to.equal(400);
    expect((await errorBody(response)).errors.map((e) => e['source'])).to.deep.equal([
      'data.attributes.specification',
      'data.attributes.location',
      'data.attributes.job.job_type',
    ]);
    expect(queue.schedules.size).to.equal(0);
    expect((await api.request(SCHEDULES).then((r) => r.json() as Promise<ListDoc>)).data).to.have.length(0);
  });

  it('answers 400 for cron fields out of range, on create and on update', async () => {
    const response = await post({ ...NIGHTLY, specification: '0 0 31 2 *' });
    expect(response.status).to.equal(400);
    expect((await errorBody(response)).errors[0]?.['source']).to.equal('data.attributes.specification');
    const schedule = await created();
    const edit = await put(schedule.id, { specification: '61 * * * *' });
    expect(edit.status).to.equal(400);
    expect(
      ((await api.request(`${SCHEDULES}/${schedule.id}`).then((r) => r.json())) as { data: Resource }).data.attributes[
        'specification'
      ],
    ).to.equal('30 0 * * *');
  });

  it('moves meta.scheduled_for with the clock, and an edit takes effect from the next instant', async () => {
    const schedule = await created();
    clock.advance(45 * 60_000);
    const later = ((await api.request(`${SCHEDULES}/${schedule.id}`).then((r) => r.json())) as { data: Resource }).data;
    expect(later.meta['scheduled_for']).to.equal('2026-07-02T23:30:00.000000000Z');
    const edited = await put(schedule.id, {
      specification: '0 6 * * MON',
      location: 'UTC',
      job: { job_type: 'payment-run' },
    });
    expect(edited.status).to.equal(200);
    const body = ((await edited.json()) as { data: Resource }).data;
    expect(body.attributes['job']).to.deep.equal({ job_type: 'payment-run' });
    expect(body.meta['scheduled_for']).to.equal('2026-07-06T06:00:00.000000000Z');
    expect(queue.schedules.get(schedule.id as Uuid)).to.deep.equal({ specification: '0 6 * * MON', location: 'UTC' });
  });

  it('keeps external_ref unique in the store (409) and filters the list on it', async () => {
    const nightly = await created({ ...NIGHTLY, external_ref: 'nightly' });
    await created({ ...NIGHTLY, external_ref: 'weekly' });
    const taken = await post({ ...NIGHTLY, external_ref: 'nightly' });
    expect(taken.status).to.equal(409);
    expect((await errorBody(taken)).errors[0]?.['code']).to.equal('external_ref_taken');
    const filtered = (await api
      .request(`${SCHEDULES}?filter=eq(external_ref,nightly)`)
      .then((r) => r.json())) as ListDoc;
    expect(filtered.data.map((s) => s.id)).to.deep.equal([nightly.id]);
    expect(filtered.meta.results.total).to.equal(1);
    const unknownField = await api.request(`${SCHEDULES}?filter=eq(name,nightly)`);
    expect(unknownField.status).to.equal(400);
  });

  it('deletes a schedule (204), tells the queue, and answers 404 after', async () => {
    const schedule = await created();
    expect((await api.request(`${SCHEDULES}/${schedule.id}`, { method: 'DELETE' })).status).to.equal(204);
    expect(queue.removed).to.deep.equal([schedule.id]);
    expect(queue.schedules.has(schedule.id as Uuid)).to.equal(false);
    expect((await api.request(`${SCHEDULES}/${schedule.id}`)).status).to.equal(404);
    expect((await api.request(`${SCHEDULES}/${schedule.id}`, { method: 'DELETE' })).status).to.equal(404);
    expect((await put(UNKNOWN, { location: 'UTC' })).status).to.equal(404);
  });

  it('hands every stored schedule to the queue again at start-up', async () => {
    const [a, b] = [await created(), await created({ ...NIGHTLY, specification: '0 * * * *' })];
    queue.schedules.clear();
    expect(await container.get(RegisterSchedules).execute()).to.equal(2);
    expect([...queue.schedules.keys()].sort()).to.deep.equal([a.id, b.id].sort());
  });
});

describe('HTTP: schedules on a store test clock', () => {
  let api: TestApi;
  let clock: TestClock;

  beforeEach(async () => {
    clock = new TestClock(new Date('2026-07-01T23:00:00.000Z'));
    api = await startTestApi({
      testClocks: true,
      configure: (c) => {
        c.rebind(TOKENS.Clock).toConstantValue(clock);
      },
    });
  });
  afterEach(async () => api.close());

  const moveTestClock = async (now: string) => {
    const response = await api.request('/v2/subscriptions/test-clock', {
      ...jsonBody({ data: { type: 'subscription_test_clock', attributes: { now } } }),
      method: 'PUT',
    });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const scheduledFor = async (path: string): Promise<unknown[]> => {
    const body = (await api.request(path).then((r) => r.json())) as { data: Resource | Resource[] };
    return (Array.isArray(body.data) ? body.data : [body.data]).map((s) => s.meta['scheduled_for']);
  };

  it('gives meta.scheduled_for on the time the store clock holds, the clock its instants fire on', async () => {
    const response = await api.request(
      SCHEDULES,
      jsonBody({ data: { type: 'subscription_schedule', attributes: NIGHTLY } }),
    );
    const { id } = ((await response.json()) as { data: Resource }).data;
    expect(await scheduledFor(`${SCHEDULES}/${id}`), 'before the clock is set: real time').to.deep.equal([
      '2026-07-01T23:30:00.000000000Z',
    ]);

    await moveTestClock('2026-09-15T12:00:00Z');
    // Real time has not moved: the instant shown is the first after the store's clock, in London's summer time.
    expect(await scheduledFor(`${SCHEDULES}/${id}`)).to.deep.equal(['2026-09-15T23:30:00.000000000Z']);
    expect(await scheduledFor(SCHEDULES), 'the list, too').to.deep.equal(['2026-09-15T23:30:00.000000000Z']);
    const edited = await api.request(`${SCHEDULES}/${id}`, {
      ...jsonBody({ data: { id, type: 'subscription_schedule', attributes: { specification: '0 6 1 * *' } } }),
      method: 'PUT',
    });
    expect(((await edited.json()) as { data: Resource }).data.meta['scheduled_for'], 'an edit').to.equal(
      '2026-10-01T05:00:00.000000000Z',
    );

    // Moving the clock to the instant shown fires it there, and shows the next one.
    await moveTestClock('2026-10-01T05:00:00Z');
    expect(await api.container.get(TOKENS.JobRepository).lastScheduledFor(id as Uuid)).to.deep.equal(
      new Date('2026-10-01T05:00:00.000Z'),
    );
    expect(await scheduledFor(`${SCHEDULES}/${id}`)).to.deep.equal(['2026-11-01T06:00:00.000000000Z']);
  });
});
