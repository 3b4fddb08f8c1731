import { expect } from 'chai';
import { aKey, aStore, storeRecords } from '../../../support/builders.js';
import { forEachBackend } from '../../../support/backends.js';
import { portsOf } from '../../../support/ports.js';
import { TOKENS } from '../../../../src/application/tokens.js';

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
    expect(await container.get(TOKENS.MerchantRealmMappingRepository).findByStore(store.id)).to.deep.equal(records.realmMapping);
  });

  it('changes the page length of one store only', async () => {
    const { stores } = portsOf(persistence());
    const [a, b] = [aStore(), aStore()];
    await stores.create(storeRecords(a));
    await stores.create(storeRecords(b));
    expect(await stores.setPageLength(a.id, 100)).to.deep.equal({ ...a, pageLength: 100 });
    expect((await stores.findById(b.id))?.pageLength).to.equal(25);
    expect(await stores.setPageLength(aStore().id, 5)).to.equal(undefined);
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
