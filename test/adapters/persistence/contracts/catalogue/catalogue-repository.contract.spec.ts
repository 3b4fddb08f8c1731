import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogueRepository } from '../../../../../src/application/ports/catalogue/catalogue-repository.js';
import { inUse, missing } from '../../../../../src/application/ports/storage-outcomes.js';
import { CATALOGUE_LIST } from '../../../../../src/domain/catalogue/catalogue-query.js';
import type { CatalogueRecord } from '../../../../../src/domain/catalogue/catalogue-record.js';
import type { PlanAttributes, SubscriptionPlan } from '../../../../../src/domain/catalogue/plan.js';
import type { ProductAttributes, SubscriptionProduct } from '../../../../../src/domain/catalogue/product.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct } from '../../../../support/subscription-builders.js';

type Attributes = ProductAttributes | PlanAttributes;

forEachBackend('Product and plan repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { ...ports, store, other };
  };

  const kinds = [
    [
      'products',
      (ports: Awaited<ReturnType<typeof setup>>) => ports.products as CatalogueRepository<Attributes>,
      aProduct,
    ],
    ['plans', (ports: Awaited<ReturnType<typeof setup>>) => ports.plans as CatalogueRepository<Attributes>, aPlan],
  ] as const;

  for (const [kind, repositoryOf, build] of kinds) {
    const make = (storeId: Uuid, attributes: Record<string, unknown> = {}, createdAt?: Date) =>
      (build as (s: Uuid, a: Record<string, unknown>, c?: Date) => CatalogueRecord<Attributes>)(
        storeId,
        attributes,
        createdAt,
      );

    it(`${kind}: stores every attribute and reads it back, never from another store`, async () => {
      const ports = await setup();
      const repo = repositoryOf(ports);
      const record = make(ports.store.id, {
        name: 'Café ☕ 名前',
        description: 'd'.repeat(1024),
        external_ref: 'x'.repeat(2048),
      });
      await repo.insert(record, NO_EVENTS);
      expect(await repo.findById(ports.store.id, record.id)).to.deep.equal(record);
      expect(await repo.findById(ports.other.id, record.id)).to.equal(undefined);
      expect(await repo.findByIds(ports.store.id, [record.id, make(ports.store.id).id])).to.deep.equal([record]);
      expect(await repo.findByIds(ports.other.id, [record.id])).to.deep.equal([]);
      expect(await repo.findByIds(ports.store.id, [])).to.deep.equal([]);
    });

    it(`${kind}: updates through a change function, only within the store`, async () => {
      const ports = await setup();
      const repo = repositoryOf(ports);
      const record = make(ports.store.id);
      await repo.insert(record, NO_EVENTS);
      const later = new Date('2026-06-01T00:00:00.000Z');
      const renamed = await repo.update(
        ports.store.id,
        record.id,
        (r) => ({ ...r, attributes: { ...r.attributes, name: 'Renamed' }, updatedAt: later }) as typeof r,
        firesNothing,
      );
      expect(renamed?.attributes.name).to.equal('Renamed');
      expect(await repo.findById(ports.store.id, record.id)).to.deep.equal(renamed);
      expect(await repo.update(ports.other.id, record.id, (r) => r, firesNothing)).to.equal(undefined);
    });

    it(`${kind}: deletes, but not while an offering holds a copy`, async () => {
      const ports = await setup();
      const repo = repositoryOf(ports);
      const [held, free] = [make(ports.store.id), make(ports.store.id)];
      await repo.insert(held, NO_EVENTS);
      await repo.insert(free, NO_EVENTS);
      const product = kind === 'products' ? (held as SubscriptionProduct) : aProduct(ports.store.id);
      const plan = kind === 'plans' ? (held as SubscriptionPlan) : aPlan(ports.store.id);
      if (kind === 'plans') await ports.products.insert(product, NO_EVENTS);
      else await ports.plans.insert(plan, NO_EVENTS);
      const offering = anOffering(ports.store.id, [product], [plan]);
      expect(await ports.offerings.insert(offering, NO_EVENTS)).to.deep.equal(E.right(undefined));
      expect(await repo.delete(ports.store.id, held.id, NO_EVENTS)).to.deep.equal(E.left(inUse));
      expect(await repo.delete(ports.other.id, free.id, NO_EVENTS)).to.deep.equal(E.left(missing));
      expect(await repo.delete(ports.store.id, free.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
      expect(await repo.findById(ports.store.id, free.id)).to.equal(undefined);
      await ports.offerings.delete(ports.store.id, offering.id, NO_EVENTS);
      expect(await repo.delete(ports.store.id, held.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
    });

    it(`${kind}: lists newest first and filters on external_ref, including awkward characters`, async () => {
      const ports = await setup();
      const repo = repositoryOf(ports);
      const refs = ['plain', 'with "quotes"', 'a,b:c(d)', 'ü@+.x', null] as const;
      const records = refs.map((ref, n) =>
        make(ports.store.id, ref === null ? {} : { external_ref: ref }, new Date(Date.UTC(2026, 0, n + 1))),
      );
      for (const r of records) await repo.insert(r, NO_EVENTS);
      await repo.insert(make(ports.other.id, { external_ref: 'plain' }), NO_EVENTS);
      const all = await repo.list(ports.store.id, listQuery(CATALOGUE_LIST, { limit: 100 }));
      expect(all.items.map((r) => r.id)).to.deep.equal([...records].reverse().map((r) => r.id));
      expect(all).to.include({ total: 5, totalMethod: 'exact' });
      for (const ref of refs.filter((r) => r !== null)) {
        const found = await repo.list(
          ports.store.id,
          listQuery(CATALOGUE_LIST, { limit: 100, filter: [{ op: 'eq', field: 'external_ref', value: ref }] }),
        );
        expect(
          found.items.map((r) => r.attributes.external_ref),
          ref,
        ).to.deep.equal([ref]);
      }
      const some = await repo.list(
        ports.store.id,
        listQuery(CATALOGUE_LIST, {
          limit: 1,
          offset: 1,
          filter: [{ op: 'in', field: 'external_ref', values: ['plain', 'a,b:c(d)', 'missing'] }],
        }),
      );
      expect(some.items.map((r) => r.attributes.external_ref)).to.deep.equal(['plain']);
      expect(some.total).to.equal(2);
    });
  }
});
