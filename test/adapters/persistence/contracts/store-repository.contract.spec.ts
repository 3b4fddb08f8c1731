import { expect } from 'chai';
import { aKey, aStore } from '../../../support/builders.js';
import { forEachBackend } from '../../../support/backends.js';
import { portsOf } from '../../../support/ports.js';

forEachBackend('StoreRepository contract', (_backend, persistence) => {
  it('is empty before the first store and not after', async () => {
    const { stores } = portsOf(persistence());
    expect(await stores.isEmpty()).to.equal(true);
    const store = aStore();
    await stores.create({ store, firstKey: aKey(store.id) });
    expect(await stores.isEmpty()).to.equal(false);
  });

  it('reads back a created store with its settings and its first key', async () => {
    const { stores, keys } = portsOf(persistence());
    const store = aStore({ name: 'Bücher 📚', pageLength: 7, rateLimit: 40 });
    const firstKey = aKey(store.id);
    await stores.create({ store, firstKey });
    expect(await stores.findById(store.id)).to.deep.equal(store);
    expect(await keys.findById(store.id, firstKey.id)).to.deep.equal(firstKey);
  });

  it('finds nothing for an unknown id', async () => {
    const { stores } = portsOf(persistence());
    expect(await stores.findById(aStore().id)).to.equal(undefined);
  });

  it('writes nothing when the first key cannot be stored', async () => {
    const { stores } = portsOf(persistence());
    const first = aStore();
    const key = aKey(first.id);
    await stores.create({ store: first, firstKey: key });
    const second = aStore();
    let failed = false;
    try {
      await stores.create({ store: second, firstKey: { ...key, storeId: second.id } });
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
