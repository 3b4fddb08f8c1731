import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { type Claim, running } from '../../../../../src/application/ports/jobs/job-repository.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { JOB_TYPES, type Job } from '../../../../../src/domain/jobs/job.js';
import { JOB_LIST } from '../../../../../src/domain/jobs/job-query.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { aJob, at } from '../../../../support/job-builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const LEASE = 60_000;
const claimOf = (job: Job): Claim => ({
  id: job.id,
  storeId: job.storeId,
  jobType: job.jobType,
  startedAt: job.startedAt as Date,
});

forEachBackend('Job repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { jobs: ports.jobs, store, other };
  };

  it('stores every field and reads it back, never from another store', async () => {
    const { jobs, store, other } = await setup();
    const job = aJob(store.id, {
      jobType: 'tax-run',
      externalRef: `😀${'r'.repeat(2047)}`,
      taxes: [
        {
          invoice_id: randomIds.uuid(),
          tax_items: [{ type: 'tax_item', rate: 0.175, name: 'VAT', code: '20.0 % S', jurisdiction: 'j'.repeat(1024) }],
        },
      ],
    });
    await jobs.insert(job, NO_EVENTS);
    expect(await jobs.findById(store.id, job.id)).to.deep.equal(job);
    expect(await jobs.findById(other.id, job.id)).to.equal(undefined);
  });

  it('stores a subscription update with its targets and price changes, and reads it back', async () => {
    const { jobs, store } = await setup();
    const [plan, option] = [randomIds.uuid(), randomIds.uuid()];
    const byOffering = aJob(store.id, {
      jobType: 'subscription-update',
      priceUpdate: {
        target: { offeringId: randomIds.uuid(), excludedSubscriptionIds: [randomIds.uuid()] },
        changes: {
          products: { [plan]: { USD: { amount: 1250, includes_tax: false }, GBP: { amount: 990 } } },
          plans: { [option]: { base_price_percentage: 12.5 } },
        },
      },
    });
    const byList = aJob(store.id, {
      jobType: 'subscription-update',
      priceUpdate: {
        target: { subscriptionIds: [randomIds.uuid(), randomIds.uuid()] },
        changes: { products: {}, plans: { [option]: { fixed_price: { EUR: { amount: 0, includes_tax: true } } } } },
      },
    });
    for (const job of [byOffering, byList]) {
      await jobs.insert(job, NO_EVENTS);
      expect(await jobs.findById(store.id, job.id)).to.deep.equal(job);
    }
  });

  it('lists newest first, by external_ref, and only the kinds asked for', async () => {
    const { jobs, store, other } = await setup();
    const first = aJob(store.id, { createdAt: at(0), updatedAt: at(0), externalRef: 'a' });
    const second = aJob(store.id, { createdAt: at(1), updatedAt: at(1), jobType: 'import', externalRef: 'a' });
    const third = aJob(store.id, { createdAt: at(2), updatedAt: at(2), jobType: 'payment-run' });
    for (const job of [first, second, third, aJob(other.id, { externalRef: 'a' })]) await jobs.insert(job, NO_EVENTS);
    const all = await jobs.list(store.id, listQuery(JOB_LIST), JOB_TYPES);
    expect(all.items.map((j) => j.id)).to.deep.equal([third.id, second.id, first.id]);
    expect(all.total).to.equal(3);
    const byRef = await jobs.list(
      store.id,
      listQuery(JOB_LIST, { filter: [{ field: 'external_ref', op: 'eq', value: 'a' }] }),
      JOB_TYPES,
    );
    expect(byRef.items.map((j) => j.id)).to.deep.equal([second.id, first.id]);
    expect((await jobs.list(store.id, listQuery(JOB_LIST), ['import'])).items.map((j) => j.id)).to.deep.equal([
      second.id,
    ]);
    expect(
      (await jobs.list(store.id, listQuery(JOB_LIST, { offset: 1, limit: 1 }), JOB_TYPES)).items.map((j) => j.id),
    ).to.deep.equal([second.id]);
  });

  it('claims the oldest pending job of a lane, one at a time, and none of another lane or store', async () => {
    const { jobs, store, other } = await setup();
    const older = aJob(store.id, { createdAt: at(0), updatedAt: at(0) });
    const newer = aJob(store.id, { createdAt: at(1), updatedAt: at(1) });
    const payment = aJob(store.id, { jobType: 'payment-run' });
    for (const job of [newer, older, payment]) await jobs.insert(job, NO_EVENTS);
    const claimed = await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(10), LEASE);
    expect(claimed).to.deep.equal({ ...older, status: 'started', startedAt: at(10), updatedAt: at(10) });
    expect(await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(20), LEASE)).to.equal(undefined);
    expect((await jobs.claimNext({ storeId: store.id, lane: 'payment-run' }, at(20), LEASE))?.id).to.equal(payment.id);
    expect(await jobs.claimNext({ storeId: other.id, lane: 'billing-run' }, at(20), LEASE)).to.equal(undefined);
    expect(await jobs.findById(store.id, older.id)).to.deep.equal(claimed);
  });

  it('finishes a job with its report or error and claims the next one in the same call', async () => {
    const { jobs, store } = await setup();
    const [a, b] = [
      aJob(store.id, { createdAt: at(0), updatedAt: at(0) }),
      aJob(store.id, { createdAt: at(1), updatedAt: at(1) }),
    ];
    await jobs.insert(a, NO_EVENTS);
    await jobs.insert(b, NO_EVENTS);
    const claimed = (await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(10), LEASE)) as Job;
    const done = await jobs.finish(
      claimOf(claimed),
      {
        status: 'success',
        report: { invoices_ready_for_payment: 2, total_ready_for_payment: { USD: { amount: 100 } } },
      },
      at(20),
      LEASE,
      firesNothing,
    );
    expect(done).to.deep.equal({
      finished: true,
      next: { ...b, status: 'started', startedAt: at(20), updatedAt: at(20) },
    });
    expect(await jobs.findById(store.id, a.id)).to.deep.equal({
      ...claimed,
      status: 'success',
      report: { invoices_ready_for_payment: 2, total_ready_for_payment: { USD: { amount: 100 } } },
      updatedAt: at(20),
      finishedAt: at(20),
    });
    const last = await jobs.finish(
      claimOf(done.next as Job),
      { status: 'failed', error: 'no gateway' },
      at(30),
      LEASE,
      firesNothing,
    );
    expect(last).to.deep.equal({ finished: true });
    expect(await jobs.findById(store.id, b.id)).to.deep.include({
      status: 'failed',
      error: 'no gateway',
      finishedAt: at(30),
    });
  });

  it('renews a lease; once it ran out the job is claimed again and the old claim can neither renew nor finish', async () => {
    const { jobs, store } = await setup();
    const job = aJob(store.id);
    await jobs.insert(job, NO_EVENTS);
    const first = (await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(0), LEASE)) as Job;
    expect(await jobs.renewLease(claimOf(first), at(LEASE - 1), LEASE)).to.equal(true);
    expect(await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(2 * LEASE - 2), LEASE)).to.equal(
      undefined,
    );
    const second = (await jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(2 * LEASE - 1), LEASE)) as Job;
    expect(second).to.deep.include({ id: job.id, status: 'started', startedAt: at(2 * LEASE - 1) });
    expect(await jobs.renewLease(claimOf(first), at(2 * LEASE), LEASE)).to.equal(false);
    expect(
      await jobs.finish(claimOf(first), { status: 'success', report: {} }, at(2 * LEASE), LEASE, firesNothing),
    ).to.deep.equal({
      finished: false,
    });
    expect((await jobs.findById(store.id, job.id))?.status).to.equal('started');
    expect(
      await jobs.finish(claimOf(second), { status: 'success', report: {} }, at(2 * LEASE), LEASE, firesNothing),
    ).to.deep.equal({
      finished: true,
    });
  });

  it('deletes pending and finished jobs, refuses a running one, and lists what recovery must enqueue', async () => {
    const { jobs, store } = await setup();
    const kinds = ['billing-run', 'tax-run', 'payment-run', 'import'] as const;
    const [pending, runningJob, stale, finished] = kinds.map((jobType, i) =>
      aJob(store.id, { createdAt: at(i), updatedAt: at(i), jobType }),
    );
    for (const job of [pending, runningJob, stale, finished]) await jobs.insert(job as Job, NO_EVENTS);
    const live = (await jobs.claimNext({ storeId: store.id, lane: 'tax-run' }, at(LEASE), LEASE)) as Job;
    await jobs.claimNext({ storeId: store.id, lane: 'payment-run' }, at(0), LEASE);
    const done = (await jobs.claimNext({ storeId: store.id, lane: 'import' }, at(0), LEASE)) as Job;
    await jobs.finish(claimOf(done), { status: 'success', report: {} }, at(1), LEASE, firesNothing);
    expect((await jobs.listUnfinished(at(LEASE + 1))).map((j) => j.id)).to.deep.equal([
      (pending as Job).id,
      (stale as Job).id,
    ]);
    expect(await jobs.delete(store.id, live.id, at(LEASE + 1), NO_EVENTS)).to.deep.equal(E.left(running));
    expect(await jobs.delete(store.id, (stale as Job).id, at(LEASE + 1), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await jobs.delete(store.id, (pending as Job).id, at(LEASE + 1), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    expect(await jobs.delete(store.id, done.id, at(LEASE + 1), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await jobs.delete(store.id, done.id, at(LEASE + 1), NO_EVENTS)).to.deep.equal(E.left(missing));
  });

  it('makes one job per schedule instant, however many insert it at once', async () => {
    const { jobs, store } = await setup();
    const scheduleId = randomIds.uuid();
    const instant = new Date('2026-04-01T00:30:00.000Z');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        jobs.insertScheduled({ ...aJob(store.id), scheduleId, scheduledFor: instant }, NO_EVENTS),
      ),
    );
    expect(new Set(attempts.map((j) => j.id)).size).to.equal(1);
    expect((await jobs.list(store.id, listQuery(JOB_LIST), JOB_TYPES)).total).to.equal(1);
    const next = await jobs.insertScheduled(
      {
        ...aJob(store.id),
        scheduleId,
        scheduledFor: new Date('2026-04-02T00:30:00.000Z'),
      },
      NO_EVENTS,
    );
    expect(next.id).to.not.equal(attempts[0]?.id);
    expect(await jobs.findById(store.id, next.id)).to.deep.include({
      scheduleId,
      scheduledFor: new Date('2026-04-02T00:30:00.000Z'),
    });
    expect(await jobs.lastScheduledFor(scheduleId)).to.deep.equal(new Date('2026-04-02T00:30:00.000Z'));
    expect(await jobs.lastScheduledFor(randomIds.uuid()), 'a schedule that never fired').to.equal(undefined);
  });

  it('never gives two racing claimers of one lane a job each', async () => {
    const { jobs, store } = await setup();
    for (let round = 0; round < 3; round += 1) {
      await jobs.insert(aJob(store.id, { createdAt: at(round), updatedAt: at(round) }), NO_EVENTS);
      await jobs.insert(aJob(store.id, { createdAt: at(round), updatedAt: at(round) }), NO_EVENTS);
      const claims = await Promise.all(
        Array.from({ length: 6 }, () =>
          jobs.claimNext({ storeId: store.id, lane: 'billing-run' }, at(10 + round), LEASE),
        ),
      );
      const won = claims.filter((c): c is Job => c !== undefined);
      expect(won).to.have.length(1);
      const { next } = await jobs.finish(
        claimOf(won[0] as Job),
        { status: 'success', report: {} },
        at(10 + round),
        LEASE,
        firesNothing,
      );
      expect(next).to.not.equal(undefined);
      expect(
        (
          await jobs.finish(
            claimOf(next as Job),
            { status: 'success', report: {} },
            at(10 + round),
            LEASE,
            firesNothing,
          )
        ).next,
      ).to.equal(undefined);
    }
  });

  it('strands no job when inserts race claims and finishes', async () => {
    const { jobs, store } = await setup();
    const lane = { storeId: store.id, lane: 'billing-run' as const };
    const ran: string[] = [];
    let clock = 0;
    const tick = () => {
      clock += 1;
      return at(clock);
    };
    // A worker as the queue runs one: claim, finish, go on with what the finish claimed.
    const work = async () => {
      let job = await jobs.claimNext(lane, tick(), LEASE);
      while (job !== undefined) {
        ran.push(job.id);
        job = (await jobs.finish(claimOf(job), { status: 'success', report: {} }, tick(), LEASE, firesNothing)).next;
      }
    };
    const submitted: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const job = aJob(store.id, { createdAt: at(i), updatedAt: at(i) });
        await jobs.insert(job, NO_EVENTS);
        submitted.push(job.id);
        await work();
      }),
    );
    expect([...ran].sort()).to.deep.equal([...submitted].sort());
    expect(await jobs.listUnfinished(at(10 * LEASE))).to.deep.equal([]);
  });
});
