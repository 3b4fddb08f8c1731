import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { CreateSchedule } from '../../../src/application/use-cases/schedules/create-schedule.js';
import { NextFirings } from '../../../src/application/use-cases/schedules/next-firings.js';
import { AdvanceTestClock } from '../../../src/application/use-cases/test-clocks/advance-test-clock.js';
import { buildContainer } from '../../../src/container.js';
import type { Schedule } from '../../../src/domain/schedules/schedule.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);

/** A schedule's next instant is read on its store's clock, the one that decides when it fires. */
describe('the next firing of a schedule', () => {
  const setup = async (testClocks: boolean) => {
    const clock = new TestClock(at('2026-03-01T12:00:00.000Z'));
    const container = buildContainer({ kind: 'memory' }, { testClocks });
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const [store, other] = [aStore(), aStore()];
    for (const s of [store, other]) await container.get(TOKENS.StoreRepository).create(storeRecords(s));
    const create = async (storeId: typeof store.id): Promise<Schedule> => {
      const created = await container.get(CreateSchedule).execute(storeId, {
        type: 'subscription_schedule',
        attributes: { specification: '0 0 * * *', location: 'UTC', job: { job_type: 'billing-run' } },
      });
      if (E.isLeft(created)) throw new Error(JSON.stringify(created.left));
      return created.right;
    };
    const moveTo = async (now: string) => {
      const moved = await container
        .get(AdvanceTestClock)
        .execute(store.id, { data: { type: 'subscription_test_clock', attributes: { now } } });
      if (E.isLeft(moved)) throw new Error(JSON.stringify(moved.left));
    };
    const next = async (schedule: Schedule) => (await container.get(NextFirings).of(schedule.storeId))(schedule);
    return { clock, store, other, create, moveTo, next, container };
  };

  it('is the first instant after real time while the store has no test clock', async () => {
    const { clock, store, create, next } = await setup(true);
    const schedule = await create(store.id);
    expect(await next(schedule)).to.deep.equal(at('2026-03-02T00:00:00.000Z'));
    clock.set(at('2026-03-02T00:00:00.000Z'));
    expect(await next(schedule), 'an instant reached has fired: the one after it').to.deep.equal(
      at('2026-03-03T00:00:00.000Z'),
    );
  });

  it("is the first instant after the time the store's test clock holds, moved forward, while real time stands still", async () => {
    const { store, other, create, moveTo, next, container } = await setup(true);
    const [schedule, elsewhere] = [await create(store.id), await create(other.id)];
    await moveTo('2026-06-10T08:00:00Z');
    expect(await next(schedule)).to.deep.equal(at('2026-06-11T00:00:00.000Z'));
    expect(await next(elsewhere), "another store's clock is its own").to.deep.equal(at('2026-03-02T00:00:00.000Z'));
    // The instant given is the one the move fires: moving the clock onto it makes the schedule's job for it.
    await moveTo('2026-06-11T00:00:00Z');
    expect(await container.get(TOKENS.JobRepository).lastScheduledFor(schedule.id)).to.deep.equal(
      at('2026-06-11T00:00:00.000Z'),
    );
    expect(await next(schedule)).to.deep.equal(at('2026-06-12T00:00:00.000Z'));
  });

  it('keeps to real time when test clocks are off', async () => {
    const { store, create, next } = await setup(false);
    expect(await next(await create(store.id))).to.deep.equal(at('2026-03-02T00:00:00.000Z'));
  });
});
