import { expect } from 'chai';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { STORE_RECORD_LIST } from '../../../src/domain/store-records/store-record.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { listQuery } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';
import { QueryCounter } from '../../support/query-counter.js';
import { aDunningRule, aProrationPolicy } from '../../support/subscription-builders.js';

forEachBackend(
  'the proration policy and dunning rule lists',
  (_backend, persistence) => {
    it('cost two queries for 1, 10 or 100 records', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      for (let n = 0; n < 120; n += 1) {
        await ports.prorationPolicies.insert(aProrationPolicy(store.id, { external_ref: `ref-${n}` }), NO_EVENTS);
        await ports.dunningRules.insert(aDunningRule(store.id), NO_EVENTS);
      }
      const costs: Record<string, number> = {};
      for (const limit of [1, 10, 100]) {
        const counter = new QueryCounter();
        const counted = portsOf({ kind: 'database', handle: { ...p.handle, db: p.handle.db.withPlugin(counter) } });
        expect(
          (await counted.prorationPolicies.list(store.id, listQuery(STORE_RECORD_LIST, { limit }))).items,
        ).to.have.length(limit);
        expect(
          (await counted.dunningRules.list(store.id, listQuery(STORE_RECORD_LIST, { limit }))).items,
        ).to.have.length(limit);
        costs[`both ${limit}`] = counter.count;
      }
      expect(new Set(Object.values(costs)), JSON.stringify(costs)).to.deep.equal(new Set([4]));
    });
  },
  { sqlOnly: true },
);
