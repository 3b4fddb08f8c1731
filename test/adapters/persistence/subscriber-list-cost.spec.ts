import { expect } from 'chai';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { SUBSCRIBER_LIST } from '../../../src/domain/subscriptions/subscriber-query.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { listQuery } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';
import { QueryCounter } from '../../support/query-counter.js';
import { aSubscriber } from '../../support/subscription-builders.js';

forEachBackend(
  'the subscriber list',
  (_backend, persistence) => {
    it('costs two queries for 1, 10 or 100 records, filtered or not', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const ports = portsOf(p);
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      for (let n = 0; n < 120; n += 1)
        await ports.subscribers.insert(
          aSubscriber(store.id, { email: n % 2 ? 'odd@example.com' : 'even@example.com' }),
          NO_EVENTS,
        );

      const costs: Record<string, number> = {};
      for (const limit of [1, 10, 100]) {
        for (const [label, filter] of [
          ['plain', []],
          ['filtered', [{ op: 'eq', field: 'email', value: 'odd@example.com' }]],
        ] as const) {
          const counter = new QueryCounter();
          const counted = portsOf({
            kind: 'database',
            handle: { ...p.handle, db: p.handle.db.withPlugin(counter) },
          }).subscribers;
          const page = await counted.list(store.id, listQuery(SUBSCRIBER_LIST, { limit, filter }));
          expect(page.items.length).to.equal(Math.min(limit, label === 'plain' ? 120 : 60));
          costs[`${label} ${limit}`] = counter.count;
        }
      }
      expect(new Set(Object.values(costs)), JSON.stringify(costs)).to.deep.equal(new Set([2]));
    });
  },
  { sqlOnly: true },
);
