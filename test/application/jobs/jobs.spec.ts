import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InProcessJobQueue } from '../../../src/adapters/jobs/in-process-job-queue.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { DeleteJob } from '../../../src/application/use-cases/jobs/delete-job.js';
import { noHandler, UNEXPECTED_FAILURE } from '../../../src/application/use-cases/jobs/run-lane.js';
import { SubmitJob } from '../../../src/application/use-cases/jobs/submit-job.js';
import { SubmitScheduledJob } from '../../../src/application/use-cases/jobs/submit-scheduled-job.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import type { Job, JobType } from '../../../src/domain/jobs/job.js';
import { conflict } from '../../../src/domain/shared/errors.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { aJob } from '../../support/job-builders.js';
import { eventually, Gate, isFinishedJob, RecordingHandler, startJobCore } from '../../support/job-harness.js';

const body = (jobType: JobType, extra: Record<string, unknown> = {}) => ({
  type: 'subscription_job',
  attributes: { job_type: jobType, ...extra },
});

describe('Running jobs in process', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  const start = async (handlers: Record<string, RecordingHandler>, leaseMs?: number) => {
    const core = await startJobCore({ kind: 'memory' }, new InProcessJobQueue({ concurrency: 4 }), handlers, leaseMs);
    stops.push(() => core.running.stop());
    const submit = async (storeId: Uuid, jobType: JobType): Promise<Job> => {
      const submitted = await core.container.get(SubmitJob).execute(storeId, body(jobType));
      if (E.isLeft(submitted)) throw new Error(JSON.stringify(submitted.left));
      return submitted.right;
    };
    const finished = (job: Job) => eventually(() => core.job(job.storeId, job.id), isFinishedJob);
    return { ...core, submit, finished };
  };

  it('runs a submitted job to success with its report', async () => {
    const billing = new RecordingHandler(async (run) => E.right({ invoices_ready_for_payment: 1, job: run.job.id }));
    const core = await start({ 'billing-run': billing });
    const store = await core.newStore();
    const job = await core.submit(store, 'billing-run');
    expect(job.status).to.equal('pending');
    const done = await core.finished(job);
    expect(done).to.deep.include({ status: 'success', report: { invoices_ready_for_payment: 1, job: job.id } });
    expect(done?.startedAt).to.be.instanceOf(Date);
    expect(done?.finishedAt).to.be.instanceOf(Date);
  });

  it('fails a job with the detail of a refusal, a generic detail for anything else (logged), and names a missing handler', async () => {
    const refusing = new RecordingHandler(async () => E.left(conflict('invoice 42 already has taxes', 'in_use')));
    const crashing = new RecordingHandler(async () => {
      throw new Error('socket hang up');
    });
    const core = await start({ 'tax-run': refusing, 'payment-run': crashing });
    const store = await core.newStore();
    const refused = await core.container
      .get(SubmitJob)
      .execute(
        store,
        body('tax-run', { taxes: [{ invoice_id: randomIds.uuid(), tax_items: [{ type: 'tax_item', rate: 0.2 }] }] }),
      );
    if (E.isLeft(refused)) throw new Error('not submitted');
    const crashed = await core.submit(store, 'payment-run');
    const orphan = await core.submit(store, 'billing-run');
    expect(await core.finished(refused.right)).to.deep.include({
      status: 'failed',
      error: 'invoice 42 already has taxes',
    });
    expect(await core.finished(crashed)).to.deep.include({ status: 'failed', error: UNEXPECTED_FAILURE });
    expect(await core.finished(orphan)).to.deep.include({
      status: 'failed',
      error: noHandler({ jobType: 'billing-run' }),
    });
    const logged = core.logs.lines.find((l) => l['job_id'] === crashed.id && l['msg'] === 'job failed unexpectedly');
    expect(JSON.stringify(logged?.['err'])).to.contain('socket hang up');
  });

  it("runs one job of a store's lane at a time, oldest first, while other lanes and stores run alongside", async () => {
    const billing = new RecordingHandler();
    const payment = new RecordingHandler();
    billing.gate = new Gate();
    payment.gate = billing.gate;
    const core = await start({ 'billing-run': billing, 'payment-run': payment });
    const [store, other] = [await core.newStore(), await core.newStore()];
    const first = await core.submit(store, 'billing-run');
    const second = await core.submit(store, 'billing-run');
    const alongside = await core.submit(store, 'payment-run');
    const elsewhere = await core.submit(other, 'billing-run');
    await billing.started(2);
    await payment.started(1);
    expect(billing.runs.map((r) => r.job.id)).to.have.members([first.id, elsewhere.id]);
    expect(payment.runs.map((r) => r.job.id)).to.deep.equal([alongside.id]);
    expect((await core.job(store, second.id))?.status).to.equal('pending');
    billing.gate.open();
    const [a, b] = [await core.finished(first), await core.finished(second)];
    expect(billing.runs.map((r) => r.job.id)).to.include(second.id);
    expect((a!.finishedAt as Date).getTime()).to.be.at.most((b!.startedAt as Date).getTime());
    expect(await core.finished(alongside)).to.deep.include({ status: 'success' });
    expect(await core.finished(elsewhere)).to.deep.include({ status: 'success' });
  });

  it('re-runs a job a dead process left started once its lease has run out', async () => {
    const billing = new RecordingHandler();
    const core = await start({ 'billing-run': billing }, 1_000);
    const store = await core.newStore();
    const jobs = core.container.get(TOKENS.JobRepository);
    const abandoned = aJob(store, {
      createdAt: new Date(Date.now() - 10_000),
      updatedAt: new Date(Date.now() - 10_000),
    });
    await jobs.insert(abandoned, NO_EVENTS);
    // Claimed long ago by a process that never finished it: its lease ran out a while back.
    await jobs.claimNext({ storeId: store, lane: 'billing-run' }, new Date(Date.now() - 5_000), 1_000);
    expect((await core.job(store, abandoned.id))?.status).to.equal('started');
    expect(await core.finished(abandoned)).to.deep.include({ status: 'success', report: { ran: abandoned.id } });
    expect(billing.runs).to.have.length(1);
  });

  it('makes one job per schedule instant and refuses to delete a running job', async () => {
    const billing = new RecordingHandler();
    billing.gate = new Gate();
    const core = await start({ 'billing-run': billing });
    const store = await core.newStore();
    const scheduleId = randomIds.uuid();
    const instant = new Date('2026-05-01T00:00:00.000Z');
    const [a, b] = await Promise.all(
      [0, 1].map(() => core.container.get(SubmitScheduledJob).execute(scheduleId, store, 'billing-run', instant)),
    );
    expect(a?.id).to.equal(b?.id);
    await billing.started(1);
    expect(await core.container.get(DeleteJob).execute(store, (a as Job).id)).to.deep.equal(
      E.left(conflict('the job is running; it can be deleted once it has finished', 'job_running')),
    );
    billing.gate.open();
    await core.finished(a as Job);
    expect(await core.container.get(DeleteJob).execute(store, (a as Job).id)).to.deep.equal(E.right(undefined));
  });

  it('fires schedules at their instants and stops firing a removed one', async () => {
    const queue = new InProcessJobQueue();
    const fired: [string, number][] = [];
    await queue.start({
      runLane: async () => undefined,
      scheduleDue: async (id, at) => void fired.push([id, at.getTime()]),
    });
    stops.push(() => queue.stop());
    const id = randomIds.uuid();
    await queue.upsertSchedule(id, { specification: '* * * * * *', location: 'UTC' });
    await eventually(
      async () => fired.length,
      (n) => n >= 2,
    );
    await queue.removeSchedule(id);
    const seen = fired.length;
    const [first, second] = fired;
    expect((first?.[1] ?? 1) % 1000).to.equal(0);
    expect((second?.[1] ?? 0) - (first?.[1] ?? 0)).to.equal(1000);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fired.length).to.equal(seen);
  });
});
