import { expect } from 'chai';
import { TOKENS } from '../../../../../src/application/tokens.js';
import { STORE_LIST } from '../../../../../src/domain/stores/store-summary.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('StoreRepository contract', (_backend, persistence) => {
  it('is empty before the first store and not after', async () => {
    const { stores } = portsOf(persistence());
    expect(await stores.isEmpty()).to.equal(true);
    const store = aStore();
    await stores.create(storeRecords(store));
    expect(await stores.isEmpty()).to.equal(false);
  });

  it('reads back a created store with its settings, its first key and its realm mapping', async () => {
    const { stores, keys, container } = portsOf(persistence());
    const store = aStore({ name: 'Bücher 📚', pageLength: 7, rateLimit: 40 });
    const records = storeRecords(store);
    await stores.create(records);
    expect(await stores.findById(store.id)).to.deep.equal(store);
    expect(await keys.findById(store.id, records.firstKey.id)).to.deep.equal(records.firstKey);
    expect(await container.get(TOKENS.MerchantRealmMappingRepository).findByStore(store.id)).to.deep.equal(
      records.realmMapping,
    );
  });

  it('changes the settings given of one store only, and leaves the others as they are', async () => {
    const { stores } = portsOf(persistence());
    const [a, b] = [aStore(), aStore()];
    await stores.create(storeRecords(a));
    await stores.create(storeRecords(b));
    expect(a.subscriptionsGeneration).to.equal('2024');
    expect(await stores.changeSettings(a.id, { pageLength: 100 })).to.deep.equal({ ...a, pageLength: 100 });
    expect(await stores.changeSettings(a.id, { subscriptionsGeneration: '2025' })).to.deep.equal({
      ...a,
      pageLength: 100,
      subscriptionsGeneration: '2025',
    });
    expect(await stores.findById(a.id)).to.deep.equal({ ...a, pageLength: 100, subscriptionsGeneration: '2025' });
    expect(await stores.changeSettings(a.id, { pageLength: 25, subscriptionsGeneration: '2024' })).to.deep.equal(a);
    expect(await stores.findById(b.id)).to.deep.equal(b);
    expect(await stores.changeSettings(aStore().id, { pageLength: 5 })).to.equal(undefined);
  });

  it('lists stores newest first, a page at a time, each with its key count and reserved total', async () => {
    const { stores, keys } = portsOf(persistence());
    const at = (day: number) => new Date(`2026-01-0${day}T00:00:00.000Z`);
    const [oldest, middle, newest] = [
      aStore({ name: 'Oldest', createdAt: at(1), rateLimit: 50 }),
      aStore({ createdAt: at(2) }),
      aStore({ createdAt: at(3) }),
    ];
    for (const store of [middle, newest, oldest])
      await stores.create(storeRecords(store, aKey(store.id, { reservedRateLimit: null })));
    await keys.insert(aKey(oldest.id, { reservedRateLimit: 20 }), () => true);
    await keys.insert(aKey(oldest.id, { reservedRateLimit: 5 }), () => true);

    const all = await stores.list(listQuery(STORE_LIST, { offset: 0, limit: 100 }));
    expect(all.items.map((s) => s.store.id)).to.deep.equal([newest.id, middle.id, oldest.id]);
    expect(all.items[2]).to.deep.equal({ store: oldest, keyCount: 3, reservedRateLimit: 25 });
    expect(all.items[0]).to.deep.equal({ store: newest, keyCount: 1, reservedRateLimit: 0 });
    expect([all.total, all.totalMethod]).to.deep.equal([3, 'exact']);

    const second = await stores.list(listQuery(STORE_LIST, { offset: 1, limit: 1 }));
    expect(second.items.map((s) => s.store.id)).to.deep.equal([middle.id]);
    expect(second.total).to.equal(3);
    expect((await stores.list(listQuery(STORE_LIST, { offset: 3, limit: 1 }))).items).to.deep.equal([]);
  });

  it('lists stores created in the same instant in the order of their ids, so pages neither overlap nor skip', async () => {
    const { stores } = portsOf(persistence());
    const twins = [aStore(), aStore(), aStore()];
    for (const store of twins) await stores.create(storeRecords(store));
    const ids = twins
      .map((s) => s.id)
      .sort()
      .reverse();
    const paged = [];
    for (let offset = 0; offset < 3; offset += 1)
      paged.push(...(await stores.list(listQuery(STORE_LIST, { offset, limit: 1 }))).items.map((s) => s.store.id));
    expect(paged).to.deep.equal(ids);
  });

  it('lists nothing before the first store', async () => {
    const { stores } = portsOf(persistence());
    const empty = await stores.list(listQuery(STORE_LIST, { offset: 0, limit: 10 }));
    expect([empty.items, empty.total, empty.totalMethod]).to.deep.equal([[], 0, 'exact']);
  });

  it('finds nothing for an unknown id', async () => {
    const { stores } = portsOf(persistence());
    expect(await stores.findById(aStore().id)).to.equal(undefined);
  });

  it('writes nothing when the first key cannot be stored', async () => {
    const { stores } = portsOf(persistence());
    const first = aStore();
    const key = aKey(first.id);
    await stores.create(storeRecords(first, key));
    const second = aStore();
    let failed = false;
    try {
      await stores.create(storeRecords(second, { ...key, storeId: second.id }));
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(await stores.findById(second.id)).to.equal(undefined);
  });

  it('reports the database as healthy', async () => {
    const { health } = portsOf(persistence());
    expect(await health.ping()).to.equal(true);
  });
});
