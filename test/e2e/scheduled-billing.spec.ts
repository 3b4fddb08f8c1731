import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { expect } from 'chai';
import { pino } from 'pino';
import { BullMqJobQueue } from '../../src/adapters/jobs/bullmq-job-queue.js';
import { type RunningJobs, startJobs } from '../../src/adapters/jobs/start-jobs.js';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/kysely/engine/open-database.js';
import { TOKENS } from '../../src/application/tokens.js';
import { buildContainer, type Persistence } from '../../src/container.js';
import { subscriptionsStored } from '../../src/domain/billing/invoices/first-invoice-events.js';
import { NO_EVENTS } from '../../src/domain/events/domain-event.js';
import type { Job } from '../../src/domain/jobs/job.js';
import { JOB_LIST } from '../../src/domain/jobs/job-query.js';
import { billingAnchorOf } from '../../src/domain/subscriptions/subscription.js';
import { BACKENDS } from '../support/backends.js';
import { aStore, storeRecords } from '../support/builders.js';
import { eventually } from '../support/job-harness.js';
import { everyRow, listQuery } from '../support/list-queries.js';
import { anOffering, aPlan, aProduct, aSchedule, aSubscription } from '../support/subscription-builders.js';
import { LogCapture } from '../support/test-api.js';

const redisUrl = process.env['TEST_REDIS_URL'];
const postgresUrl = process.env['TEST_POSTGRES_URL'];
const postgres = BACKENDS.find((b) => b.name === 'PostgreSQL');
const describeWithRedis =
  redisUrl !== undefined && postgresUrl !== undefined && postgres?.available === true ? describe : describe.skip;

const DAY = 86_400_000;

/**
 * Two service instances on one PostgreSQL database and one Redis, both running the same billing schedule:
 * each instant starts one job, and however the runs interleave, each billing period is invoiced once.
 */
describeWithRedis('Scheduled billing on two instances (TEST_POSTGRES_URL, TEST_REDIS_URL)', () => {
  let persistence: Persistence;
  let second: DatabaseHandle;
  const running: RunningJobs[] = [];
  const name = `billing-${randomUUID()}`;

  before(async () => {
    persistence = await (postgres as NonNullable<typeof postgres>).open();
    second = await openDatabase({ kind: 'postgres', url: postgresUrl as string }, { poolSize: 4 });
  });
  after(async () => {
    for (const jobs of running.splice(0)) await jobs.stop();
    const queue = new Queue(name, { connection: { url: redisUrl as string } });
    await queue.obliterate({ force: true });
    await queue.close();
    await second.close();
    await postgres?.release(persistence);
  });

  it('starts one job per instant and invoices every daily period of every subscription exactly once', async () => {
    const first = buildContainer(persistence);
    const store = aStore();
    await first.get(TOKENS.StoreRepository).create(storeRecords(store));
    const daily = aPlan(store.id, { name: 'Daily', billing_interval_type: 'day', plan_length: 365 });
    const offering = anOffering(store.id, [aProduct(store.id)], [daily]);
    const subscriptions = first.get(TOKENS.SubscriptionRepository);
    const versionId = await subscriptions.snapshotOffering(offering);
    // Ten subscriptions that started between one and three days ago, at different times of day: 2 to 4
    // periods each are due, and a run invoices one of each (EPCC), so the four runs waited for catch up.
    const now = Date.now();
    const started = Array.from({ length: 10 }, (_, n) => new Date(now - ((n % 3) + 1) * DAY - n * 3_600_000));
    for (const createdAt of started) {
      await subscriptions.insert(
        aSubscription(offering, versionId, {
          timestamps: { createdAt, updatedAt: createdAt },
          billingAnchor: billingAnchorOf(createdAt, daily.attributes),
          invoiceAfter: createdAt,
        }),
        undefined,
        subscriptionsStored,
      );
    }
    const schedule = aSchedule(store.id, {
      specification: '* * * * *',
      location: 'Europe/London',
      job: { job_type: 'billing-run' },
    });
    await first.get(TOKENS.ScheduleRepository).insert(schedule, NO_EVENTS);

    const instances = [];
    for (const p of [persistence, { kind: 'database', handle: second } as const]) {
      const queue = new BullMqJobQueue({ redisUrl: redisUrl as string, name, concurrency: 4 });
      const container = buildContainer(p, { jobQueue: queue });
      running.push(await startJobs(container, queue, { log: pino({ level: 'warn' }, new LogCapture()) }));
      instances.push({ container, queue });
    }
    // The stored schedule fires every minute; both instances are told to fire it every second instead, as
    // an edit would, so that a few instants pass within the test.
    const everySecond = { specification: '* * * * * *', location: 'Europe/London' };
    await Promise.all(instances.map(({ queue }) => queue.upsertSchedule(schedule.id, everySecond)));
    const jobs = first.get(TOKENS.JobRepository);
    const listed = async (): Promise<readonly Job[]> =>
      (await jobs.list(store.id, listQuery(JOB_LIST, { limit: 100 }), ['billing-run'])).items;
    await eventually(listed, (list) => list.filter((j) => j.status === 'success').length >= 4);
    await Promise.all(instances.map(({ queue }) => queue.removeSchedule(schedule.id)));
    const done = await eventually(listed, (list) => list.every((j) => j.status === 'success' || j.status === 'failed'));

    expect(
      done.every((j) => j.status === 'success' && j.scheduleId === schedule.id),
      JSON.stringify(done.map((j) => [j.status, j.error, j.scheduledFor])),
    ).to.equal(true);
    const instants = done.map((j) => j.scheduledFor?.getTime());
    expect(new Set(instants).size, 'one job per instant').to.equal(done.length);
    expect(instants.every((t) => t !== undefined && t % 1000 === 0)).to.equal(true);

    const invoices = (await first.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items;
    const expected = started.reduce(
      (sum, createdAt) => sum + Math.floor((Date.now() - createdAt.getTime()) / DAY) + 1,
      0,
    );
    expect(invoices).to.have.length(expected);
    const periods = invoices.map((i) => `${i.subscriptionId} ${i.billingPeriod.start.toISOString()}`);
    expect(new Set(periods).size, 'no period twice').to.equal(invoices.length);
    expect(invoices.map((i) => i.number).sort((a, b) => a - b)).to.deep.equal(
      Array.from({ length: expected }, (_, i) => i + 1),
    );
    const reported = done.reduce(
      (sum, j) =>
        sum + Number(j.report?.['invoices_tax_required'] ?? 0) + Number(j.report?.['invoices_ready_for_payment'] ?? 0),
      0,
    );
    expect(reported, 'the runs together report each invoice once').to.equal(expected);
  });
});
