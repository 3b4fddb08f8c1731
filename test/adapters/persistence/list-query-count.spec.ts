import { expect } from 'chai';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { OFFERING_LIST } from '../../../src/domain/catalogue/offering-query.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { SUBSCRIPTION_LIST } from '../../../src/domain/subscriptions/subscription-query.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { listQuery } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';
import { QueryCounter } from '../../support/query-counter.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

forEachBackend(
  'the subscription list',
  (_backend, persistence) => {
    it('costs two queries for 1, 10 or 100 records, with or without includes and filters (one once snapshots are cached)', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      const versions = [];
      for (let n = 0; n < 20; n += 1) {
        const product = aProduct(store.id);
        const plan = aPlan(store.id);
        await ports.products.insert(product, NO_EVENTS);
        await ports.plans.insert(plan, NO_EVENTS);
        const offering = anOffering(store.id, [product], [plan]);
        await ports.offerings.insert(offering, NO_EVENTS);
        versions.push({ offering, id: await ports.subscriptions.snapshotOffering(offering) });
      }
      for (let n = 0; n < 120; n += 1) {
        const version = versions[n % versions.length]!;
        await ports.subscriptions.insert(
          aSubscription(version.offering, version.id, { email: n % 2 ? 'odd@example.com' : 'even@example.com' }),
          undefined,
          subscriptionsStored,
        );
      }

      const costs: Record<string, number> = {};
      const warm: Record<string, number> = {};
      for (const limit of [1, 10, 100]) {
        for (const [label, query] of [
          ['plain', {}],
          [
            'filtered, with includes',
            { filter: [{ op: 'eq', field: 'email', value: 'odd@example.com' }], include: 'plans,products' },
          ],
        ] as const) {
          // A fresh repository each time, so that no snapshot is cached yet.
          const counter = new QueryCounter();
          const counted = portsOf({
            kind: 'database',
            handle: { ...p.handle, db: p.handle.db.withPlugin(counter) },
          }).subscriptions;
          const request = listQuery(SUBSCRIPTION_LIST, { limit, ...query });
          const page = await counted.list(store.id, request);
          expect(page.items.length).to.equal(Math.min(limit, label === 'plain' ? 120 : 60));
          costs[`${label} ${limit}`] = counter.count;
          counter.count = 0;
          await counted.list(store.id, request);
          warm[`${label} ${limit}`] = counter.count;
        }
      }
      expect(new Set(Object.values(costs)), JSON.stringify(costs)).to.deep.equal(new Set([2]));
      expect(new Set(Object.values(warm)), JSON.stringify(warm)).to.deep.equal(new Set([1]));
    });
  },
  { sqlOnly: true },
);

forEachBackend(
  'the offering list',
  (_backend, persistence) => {
    it('costs the same few queries for 1, 10 or 100 offerings, with or without includes and filters', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      for (let n = 0; n < 120; n += 1) {
        const products = [aProduct(store.id, { external_ref: `p-${n % 2}` }), aProduct(store.id)];
        const plan = aPlan(store.id);
        for (const product of products) await ports.products.insert(product, NO_EVENTS);
        await ports.plans.insert(plan, NO_EVENTS);
        await ports.offerings.insert(
          anOffering(store.id, products, [plan], {
            attributes: { name: `Club ${n}`, external_ref: n % 2 ? 'odd' : 'even' },
          }),
          NO_EVENTS,
        );
      }
      const costs: Record<string, number> = {};
      for (const limit of [1, 10, 100]) {
        for (const [label, query] of [
          ['plain', {}],
          [
            'filtered, with includes',
            { filter: [{ op: 'eq', field: 'external_ref', value: 'odd' }], include: 'plans,products' },
          ],
          [
            'on product references',
            { filter: [{ op: 'in', field: 'external_product_refs', values: ['p-1', 'nothing'] }], include: 'products' },
          ],
        ] as const) {
          const counter = new QueryCounter();
          const counted = portsOf({
            kind: 'database',
            handle: { ...p.handle, db: p.handle.db.withPlugin(counter) },
          }).offerings;
          const page = await counted.list(store.id, listQuery(OFFERING_LIST, { limit, ...query }));
          expect(page.items.length, label).to.equal(Math.min(limit, label === 'plain' ? 120 : 60));
          expect(page.items.every((o) => o.products.length === 2 && o.plans.length === 1)).to.equal(true);
          costs[`${label} ${limit}`] = counter.count;
        }
      }
      expect(new Set(Object.values(costs)).size, JSON.stringify(costs)).to.equal(1);
    });
  },
  { sqlOnly: true },
);
