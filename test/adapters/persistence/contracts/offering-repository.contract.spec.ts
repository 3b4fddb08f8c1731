import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, originalGone } from '../../../../src/application/ports/storage-outcomes.js';
import { CATALOGUE_LIST } from '../../../../src/domain/subscription/catalogue-query.js';
import { listQuery } from '../../../support/list-queries.js';
import { aStore, storeRecords } from '../../../support/builders.js';
import { forEachBackend } from '../../../support/backends.js';
import { portsOf } from '../../../support/ports.js';
import { anOffering, aPlan, aProduct } from '../../../support/subscription-builders.js';
import { withCopies } from '../../../../src/domain/subscription/offering.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';

forEachBackend('OfferingRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const products = [aProduct(store.id, { name: 'First' }), aProduct(store.id, { name: 'Second', external_ref: 'p2' })];
    const plans = [aPlan(store.id), aPlan(store.id, { name: 'Yearly', billing_interval_type: 'year', fixed_price: { USD: { amount: 9000 } } })];
    for (const p of products) await ports.products.insert(p);
    for (const p of plans) await ports.plans.insert(p);
    return { ...ports, store, other, originalProducts: products, originalPlans: plans };
  };

  it('stores an offering with its copies in order and reads it back whole', async () => {
    const { offerings, store, other, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans, { attributes: { name: 'Club ☕', external_ref: 'club' } });
    expect(await offerings.insert(offering)).to.deep.equal(E.right(undefined));
    expect(await offerings.findById(store.id, offering.id)).to.deep.equal(offering);
    expect(await offerings.findById(other.id, offering.id)).to.equal(undefined);
  });

  it('refuses copies of originals that no longer exist, and stores nothing', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const ghost = aProduct(store.id);
    const offering = anOffering(store.id, [...products, ghost], plans);
    expect(await offerings.insert(offering)).to.deep.equal(E.left(originalGone));
    expect(await offerings.findById(store.id, offering.id)).to.equal(undefined);
  });

  it('updates attributes and adds copies under a lock, keeping the held ones', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, [products[0]!], [plans[0]!]);
    await offerings.insert(offering);
    const now = new Date('2026-03-03T00:00:00.000Z');
    const updated = await offerings.update(store.id, offering.id, (o) => ({
      ...o,
      attributes: { ...o.attributes, name: 'Renamed club' },
      products: withCopies(o.products, products, () => randomIds.uuid(), now),
      version: o.version + 1,
      updatedAt: now,
    }));
    const read = await offerings.findById(store.id, offering.id);
    expect(updated).to.deep.equal(E.right(read));
    expect(read?.products.map((p) => p.originId)).to.deep.equal(products.map((p) => p.id));
    expect(read?.version).to.equal(2);
  });

  it('answers Missing for an unknown offering and OriginalGone when an attached original vanished', async () => {
    const { offerings, store, other, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans);
    await offerings.insert(offering);
    expect(await offerings.update(other.id, offering.id, (o) => o)).to.deep.equal(E.left(missing));
    const ghost = aProduct(store.id);
    expect(await offerings.update(store.id, offering.id, (o) => ({ ...o, products: withCopies(o.products, [ghost], () => randomIds.uuid(), new Date()) }))).to.deep.equal(E.left(originalGone));
    expect((await offerings.findById(store.id, offering.id))?.products).to.have.length(2);
  });

  it('deletes an offering with its copies, freeing the originals', async () => {
    const { offerings, products: productRepo, store, other, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans);
    await offerings.insert(offering);
    expect(await offerings.delete(other.id, offering.id)).to.equal(false);
    expect(await offerings.delete(store.id, offering.id)).to.equal(true);
    expect(await offerings.findById(store.id, offering.id)).to.equal(undefined);
    expect((await productRepo.delete(store.id, products[0]!.id))._tag).to.equal('Right');
  });

  it('lists newest first with copies, filtered on external_ref', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const older = anOffering(store.id, products, [plans[0]!], { attributes: { name: 'Older', external_ref: 'o-1' }, createdAt: new Date('2026-01-01T00:00:00.000Z') });
    const newer = anOffering(store.id, [products[1]!], plans, { attributes: { name: 'Newer', external_ref: 'o-2' }, createdAt: new Date('2026-02-01T00:00:00.000Z') });
    await offerings.insert(older);
    await offerings.insert(newer);
    const all = await offerings.list(store.id, listQuery(CATALOGUE_LIST, { limit: 10 }));
    expect(all.items).to.deep.equal([newer, older]);
    expect(all.total).to.equal(2);
    const one = await offerings.list(store.id, listQuery(CATALOGUE_LIST, { limit: 10, filter: [{ op: 'eq', field: 'external_ref', value: 'o-1' }] }));
    expect(one.items).to.deep.equal([older]);
  });
});
