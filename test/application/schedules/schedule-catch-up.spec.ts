import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { ListJobs } from '../../../src/application/use-cases/jobs/list-jobs.js';
import { CreateSchedule } from '../../../src/application/use-cases/schedules/create-schedule.js';
import { RegisterSchedules } from '../../../src/application/use-cases/schedules/register-schedules.js';
import { buildContainer } from '../../../src/container.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);

/** A schedule instant missed while no instance ran fires once when an instance starts: its latest one. */
describe('schedule instants missed while the service was down', () => {
  const setup = async (specification = '0 0 * * *') => {
    const clock = new TestClock(at('2026-03-01T12:00:00.000Z'));
    const container = buildContainer({ kind: 'memory' });
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const created = await container.get(CreateSchedule).execute(store.id, {
      type: 'subscription_schedule',
      attributes: { specification, location: 'UTC', job: { job_type: 'billing-run' } },
    });
    if (E.isLeft(created)) throw new Error(JSON.stringify(created.left));
    const scheduled = async () => {
      const page = await container.get(ListJobs).execute(store.id, queryParams([]));
      if (E.isLeft(page)) throw new Error('no jobs');
      return page.right.items.map((j) => j.scheduledFor?.toISOString()).sort();
    };
    return { clock, container, scheduled, register: () => container.get(RegisterSchedules).execute() };
  };

  it('fires nothing at a start before any instant was missed', async () => {
    const { register, scheduled } = await setup();
    await register();
    expect(await scheduled()).to.deep.equal([]);
  });

  it('fires the latest missed instant once, however many were missed and however often instances start', async () => {
    const { clock, register, scheduled } = await setup();
    clock.set(at('2026-03-04T06:00:00.000Z'));
    await register();
    expect(await scheduled()).to.deep.equal(['2026-03-04T00:00:00.000Z']);
    await register();
    expect(await scheduled(), 'a second start fires nothing more').to.deep.equal(['2026-03-04T00:00:00.000Z']);
    clock.set(at('2026-03-06T01:00:00.000Z'));
    await register();
    expect(await scheduled(), 'missed again after the last one fired').to.deep.equal([
      '2026-03-04T00:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
    ]);
  });

  it('finds the latest missed instant of a minutely schedule after months down, not one months old', async () => {
    const { clock, register, scheduled } = await setup('* * * * *');
    clock.set(at('2026-06-01T12:34:56.000Z'));
    await register();
    expect(await scheduled()).to.deep.equal(['2026-06-01T12:34:00.000Z']);
  });
});
