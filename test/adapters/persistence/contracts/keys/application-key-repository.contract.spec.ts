import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, overBudget } from '../../../../../src/application/ports/storage-outcomes.js';
import { APPLICATION_KEY_LIST } from '../../../../../src/domain/keys/application-key-query.js';
import { reservationFits } from '../../../../../src/domain/keys/reservation-budget.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const fits = (requested: number | null) => (budget: { rateLimit: number; reservedByOthers: number }) =>
  reservationFits(budget, requested);

forEachBackend('ApplicationKeyRepository contract', (_backend, persistence) => {
  const setup = async (rateLimit = 100) => {
    const ports = portsOf(persistence());
    const store = aStore({ rateLimit });
    const firstKey = aKey(store.id, { createdAt: new Date('2026-01-01T00:00:00.000Z') });
    await ports.stores.create(storeRecords(store, firstKey));
    return { ...ports, store, firstKey };
  };

  it('stores a key and finds it by id and by client id, but not from another store', async () => {
    const { keys, stores, store } = await setup();
    const key = aKey(store.id, { name: `${'名前'.repeat(127)}x`, reservedRateLimit: 5 });
    expect(await keys.insert(key, fits(5))).to.deep.equal(E.right(undefined));
    expect(await keys.findById(store.id, key.id)).to.deep.equal(key);
    expect(await keys.findByClientId(key.clientId)).to.deep.equal(key);
    const other = aStore();
    await stores.create(storeRecords(other));
    expect(await keys.findById(other.id, key.id)).to.equal(undefined);
  });

  it('keeps 255 code points of astral characters intact', async () => {
    const { keys, store } = await setup();
    const key = aKey(store.id, { name: '😀'.repeat(255) });
    await keys.insert(key, fits(null));
    expect((await keys.findById(store.id, key.id))?.name).to.equal('😀'.repeat(255));
  });

  it('refuses an insert whose reservation would pass the store budget, and stores nothing', async () => {
    const { keys, store } = await setup(100);
    expect(E.isRight(await keys.insert(aKey(store.id, { reservedRateLimit: 80 }), fits(80)))).to.equal(true);
    const tooMuch = aKey(store.id, { reservedRateLimit: 21 });
    expect(await keys.insert(tooMuch, fits(21))).to.deep.equal(E.left(overBudget));
    expect(await keys.findById(store.id, tooMuch.id)).to.equal(undefined);
    expect(E.isRight(await keys.insert(aKey(store.id, { reservedRateLimit: 20 }), fits(20)))).to.equal(true);
  });

  it('refuses a key for a store that does not exist, and stores nothing', async () => {
    const { keys } = portsOf(persistence());
    const orphan = aKey(aStore().id);
    expect(await keys.insert(orphan, fits(null))).to.deep.equal(E.left(missing));
    expect(await keys.findByClientId(orphan.clientId)).to.equal(undefined);
  });

  it('lets exactly as many concurrent reservations through as the budget holds', async () => {
    const { keys, store } = await setup(100);
    const attempts = Array.from({ length: 12 }, () => aKey(store.id, { reservedRateLimit: 20 }));
    const results = await Promise.all(attempts.map((k) => keys.insert(k, fits(20))));
    expect(results.filter(E.isRight)).to.have.length(5);
    const listed = await keys.list(store.id, listQuery(APPLICATION_KEY_LIST, { offset: 0, limit: 100 }));
    expect(listed.totalReservedRateLimit).to.equal(100);
  });

  it('updates under the budget, counting the other keys only', async () => {
    const { keys, store } = await setup(100);
    const a = aKey(store.id, { reservedRateLimit: 60 });
    const b = aKey(store.id, { reservedRateLimit: 30 });
    await keys.insert(a, fits(60));
    await keys.insert(b, fits(30));
    const at = new Date('2026-02-01T00:00:00.000Z');
    const raised = await keys.update(
      store.id,
      a.id,
      (k) => ({ ...k, reservedRateLimit: 70, updatedAt: at }),
      (budget, k) => reservationFits(budget, k.reservedRateLimit),
    );
    expect(raised).to.deep.equal(E.right({ ...a, reservedRateLimit: 70, updatedAt: at }));
    const over = await keys.update(
      store.id,
      a.id,
      (k) => ({ ...k, reservedRateLimit: 71 }),
      (budget, k) => reservationFits(budget, k.reservedRateLimit),
    );
    expect(over).to.deep.equal(E.left(overBudget));
    expect((await keys.findById(store.id, a.id))?.reservedRateLimit).to.equal(70);
  });

  it('reports an update of an unknown or foreign key as not found', async () => {
    const { keys, stores, store, firstKey } = await setup();
    const other = aStore();
    await stores.create(storeRecords(other));
    const renamed = (k: typeof firstKey) => ({ ...k, name: 'x' });
    expect(await keys.update(other.id, firstKey.id, renamed, () => true)).to.deep.equal(E.left(missing));
    expect(await keys.update(store.id, aKey(store.id).id, renamed, () => true)).to.deep.equal(E.left(missing));
    expect((await keys.findById(store.id, firstKey.id))?.name).to.equal(firstKey.name);
  });

  it('deletes a key with its tokens, only within its store', async () => {
    const { keys, tokens, stores, store } = await setup();
    const key = aKey(store.id);
    await keys.insert(key, fits(null));
    const token = {
      tokenHash: 'a'.repeat(64),
      storeId: store.id,
      applicationKeyId: key.id,
      grant: 'implicit' as const,
      expiresAt: new Date('2030-01-01T00:00:00.000Z'),
    };
    await tokens.insert(token);
    const other = aStore();
    await stores.create(storeRecords(other));
    expect(await keys.delete(other.id, key.id)).to.equal(false);
    expect(await keys.delete(store.id, key.id)).to.equal(true);
    expect(await keys.findById(store.id, key.id)).to.equal(undefined);
    expect(await tokens.findActive(token.tokenHash, new Date('2026-01-01T00:00:00.000Z'))).to.equal(undefined);
    expect(await keys.delete(store.id, key.id)).to.equal(false);
  });

  it('lists newest first with a stable tie-breaker, pages, counts and sums reservations', async () => {
    const { keys, store, firstKey } = await setup();
    const sameTime = new Date('2026-03-01T00:00:00.000Z');
    const tied = [
      aKey(store.id, { createdAt: sameTime, reservedRateLimit: 3 }),
      aKey(store.id, { createdAt: sameTime, reservedRateLimit: 4 }),
    ];
    const newest = aKey(store.id, { createdAt: new Date('2026-04-01T00:00:00.000Z') });
    for (const k of [...tied, newest]) await keys.insert(k, fits(k.reservedRateLimit));
    const tiedOrder = tied
      .map((k) => k.id)
      .sort()
      .reverse();
    const all = await keys.list(store.id, listQuery(APPLICATION_KEY_LIST, { offset: 0, limit: 100 }));
    expect(all.items.map((k) => k.id)).to.deep.equal([newest.id, ...tiedOrder, firstKey.id]);
    expect(all.total).to.equal(4);
    expect(all.totalReservedRateLimit).to.equal(7);
    const second = await keys.list(store.id, listQuery(APPLICATION_KEY_LIST, { offset: 1, limit: 2 }));
    expect(second.items.map((k) => k.id)).to.deep.equal(tiedOrder);
    expect(second.total).to.equal(4);
    const past = await keys.list(store.id, listQuery(APPLICATION_KEY_LIST, { offset: 10, limit: 2 }));
    expect(past.items).to.deep.equal([]);
    expect(past.total).to.equal(4);
  });

  it('lists nothing and sums zero for a store without reservations', async () => {
    const { keys, store } = await setup();
    const listed = await keys.list(store.id, listQuery(APPLICATION_KEY_LIST, { offset: 0, limit: 1 }));
    expect(listed.total).to.equal(1);
    expect(listed.totalReservedRateLimit).to.equal(0);
  });

  it('marks a key as used', async () => {
    const { keys, store, firstKey } = await setup();
    const at = new Date('2026-05-05T05:05:05.123Z');
    await keys.markUsed(firstKey.id, at);
    expect((await keys.findById(store.id, firstKey.id))?.lastUsedAt).to.deep.equal(at);
  });

  it('stores scopes and a rotated secret on insert and on update, and clears them again', async () => {
    const { keys, store } = await setup();
    const key = aKey(store.id, { scopes: ['catalogue'] });
    await keys.insert(key, fits(null));
    expect(await keys.findById(store.id, key.id)).to.deep.equal(key);
    const previousSecret = { hash: key.secretHash, expiresAt: new Date('2026-01-08T00:00:00.000Z') };
    const rotated = {
      ...key,
      secretHash: 'b'.repeat(64),
      previousSecret,
      scopes: ['read-only', 'billing'] as const,
      updatedAt: new Date('2026-01-03T00:00:00.000Z'),
    };
    expect(
      await keys.update(
        store.id,
        key.id,
        () => rotated,
        () => true,
      ),
    ).to.deep.equal(E.right(rotated));
    expect(await keys.findByClientId(key.clientId)).to.deep.equal(rotated);
    const cleared = { ...rotated, previousSecret: null, scopes: null };
    await keys.update(
      store.id,
      key.id,
      () => cleared,
      () => true,
    );
    expect(await keys.findById(store.id, key.id)).to.deep.equal(cleared);
  });
});
