import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { inUse, missing, originalGone } from '../../../../../src/application/ports/storage-outcomes.js';
import {
  nextVersion,
  type Offering,
  type OfferingFeature,
  withCopies,
  withCopyChanged,
  withoutCopy,
} from '../../../../../src/domain/catalogue/offering.js';
import {
  OFFERING_LIST,
  OFFERING_LISTS,
  type OfferingFilterOf,
} from '../../../../../src/domain/catalogue/offering-query.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { Feature } from '../../../../../src/domain/features/feature.js';
import type { FilterCondition } from '../../../../../src/domain/query/filter.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct } from '../../../../support/subscription-builders.js';

forEachBackend('OfferingRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const products = [
      aProduct(store.id, { name: 'First' }),
      aProduct(store.id, { name: 'Second', external_ref: 'p2' }),
    ];
    const plans = [
      aPlan(store.id),
      aPlan(store.id, { name: 'Yearly', billing_interval_type: 'year', fixed_price: { USD: { amount: 9000 } } }),
    ];
    for (const p of products) await ports.products.insert(p, NO_EVENTS);
    for (const p of plans) await ports.plans.insert(p, NO_EVENTS);
    return { ...ports, store, other, originalProducts: products, originalPlans: plans };
  };

  it('stores an offering with its copies in order and reads it back whole', async () => {
    const { offerings, store, other, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans, { attributes: { name: 'Club ☕', external_ref: 'club' } });
    expect(await offerings.insert(offering, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await offerings.findById(store.id, offering.id)).to.deep.equal(offering);
    expect(await offerings.findById(other.id, offering.id)).to.equal(undefined);
  });

  it('stores items made inside the offering, with no original, beside copies, and reads them back without one', async () => {
    const { offerings, store, products, originalProducts, originalPlans } = await setup();
    const made = <A>(attributes: A, createdAt: Date) => ({
      id: randomIds.uuid(),
      attributes,
      createdAt,
      updatedAt: createdAt,
    });
    const at = new Date('2026-03-01T00:00:00.000Z');
    const offering = anOffering(store.id, [originalProducts[0]!], [], {
      products: [],
      plans: [made(originalPlans[1]!.attributes, at)],
    });
    const held = { ...offering, products: [made(originalProducts[1]!.attributes, at)] };
    expect(await offerings.insert(held, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await offerings.findById(store.id, held.id)).to.deep.equal(held);

    const later = new Date('2026-03-02T00:00:00.000Z');
    const updated = await offerings.update(
      store.id,
      held.id,
      (o) => ({
        ...o,
        products: [
          ...withCopies(o.products, [originalProducts[0]!], () => randomIds.uuid(), later),
          made({ name: 'Made here' }, later),
        ],
        version: o.version + 1,
        updatedAt: later,
      }),
      firesNothing,
    );
    const read = await offerings.findById(store.id, held.id);
    expect(updated).to.deep.equal(E.right(read));
    expect(read?.products.map((p) => p.originId)).to.deep.equal([undefined, originalProducts[0]!.id, undefined]);
    expect(read?.products.map((p) => 'originId' in p)).to.deep.equal([false, true, false]);
    expect(read?.plans.map((p) => 'originId' in p)).to.deep.equal([false]);
    // Nothing made inside an offering holds an original: deleting the one copied is still refused, others not.
    expect(await products.delete(store.id, originalProducts[0]!.id, NO_EVENTS)).to.deep.equal(E.left(inUse));
    expect(await products.delete(store.id, originalProducts[1]!.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
  });

  it('keeps features, copied or made inside, and the plans configuring them, through every version; a feature goes with its offering', async () => {
    const { offerings, features, store, originalProducts } = await setup();
    const at = new Date('2026-04-01T00:00:00.000Z');
    const original: Feature = {
      id: randomIds.uuid(),
      storeId: store.id,
      attributes: { name: 'Library', external_ref: 'library', configuration: { type: 'access', tag: 'library' } },
      createdAt: at,
      updatedAt: at,
    };
    expect(await features.insert(original, NO_EVENTS)).to.deep.equal(E.right(undefined));
    const made: OfferingFeature = {
      id: randomIds.uuid(),
      attributes: {
        name: 'Deals ☕',
        configuration: {
          type: 'promotion',
          promotions: [{ name: 'Ten off', tag: 'ten_off', promotion_id: randomIds.uuid() }],
        },
      },
      createdAt: at,
      updatedAt: at,
    };
    const base = anOffering(store.id, originalProducts, []);
    const copied = withCopies([], [original], () => randomIds.uuid(), at);
    const offering: Offering = {
      ...base,
      features: [...copied, made],
      products: base.products.map((p, i) =>
        i === 0
          ? {
              ...p,
              attributes: {
                ...p.attributes,
                feature_configurations: {
                  [copied[0]!.id]: { type: 'access' },
                  [made.id]: { type: 'promotion', tag: 'ten_off' },
                },
              },
            }
          : p,
      ),
    };
    expect(await offerings.insert(offering, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await offerings.findById(store.id, offering.id)).to.deep.equal(offering);

    const later = new Date('2026-04-02T00:00:00.000Z');
    const usage: OfferingFeature = {
      id: randomIds.uuid(),
      attributes: { name: 'Seats', configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 3 } },
      createdAt: later,
      updatedAt: later,
    };
    const next = await offerings.update(
      store.id,
      offering.id,
      (o) => ({
        ...o,
        // The made feature is renamed, the copy removed, a usage feature added after them.
        features: [
          ...(withCopyChanged(o.features, made.id, (a) => ({ ...a, name: 'Deals' }), later) ?? []).filter(
            (f) => f.id !== copied[0]!.id,
          ),
          usage,
        ],
        version: o.version + 1,
        updatedAt: later,
      }),
      firesNothing,
    );
    expect(E.isRight(next)).to.equal(true);
    const read = await offerings.findById(store.id, offering.id);
    expect(read?.features.map((f) => [f.attributes.name, f.originId])).to.deep.equal([
      ['Deals', undefined],
      ['Seats', undefined],
    ]);
    expect(read).to.deep.equal(E.isRight(next) ? next.right : undefined);
    // The store's feature is not the copy: it stays as it was, and may go while offerings keep their copies.
    expect(await features.findById(store.id, original.id)).to.deep.equal(original);
    expect(E.isRight(await features.delete(store.id, original.id, NO_EVENTS))).to.equal(true);
    expect((await offerings.findById(store.id, offering.id))?.features).to.have.length(2);
    expect(await offerings.delete(store.id, offering.id, NO_EVENTS)).to.equal(true);
    expect(await offerings.findById(store.id, offering.id)).to.equal(undefined);
  });

  it('stores which plans each product may be bought under, and custom attributes, through updates', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const base = anOffering(store.id, products, plans);
    const [first, second] = base.products;
    const [monthly, yearly] = base.plans;
    const offering: Offering = {
      ...base,
      products: [{ ...first!, customAttributes: { colour: 'green', ключ: '値 😀' } }, second!],
      eligibility: { [first!.id]: [monthly!.id, yearly!.id], [second!.id]: [yearly!.id] },
    };
    await offerings.insert(offering, NO_EVENTS);
    expect(await offerings.findById(store.id, offering.id)).to.deep.equal(offering);
    const now = new Date('2026-03-05T00:00:00.000Z');
    const updated = await offerings.update(
      store.id,
      offering.id,
      (o) =>
        nextVersion(
          o,
          {
            products: [{ ...o.products[0]!, customAttributes: { colour: 'blue' } }, o.products[1]!],
            eligibility: { [first!.id]: [monthly!.id], [second!.id]: [] },
          },
          now,
        ),
      firesNothing,
    );
    const read = await offerings.findById(store.id, offering.id);
    expect(updated).to.deep.equal(E.right(read));
    expect(read?.eligibility).to.deep.equal({ [first!.id]: [monthly!.id], [second!.id]: [] });
    expect(read?.products.map((p) => p.customAttributes)).to.deep.equal([{ colour: 'blue' }, undefined]);
    // Every pair again: stored as no map at all, and a product without custom attributes holds none.
    await offerings.update(
      store.id,
      offering.id,
      (o) => {
        const { customAttributes: _gone, ...plain } = o.products[0]!;
        return nextVersion(o, { products: [plain, o.products[1]!], eligibility: undefined }, now);
      },
      firesNothing,
    );
    const complete = await offerings.findById(store.id, offering.id);
    expect(complete).not.to.have.property('eligibility');
    expect(complete?.products[0]).not.to.have.property('customAttributes');
  });

  it('refuses copies of originals that no longer exist, and stores nothing', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const ghost = aProduct(store.id);
    const offering = anOffering(store.id, [...products, ghost], plans);
    expect(await offerings.insert(offering, NO_EVENTS)).to.deep.equal(E.left(originalGone));
    expect(await offerings.findById(store.id, offering.id)).to.equal(undefined);
  });

  it('updates attributes and adds copies under a lock, keeping the held ones', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, [products[0]!], [plans[0]!]);
    await offerings.insert(offering, NO_EVENTS);
    const now = new Date('2026-03-03T00:00:00.000Z');
    const updated = await offerings.update(
      store.id,
      offering.id,
      (o) => ({
        ...o,
        attributes: { ...o.attributes, name: 'Renamed club' },
        products: withCopies(o.products, products, () => randomIds.uuid(), now),
        version: o.version + 1,
        updatedAt: now,
      }),
      firesNothing,
    );
    const read = await offerings.findById(store.id, offering.id);
    expect(updated).to.deep.equal(E.right(read));
    expect(read?.products.map((p) => p.originId)).to.deep.equal(products.map((p) => p.id));
    expect(read?.version).to.equal(2);
  });

  it('answers Missing for an unknown offering and OriginalGone when an attached original vanished', async () => {
    const { offerings, store, other, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans);
    await offerings.insert(offering, NO_EVENTS);
    expect(await offerings.update(other.id, offering.id, (o) => o, firesNothing)).to.deep.equal(E.left(missing));
    const ghost = aProduct(store.id);
    expect(
      await offerings.update(
        store.id,
        offering.id,
        (o) => ({
          ...o,
          products: withCopies(o.products, [ghost], () => randomIds.uuid(), new Date()),
        }),
        firesNothing,
      ),
    ).to.deep.equal(E.left(originalGone));
    expect((await offerings.findById(store.id, offering.id))?.products).to.have.length(2);
  });

  it('deletes an offering with its copies, freeing the originals', async () => {
    const {
      offerings,
      products: productRepo,
      store,
      other,
      originalProducts: products,
      originalPlans: plans,
    } = await setup();
    const offering = anOffering(store.id, products, plans);
    await offerings.insert(offering, NO_EVENTS);
    expect(await offerings.delete(other.id, offering.id, NO_EVENTS)).to.equal(false);
    expect(await offerings.delete(store.id, offering.id, NO_EVENTS)).to.equal(true);
    expect(await offerings.findById(store.id, offering.id)).to.equal(undefined);
    expect((await productRepo.delete(store.id, products[0]!.id, NO_EVENTS))._tag).to.equal('Right');
  });

  it('lists newest first with copies, filtered on external_ref', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const older = anOffering(store.id, products, [plans[0]!], {
      attributes: { name: 'Older', external_ref: 'o-1' },
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
    });
    const newer = anOffering(store.id, [products[1]!], plans, {
      attributes: { name: 'Newer', external_ref: 'o-2' },
      createdAt: new Date('2026-02-01T00:00:00.000Z'),
    });
    await offerings.insert(older, NO_EVENTS);
    await offerings.insert(newer, NO_EVENTS);
    const all = await offerings.list(store.id, listQuery(OFFERING_LIST, { limit: 10 }));
    expect(all.items).to.deep.equal([newer, older]);
    expect(all.total).to.equal(2);
    const one = await offerings.list(
      store.id,
      listQuery(OFFERING_LIST, { limit: 10, filter: [{ op: 'eq', field: 'external_ref', value: 'o-1' }] }),
    );
    expect(one.items).to.deep.equal([older]);
  });

  const detached = (o: Offering, copyId: Uuid): Offering => ({
    ...o,
    products: withoutCopy(o.products, copyId) ?? o.products,
    version: o.version + 1,
  });

  it('removes and changes copies, keeping the order of attachment for copies added later', async () => {
    const { offerings, store, originalProducts: products, originalPlans: plans } = await setup();
    const offering = anOffering(store.id, products, plans);
    await offerings.insert(offering, NO_EVENTS);
    const now = new Date('2026-04-04T00:00:00.000Z');
    const [first, second] = offering.products;
    const changed = await offerings.update(
      store.id,
      offering.id,
      (o) => ({
        ...detached(o, first!.id),
        plans: withCopyChanged(o.plans, o.plans[1]!.id, (a) => ({ ...a, name: 'Yearly, changed' }), now) ?? o.plans,
      }),
      firesNothing,
    );
    const read = await offerings.findById(store.id, offering.id);
    expect(changed).to.deep.equal(E.right(read));
    expect(read?.products).to.deep.equal([second]);
    expect(read?.plans.map((p) => [p.attributes.name, p.updatedAt.toISOString()])).to.deep.equal([
      [plans[0]!.attributes.name, offering.createdAt.toISOString()],
      ['Yearly, changed', now.toISOString()],
    ]);
    await offerings.update(
      store.id,
      offering.id,
      (o) => ({
        ...o,
        products: withCopies(o.products, [products[0]!], () => randomIds.uuid(), now),
      }),
      firesNothing,
    );
    expect((await offerings.findById(store.id, offering.id))?.products.map((p) => p.originId)).to.deep.equal([
      products[1]!.id,
      products[0]!.id,
    ]);
  });

  it('frees an original for deletion once its last copy is removed', async () => {
    const { offerings, products: productRepo, store, originalProducts: products, originalPlans: plans } = await setup();
    const [one, two] = [anOffering(store.id, products, plans), anOffering(store.id, [products[0]!], [])];
    await offerings.insert(one, NO_EVENTS);
    await offerings.insert(two, NO_EVENTS);
    await offerings.update(store.id, one.id, (o) => detached(o, o.products[0]!.id), firesNothing);
    expect(await productRepo.delete(store.id, products[0]!.id, NO_EVENTS)).to.deep.equal(E.left(inUse));
    await offerings.update(store.id, two.id, (o) => detached(o, o.products[0]!.id), firesNothing);
    expect(await productRepo.delete(store.id, products[0]!.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
  });

  it("filters on 2025's plans.external_ref as on 2024's external_product_refs, with eq as well as in", async () => {
    const { offerings, products: productRepo, store } = await setup();
    const [a, b] = [aProduct(store.id, { external_ref: 'ref-a' }), aProduct(store.id, { external_ref: 'ref-b' })];
    for (const p of [a, b]) await productRepo.insert(p, NO_EVENTS);
    const holdsA = anOffering(store.id, [a], [], { createdAt: new Date('2026-01-01T00:00:00.000Z') });
    const holdsB = anOffering(store.id, [b], [], { createdAt: new Date('2026-02-01T00:00:00.000Z') });
    for (const o of [holdsA, holdsB]) await offerings.insert(o, NO_EVENTS);
    const having = async (filter: FilterCondition<OfferingFilterOf<'2025'>>) =>
      (await offerings.list(store.id, listQuery(OFFERING_LISTS['2025'], { limit: 10, filter: [filter] }))).items.map(
        (o) => o.id,
      );
    expect(await having({ op: 'eq', field: 'plans.external_ref', value: 'ref-a' })).to.deep.equal([holdsA.id]);
    expect(await having({ op: 'in', field: 'plans.external_ref', values: ['ref-a', 'ref-b'] })).to.deep.equal([
      holdsB.id,
      holdsA.id,
    ]);
    expect(await having({ op: 'eq', field: 'plans.external_ref', value: 'ref-c' })).to.deep.equal([]);
  });

  it('filters on the external references of the products an offering holds, as they are now', async () => {
    const { offerings, products: productRepo, store, other, originalPlans: plans } = await setup();
    const refs = [
      aProduct(store.id, { external_ref: 'ref-a' }),
      aProduct(store.id, { external_ref: 'ref-b' }),
      aProduct(store.id),
    ];
    for (const p of refs) await productRepo.insert(p, NO_EVENTS);
    const both = anOffering(store.id, [refs[0]!, refs[1]!], plans, { createdAt: new Date('2026-01-01T00:00:00.000Z') });
    const onlyB = anOffering(store.id, [refs[1]!, refs[2]!], [], { createdAt: new Date('2026-02-01T00:00:00.000Z') });
    const none = anOffering(store.id, [refs[2]!], [], { createdAt: new Date('2026-03-01T00:00:00.000Z') });
    for (const o of [both, onlyB, none]) await offerings.insert(o, NO_EVENTS);
    const theirs = aProduct(other.id, { external_ref: 'ref-a' });
    await productRepo.insert(theirs, NO_EVENTS);
    await offerings.insert(anOffering(other.id, [theirs], []), NO_EVENTS);
    const having = async (...values: string[]) =>
      (
        await offerings.list(
          store.id,
          listQuery(OFFERING_LIST, { limit: 10, filter: [{ op: 'in', field: 'external_product_refs', values }] }),
        )
      ).items.map((o) => o.id);
    expect(await having('ref-a')).to.deep.equal([both.id]);
    expect(await having('ref-b', 'ref-a', 'ref-b')).to.deep.equal([onlyB.id, both.id]);
    expect(await having('REF-A', 'ref-')).to.deep.equal([]);
    const filtered = await offerings.list(
      store.id,
      listQuery(OFFERING_LIST, { limit: 1, filter: [{ op: 'in', field: 'external_product_refs', values: ['ref-b'] }] }),
    );
    expect(filtered.total).to.equal(2);
    const now = new Date('2026-05-05T00:00:00.000Z');
    await offerings.update(
      store.id,
      none.id,
      (o) => ({
        ...o,
        products:
          withCopyChanged(o.products, o.products[0]!.id, (a) => ({ ...a, external_ref: 'ref-a' }), now) ?? o.products,
      }),
      firesNothing,
    );
    await offerings.update(store.id, both.id, (o) => detached(o, o.products[0]!.id), firesNothing);
    expect(await having('ref-a')).to.deep.equal([none.id]);
  });

  it('reads every version with its own copies while the copies change', async () => {
    const { offerings, store, originalProducts: products } = await setup();
    const offering = anOffering(store.id, [products[0]!], []);
    await offerings.insert(offering, NO_EVENTS);
    // Odd versions hold one product copy, even versions two.
    const toggle = (o: Offering): Offering =>
      o.version % 2 === 1
        ? {
            ...o,
            products: withCopies(o.products, [products[1]!], () => randomIds.uuid(), new Date()),
            version: o.version + 1,
          }
        : detached(o, o.products[1]!.id);
    const writes = Array.from({ length: 10 }, () => offerings.update(store.id, offering.id, toggle, firesNothing));
    const reads = Array.from({ length: 30 }, () => offerings.findById(store.id, offering.id));
    const [, read] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    expect(read.map((o) => o !== undefined && o.products.length === (o.version % 2 === 1 ? 1 : 2))).to.deep.equal(
      read.map(() => true),
    );
  });

  it('never leaves a copy of a deleted original when a delete races an attach', async () => {
    const { offerings, products: productRepo, store } = await setup();
    const offering = anOffering(store.id, [], []);
    await offerings.insert(offering, NO_EVENTS);
    for (let round = 0; round < 6; round += 1) {
      const original = aProduct(store.id, { name: `Racer ${round}` });
      await productRepo.insert(original, NO_EVENTS);
      const [deleted, attached] = await Promise.all([
        productRepo.delete(store.id, original.id, NO_EVENTS),
        offerings.update(
          store.id,
          offering.id,
          (o) => ({
            ...o,
            products: withCopies(o.products, [original], () => randomIds.uuid(), new Date()),
            version: o.version + 1,
          }),
          firesNothing,
        ),
      ]);
      const held = (await offerings.findById(store.id, offering.id))?.products.some((p) => p.originId === original.id);
      const exists = (await productRepo.findById(store.id, original.id)) !== undefined;
      expect({ deleted: deleted._tag, attached: attached._tag, held, exists }).to.deep.equal(
        E.isRight(deleted)
          ? { deleted: 'Right', attached: 'Left', held: false, exists: false }
          : { deleted: 'Left', attached: 'Right', held: true, exists: true },
      );
    }
  });

  it('never stores a new offering holding a copy of an original deleted at the same time', async () => {
    const { offerings, products: productRepo, store } = await setup();
    for (let round = 0; round < 6; round += 1) {
      const original = aProduct(store.id, { name: `Racer ${round}` });
      await productRepo.insert(original, NO_EVENTS);
      const offering = anOffering(store.id, [original], []);
      const [deleted, inserted] = await Promise.all([
        productRepo.delete(store.id, original.id, NO_EVENTS),
        offerings.insert(offering, NO_EVENTS),
      ]);
      const stored = await offerings.findById(store.id, offering.id);
      const exists = (await productRepo.findById(store.id, original.id)) !== undefined;
      expect({ deleted: deleted._tag, inserted: inserted._tag, stored: stored !== undefined, exists }).to.deep.equal(
        E.isRight(deleted)
          ? { deleted: 'Right', inserted: 'Left', stored: false, exists: false }
          : { deleted: 'Left', inserted: 'Right', stored: true, exists: true },
      );
    }
  });

  it('never loses track of a copy when a delete races a detach', async () => {
    const { offerings, products: productRepo, store } = await setup();
    for (let round = 0; round < 6; round += 1) {
      const original = aProduct(store.id, { name: `Racer ${round}` });
      await productRepo.insert(original, NO_EVENTS);
      const offering = anOffering(store.id, [original], []);
      await offerings.insert(offering, NO_EVENTS);
      const [deleted] = await Promise.all([
        productRepo.delete(store.id, original.id, NO_EVENTS),
        offerings.update(store.id, offering.id, (o) => detached(o, o.products[0]!.id), firesNothing),
      ]);
      expect((await offerings.findById(store.id, offering.id))?.products).to.deep.equal([]);
      // Refused only when it ran before the detach: then a second attempt goes through.
      if (E.isLeft(deleted)) expect(deleted).to.deep.equal(E.left(inUse));
      const exists = (await productRepo.findById(store.id, original.id)) !== undefined;
      expect(exists).to.equal(E.isLeft(deleted));
      if (exists) expect(await productRepo.delete(store.id, original.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
    }
  });
});
