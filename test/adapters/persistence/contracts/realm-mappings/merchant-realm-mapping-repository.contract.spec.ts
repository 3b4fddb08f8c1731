import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, prefixTaken } from '../../../../../src/application/ports/storage-outcomes.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aMapping, aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('MerchantRealmMappingRepository contract', (_backend, persistence) => {
  const twoStores = async () => {
    const ports = portsOf(persistence());
    const [a, b] = [aStore(), aStore()];
    const [ma, mb] = [aMapping(a.id), aMapping(b.id)];
    await ports.stores.create(storeRecords(a, undefined, ma));
    await ports.stores.create(storeRecords(b, undefined, mb));
    return { ...ports, a, b, ma, mb };
  };

  it("finds a store's mapping by store and by id, never another store's", async () => {
    const { mappings, a, b, ma } = await twoStores();
    expect(await mappings.findByStore(a.id)).to.deep.equal(ma);
    expect(await mappings.findById(a.id, ma.id)).to.deep.equal(ma);
    expect(await mappings.findById(b.id, ma.id)).to.equal(undefined);
  });

  it('sets a prefix, keeping its case, and finds the mapping by it in any case', async () => {
    const { mappings, a, ma } = await twoStores();
    expect(await mappings.setPrefix(a.id, ma.id, 'MyShop')).to.deep.equal(E.right({ ...ma, prefix: 'MyShop' }));
    expect(await mappings.findByPrefix('myshop')).to.deep.equal({ ...ma, prefix: 'MyShop' });
    expect(await mappings.findByPrefix('MYSHOP')).to.deep.equal({ ...ma, prefix: 'MyShop' });
    expect(await mappings.findByPrefix('other')).to.equal(undefined);
  });

  it('refuses a prefix another store holds in any case, and lets a store set its own again', async () => {
    const { mappings, a, b, ma, mb } = await twoStores();
    await mappings.setPrefix(a.id, ma.id, 'shop1');
    expect(await mappings.setPrefix(b.id, mb.id, 'SHOP1')).to.deep.equal(E.left(prefixTaken));
    expect((await mappings.findByStore(b.id))?.prefix).to.equal(null);
    expect(await mappings.setPrefix(a.id, ma.id, 'shop1')).to.deep.equal(E.right({ ...ma, prefix: 'shop1' }));
    expect(await mappings.setPrefix(a.id, ma.id, 'Shop1')).to.deep.equal(E.right({ ...ma, prefix: 'Shop1' }));
  });

  it('frees the old prefix when a store changes it', async () => {
    const { mappings, a, b, ma, mb } = await twoStores();
    await mappings.setPrefix(a.id, ma.id, 'first');
    await mappings.setPrefix(a.id, ma.id, 'second');
    expect(E.isRight(await mappings.setPrefix(b.id, mb.id, 'first'))).to.equal(true);
  });

  it('reports an unknown or foreign mapping as not found', async () => {
    const { mappings, a, mb } = await twoStores();
    expect(await mappings.setPrefix(a.id, mb.id, 'abc')).to.deep.equal(E.left(missing));
    expect(await mappings.setPrefix(a.id, aMapping(a.id).id, 'abc')).to.deep.equal(E.left(missing));
  });

  it('lets exactly one of many stores racing for a prefix win', async () => {
    const ports = portsOf(persistence());
    const contenders = Array.from({ length: 6 }, () => {
      const store = aStore();
      return { store, mapping: aMapping(store.id) };
    });
    for (const c of contenders) await ports.stores.create(storeRecords(c.store, undefined, c.mapping));
    const results = await Promise.all(
      contenders.map((c, n) => ports.mappings.setPrefix(c.store.id, c.mapping.id, n % 2 === 0 ? 'race' : 'RACE')),
    );
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array(5).fill(prefixTaken));
  });
});
