import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { BullMqJobQueue } from '../../../src/adapters/jobs/bullmq-job-queue.js';
import { type DatabaseHandle, openDatabase } from '../../../src/adapters/persistence/kysely/engine/open-database.js';
import type { JobHandler, JobRun } from '../../../src/application/ports/jobs/job-handler.js';
import { SubmitJob } from '../../../src/application/use-cases/jobs/submit-job.js';
import type { Persistence } from '../../../src/container.js';
import type { Job, JobType } from '../../../src/domain/jobs/job.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { BACKENDS } from '../../support/backends.js';
import { eventually, isFinishedJob, startJobCore } from '../../support/job-harness.js';

const redisUrl = process.env['TEST_REDIS_URL'];
const postgresUrl = process.env['TEST_POSTGRES_URL'];
const postgres = BACKENDS.find((b) => b.name === 'PostgreSQL');
const describeWithRedis =
  redisUrl !== undefined && postgresUrl !== undefined && postgres !== undefined ? describe : describe.skip;

describeWithRedis('BullMQ job queue: two instances on one PostgreSQL database and one Redis', () => {
  const url = redisUrl as string;
  let persistence: Persistence;
  let second: DatabaseHandle;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    persistence = await (postgres as NonNullable<typeof postgres>).open();
    second = await openDatabase({ kind: 'postgres', url: postgresUrl as string }, { poolSize: 4 });
  });
  after(async () => {
    await second.close();
    await postgres?.release(persistence);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Two instances sharing one queue name (fresh per test), each with its own database connections. */
  const twoInstances = async (handler: JobHandler, onScheduleDue?: (id: Uuid, at: Date) => Promise<void>) => {
    const name = `test-jobs-${randomUUID()}`;
    cleanups.push(async () => {
      const queue = new Queue(name, { connection: { url } });
      await queue.obliterate({ force: true });
      await queue.close();
    });
    const handlers = { 'billing-run': handler, 'tax-run': handler, 'payment-run': handler };
    const instances = [];
    for (const p of [persistence, { kind: 'database', handle: second } as const]) {
      const queue = new BullMqJobQueue({ redisUrl: url, name, concurrency: 4 });
      const core = await startJobCore(p, queue, handlers);
      if (onScheduleDue !== undefined) {
        // The schedule's firing as the integrating service would take it: here, a record of each call.
        await core.running.stop();
        const restarted = new BullMqJobQueue({ redisUrl: url, name, concurrency: 4 });
        await restarted.start({ runLane: async () => undefined, scheduleDue: onScheduleDue });
        cleanups.push(() => restarted.stop());
        instances.push({ ...core, queue: restarted });
        continue;
      }
      cleanups.push(() => core.running.stop());
      instances.push({ ...core, queue });
    }
    return instances;
  };

  it('runs 20 jobs across 3 stores exactly once each, never two of one lane at once', async () => {
    const runs = new Map<string, number>();
    const active = new Map<string, number>();
    let overlap = 0;
    const handler = {
      async run(run: JobRun) {
        const lane = `${run.job.storeId} ${run.job.jobType}`;
        runs.set(run.job.id, (runs.get(run.job.id) ?? 0) + 1);
        active.set(lane, (active.get(lane) ?? 0) + 1);
        if ((active.get(lane) ?? 0) > 1) overlap += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        active.set(lane, (active.get(lane) ?? 0) - 1);
        return E.right({ lane });
      },
    };
    const [a, b] = await twoInstances(handler);
    if (a === undefined || b === undefined) throw new Error('instances not started');
    const stores = [await a.newStore(), await a.newStore(), await a.newStore()];
    const kinds: JobType[] = ['billing-run', 'payment-run'];
    const submitted = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const instance = i % 2 === 0 ? a : b;
        const result = await instance.container
          .get(SubmitJob)
          .execute(stores[i % 3] as Uuid, { type: 'subscription_job', attributes: { job_type: kinds[i % 2] } });
        if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
        return result.right;
      }),
    );
    const finished = await Promise.all(
      submitted.map((job: Job) => eventually(() => a.job(job.storeId, job.id), isFinishedJob)),
    );
    expect(finished.map((j) => j?.status)).to.deep.equal(submitted.map(() => 'success'));
    expect(submitted.map((j) => runs.get(j.id))).to.deep.equal(submitted.map(() => 1));
    expect(overlap).to.equal(0);
  });

  it('fires a schedule upserted on both instances once per instant, and not after it is removed', async () => {
    const fired: number[] = [];
    const [a, b] = await twoInstances(
      { run: async () => E.right({}) },
      async (_id, at) => void fired.push(at.getTime()),
    );
    if (a === undefined || b === undefined) throw new Error('instances not started');
    const scheduleId = randomUUID() as Uuid;
    // Every second: a six-field pattern, which the API refuses but BullMQ's scheduler takes.
    const timing = { specification: '* * * * * *', location: 'UTC' };
    await Promise.all([a.queue.upsertSchedule(scheduleId, timing), b.queue.upsertSchedule(scheduleId, timing)]);
    await eventually(
      async () => fired.length,
      (n) => n >= 3,
    );
    await Promise.all([a.queue.removeSchedule(scheduleId), b.queue.removeSchedule(scheduleId)]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const seen = [...fired];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fired).to.deep.equal(seen);
    expect(new Set(fired).size).to.equal(fired.length);
    expect(fired.every((t) => t % 1000 === 0)).to.equal(true);
  });
});
