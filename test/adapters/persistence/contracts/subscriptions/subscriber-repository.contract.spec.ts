import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { SUBSCRIBER_LIST } from '../../../../../src/domain/subscriptions/subscriber-query.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aSubscriber } from '../../../../support/subscription-builders.js';

forEachBackend('Subscriber repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { ...ports, repo: ports.subscribers, store, other };
  };

  it('stores every attribute at its limits and reads it back, never from another store', async () => {
    const { repo, store, other } = await setup();
    const subscriber = aSubscriber(store.id, {
      name: `Café ☕ 名前 ${'n'.repeat(1014)}`,
      email: `${'e'.repeat(1000)}@example.org.ü`,
    });
    await repo.insert(subscriber, NO_EVENTS);
    expect(await repo.findById(store.id, subscriber.id)).to.deep.equal(subscriber);
    expect(await repo.findById(other.id, subscriber.id)).to.equal(undefined);
  });

  it('updates through a change function, only within the store', async () => {
    const { repo, store, other } = await setup();
    const subscriber = aSubscriber(store.id);
    await repo.insert(subscriber, NO_EVENTS);
    const later = new Date('2026-06-01T00:00:00.000Z');
    const renamed = await repo.update(
      store.id,
      subscriber.id,
      (s) => ({
        ...s,
        attributes: { ...s.attributes, name: 'Grace Hopper' },
        updatedAt: later,
      }),
      firesNothing,
    );
    expect(renamed).to.deep.equal({
      ...subscriber,
      attributes: { ...subscriber.attributes, name: 'Grace Hopper' },
      updatedAt: later,
    });
    expect(await repo.findById(store.id, subscriber.id)).to.deep.equal(renamed);
    expect(
      await repo.update(
        other.id,
        subscriber.id,
        (s) => ({
          ...s,
          attributes: { ...s.attributes, name: 'Taken over' },
        }),
        firesNothing,
      ),
    ).to.equal(undefined);
    expect(await repo.findById(store.id, subscriber.id)).to.deep.equal(renamed);
  });

  it('applies concurrent updates one after the other, so that none is lost', async () => {
    const { repo, store } = await setup();
    const subscriber = aSubscriber(store.id);
    await repo.insert(subscriber, NO_EVENTS);
    await Promise.all([
      repo.update(
        store.id,
        subscriber.id,
        (s) => ({ ...s, attributes: { ...s.attributes, name: 'Grace Hopper' } }),
        firesNothing,
      ),
      repo.update(
        store.id,
        subscriber.id,
        (s) => ({
          ...s,
          attributes: { ...s.attributes, email: 'grace@example.com' },
        }),
        firesNothing,
      ),
    ]);
    expect((await repo.findById(store.id, subscriber.id))?.attributes).to.deep.equal({
      account_id: subscriber.attributes.account_id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
  });

  it('deletes within the store only, once', async () => {
    const { repo, store, other } = await setup();
    const subscriber = aSubscriber(store.id);
    await repo.insert(subscriber, NO_EVENTS);
    expect(await repo.delete(other.id, subscriber.id, NO_EVENTS)).to.deep.equal(E.left(missing));
    expect(await repo.findById(store.id, subscriber.id)).to.deep.equal(subscriber);
    const both = await Promise.all([
      repo.delete(store.id, subscriber.id, NO_EVENTS),
      repo.delete(store.id, subscriber.id, NO_EVENTS),
    ]);
    expect(both.filter(E.isRight)).to.have.length(1);
    expect(await repo.findById(store.id, subscriber.id)).to.equal(undefined);
    expect(await repo.update(store.id, subscriber.id, (s) => s, firesNothing)).to.equal(undefined);
  });

  it('never brings a subscriber back when an update races its deletion', async () => {
    const { repo, store } = await setup();
    for (let n = 0; n < 5; n += 1) {
      const subscriber = aSubscriber(store.id);
      await repo.insert(subscriber, NO_EVENTS);
      const [updated, deleted] = await Promise.all([
        repo.update(
          store.id,
          subscriber.id,
          (s) => ({ ...s, attributes: { ...s.attributes, name: 'Renamed' } }),
          firesNothing,
        ),
        repo.delete(store.id, subscriber.id, NO_EVENTS),
      ]);
      expect(deleted).to.deep.equal(E.right(undefined));
      expect(updated === undefined || updated.attributes.name === 'Renamed').to.equal(true);
      expect(await repo.findById(store.id, subscriber.id)).to.equal(undefined);
    }
  });

  it('lists newest first, then by id, and filters on account_id, name and email, including awkward characters', async () => {
    const { repo, store, other } = await setup();
    const names = ['Plain', 'With "quotes"', 'a,b:c(d)', 'Zoë + Ünïcode'];
    const subscribers = names.map((name, n) =>
      aSubscriber(store.id, { name, email: `s${n}+tag@example.com` }, new Date(Date.UTC(2026, 0, n + 1))),
    );
    const sameInstant = [
      aSubscriber(store.id, {}, new Date(Date.UTC(2026, 1, 1))),
      aSubscriber(store.id, {}, new Date(Date.UTC(2026, 1, 1))),
    ];
    for (const s of [...subscribers, ...sameInstant]) await repo.insert(s, NO_EVENTS);
    await repo.insert(
      aSubscriber(other.id, { name: 'Plain', account_id: subscribers[0]!.attributes.account_id }),
      NO_EVENTS,
    );

    const all = await repo.list(store.id, listQuery(SUBSCRIBER_LIST, { limit: 100 }));
    const tied = [...sameInstant].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(all.items.map((s) => s.id)).to.deep.equal([...tied, ...[...subscribers].reverse()].map((s) => s.id));
    expect(all).to.include({ total: 6 });

    for (const [n, subscriber] of subscribers.entries()) {
      const by = async (field: 'account_id' | 'name' | 'email', value: string) =>
        (await repo.list(store.id, listQuery(SUBSCRIBER_LIST, { filter: [{ op: 'eq', field, value }] }))).items.map(
          (s) => s.id,
        );
      expect(await by('name', names[n]!), names[n]).to.deep.equal([subscriber.id]);
      expect(await by('email', subscriber.attributes.email)).to.deep.equal([subscriber.id]);
      expect(await by('account_id', subscriber.attributes.account_id)).to.deep.equal([subscriber.id]);
    }
    const some = await repo.list(
      store.id,
      listQuery(SUBSCRIBER_LIST, {
        limit: 1,
        offset: 1,
        filter: [
          { op: 'in', field: 'name', values: ['Plain', 'a,b:c(d)', 'missing'] },
          { op: 'in', field: 'email', values: ['s0+tag@example.com', 's2+tag@example.com'] },
        ],
      }),
    );
    expect(some.items.map((s) => s.attributes.name)).to.deep.equal(['Plain']);
    expect(some.total).to.equal(2);
    const none = await repo.list(
      store.id,
      listQuery(SUBSCRIBER_LIST, { filter: [{ op: 'eq', field: 'name', value: 'plain' }] }),
    );
    expect(none.items).to.deep.equal([]);
    expect(none.total).to.equal(0);
  });
});
