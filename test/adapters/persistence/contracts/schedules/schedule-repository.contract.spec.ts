import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { SCHEDULES } from '../../../../../src/domain/schedules/schedule.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aSchedule } from '../../../../support/subscription-builders.js';

forEachBackend('Schedule repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { schedules: ports.schedules, store, other };
  };

  it('stores every attribute at its limits and reads it back by store, and by id alone', async () => {
    const { schedules, store, other } = await setup();
    const schedule = aSchedule(store.id, {
      specification: '0 0-12/2 1,15 JAN-JUN MON-FRI',
      location: 'America/Argentina/ComodRivadavia',
      job: { job_type: 'payment-run' },
      name: `Café ☕ ${'n'.repeat(1017)}`,
      external_ref: `😀${'r'.repeat(2047)}`,
    });
    expect(await schedules.insert(schedule, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await schedules.findById(store.id, schedule.id)).to.deep.equal(schedule);
    expect(await schedules.findById(other.id, schedule.id)).to.equal(undefined);
    expect(await schedules.findAnywhere(schedule.id)).to.deep.equal(schedule);
    expect(await schedules.findAnywhere(aSchedule(store.id).id)).to.equal(undefined);
  });

  it('keeps external_ref unique in a store, and filters on it', async () => {
    const { schedules, store, other } = await setup();
    const nightly = aSchedule(store.id, { external_ref: 'nightly' });
    expect(await schedules.insert(nightly, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await schedules.insert(aSchedule(store.id, { external_ref: 'nightly' }), NO_EVENTS)).to.deep.equal(
      E.left(taken),
    );
    const weekly = aSchedule(store.id, { external_ref: 'weekly' });
    await schedules.insert(weekly, NO_EVENTS);
    await schedules.insert(aSchedule(other.id, { external_ref: 'nightly' }), NO_EVENTS);
    await schedules.insert(aSchedule(store.id), NO_EVENTS);
    const one = await schedules.list(
      store.id,
      listQuery(SCHEDULES.list, { filter: [{ op: 'eq', field: 'external_ref', value: 'nightly' }] }),
    );
    expect(one.items.map((s) => s.id)).to.deep.equal([nightly.id]);
    const both = await schedules.list(
      store.id,
      listQuery(SCHEDULES.list, {
        filter: [{ op: 'in', field: 'external_ref', values: ['nightly', 'weekly', 'monthly'] }],
      }),
    );
    expect(new Set(both.items.map((s) => s.id))).to.deep.equal(new Set([nightly.id, weekly.id]));
    expect((await schedules.list(store.id, listQuery(SCHEDULES.list))).total).to.equal(3);
  });

  it('lists every store’s schedules, oldest first, for the job queue', async () => {
    const { schedules, store, other } = await setup();
    const older = aSchedule(other.id, {}, new Date(Date.UTC(2026, 0, 1)));
    const newer = aSchedule(store.id, {}, new Date(Date.UTC(2026, 0, 2)));
    await schedules.insert(newer, NO_EVENTS);
    await schedules.insert(older, NO_EVENTS);
    expect((await schedules.listEveryStore()).map((s) => s.id)).to.deep.equal([older.id, newer.id]);
    await schedules.delete(store.id, newer.id, NO_EVENTS);
    expect((await schedules.listEveryStore()).map((s) => s.id)).to.deep.equal([older.id]);
  });
});
