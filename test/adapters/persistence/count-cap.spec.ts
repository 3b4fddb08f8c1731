import { expect } from 'chai';
import { storedSubscriptionDocuments } from '../../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { subscriptionToRow as toRow } from '../../../src/adapters/persistence/kysely/subscriptions/subscription-rows.js';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { COUNT_CAP } from '../../../src/domain/query/page.js';
import { SUBSCRIPTION_LIST } from '../../../src/domain/subscriptions/subscription-query.js';
import { forEachBackend } from '../../support/backends.js';
import { listQuery } from '../../support/list-queries.js';
import { portsOf } from '../../support/ports.js';
import { aStoreWithAnOffering } from '../../support/store-with-offering.js';
import { aSubscription } from '../../support/subscription-builders.js';

forEachBackend('subscription totals past the count cap', (_backend, persistence) => {
  it('are exact below the cap, a lower bound at it, and exact without a filter', async () => {
    const p = persistence();
    const ports = portsOf(p);
    const { store, offering, versionId } = await aStoreWithAnOffering(ports);
    const many = Array.from({ length: COUNT_CAP + 250 }, (_, n) =>
      aSubscription(offering, versionId, {
        email: n < 200 ? 'few@example.com' : 'many@example.com',
        timestamps: { createdAt: new Date(1_767_225_600_000 + n * 1000), updatedAt: new Date(0) },
      }),
    );
    // Written in bulk: through the repository one by one, ten thousand rows would take minutes.
    if (p.kind === 'memory') {
      for (const s of many) await ports.subscriptions.insert(s, undefined, subscriptionsStored);
    } else {
      for (let i = 0; i < many.length; i += 500)
        await p.handle.db
          .insertInto('subscriptions')
          .values(many.slice(i, i + 500).map((s) => toRow(s, storedSubscriptionDocuments.render(s, offering))))
          .execute();
      await p.handle.db
        .updateTable('stores')
        .set({ subscription_count: many.length })
        .where('id', '=', store.id)
        .execute();
    }
    const list = (email?: string) =>
      ports.subscriptions.list(
        store.id,
        listQuery(SUBSCRIPTION_LIST, {
          offset: 10_000,
          limit: 100,
          filter: email === undefined ? [] : [{ op: 'eq', field: 'email', value: email }],
        }),
      );
    expect(await list('few@example.com')).to.include({ total: 200, totalMethod: 'exact' });
    const capped = await list('many@example.com');
    expect(capped).to.include({ total: COUNT_CAP, totalMethod: 'lower_bound' });
    expect(capped.items).to.have.length(100);
    expect(await list()).to.include({ total: COUNT_CAP + 250, totalMethod: 'exact' });
  });
});
