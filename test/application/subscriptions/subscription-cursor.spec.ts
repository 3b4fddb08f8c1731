import { expect } from 'chai';
import * as fc from 'fast-check';
import { storedSubscriptionDocuments } from '../../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { InMemorySubscriptionRepository } from '../../../src/adapters/persistence/in-memory/subscriptions/in-memory-subscription-repository.js';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { propertyRuns } from '../../properties/property-runs.js';
import { aSubscription } from '../../support/subscription-builders.js';
import { planData, productData, right, subscriptionCore } from '../../support/subscription-core.js';

const EMAILS = ['ada@example.com', 'bob@example.com', 'cy@example.com'];
const NAMES = ['Ada', 'Bob', 'Cy'];
const ACCOUNTS = ['0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'];

/** A filter in the EPCC grammar over the pools the rows are drawn from, or none. */
const filterText = fc.option(
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...EMAILS, 'nobody@example.com').map((v) => `eq(email,${v})`),
        fc.subarray(NAMES, { minLength: 1 }).map((vs) => `in(name,${vs.join(',')})`),
        fc.constantFrom(...ACCOUNTS).map((v) => `eq(account_id,${v})`),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((conditions) => conditions.join(':')),
  { nil: undefined },
);

const row = fc.record({
  email: fc.constantFrom(...EMAILS),
  name: fc.constantFrom(...NAMES),
  accountId: fc.constantFrom(...ACCOUNTS),
  millis: fc.nat({ max: 8 }),
});

describe('ListSubscriptions by cursor', () => {
  it('walking any filter by cursor, any page length, reads what the offset pages concatenated read (property)', async function () {
    this.timeout(60_000);
    const core = await subscriptionCore();
    const product = right(await core.products.create(core.storeId, productData()));
    const plan = right(await core.plans.create(core.storeId, planData()));
    const offering = right(
      await core.offerings.build(core.storeId, { name: 'Club', products: [product.id], plans: [plan.id] }),
    );
    const repository = new InMemorySubscriptionRepository(core.state, core.ids, storedSubscriptionDocuments);
    const versionId = await repository.snapshotOffering(offering);

    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 40 }),
        filterText,
        fc.integer({ min: 1, max: 7 }),
        fc.subarray(['plans', 'products']),
        async (rows, filter, limit, include) => {
          core.state.subscriptions.clear();
          for (const r of rows) {
            const createdAt = new Date(Date.UTC(2026, 0, 1) + r.millis);
            await repository.insert(
              aSubscription(offering, versionId, {
                email: r.email,
                name: r.name,
                accountId: r.accountId,
                timestamps: { createdAt, updatedAt: createdAt },
              }),
              undefined,
              subscriptionsStored,
            );
          }
          const kept: [string, string][] = [
            ...(filter === undefined ? [] : [['filter', filter] as [string, string]]),
            ...(include.length === 0 ? [] : [['include', include.join(',')] as [string, string]]),
          ];
          const read = async (paging: [string, string][]) =>
            right(
              await core.subscriptions.list(
                core.storeId,
                queryParams([...kept, ...paging, ['page[limit]', String(limit)]]),
              ),
            );

          const byOffset: string[] = [];
          for (let offset = 0; ; offset += limit) {
            const page = await read([['page[offset]', String(offset)]]);
            byOffset.push(...page.items.map((s) => s.id));
            if (page.items.length < limit) break;
          }
          const byCursor: string[] = [];
          // A walk that repeated rows would never end: it may take one page more than the rows need.
          for (let after = '', pages = 0; pages <= rows.length / limit + 1; pages++) {
            const page = await read([['page[after]', after]]);
            byCursor.push(...page.items.map((s) => s.id));
            expect(page.cursor?.current).to.equal(after);
            const next = page.cursor?.next;
            if (next === null || next === undefined) break;
            after = next;
          }
          expect(byCursor).to.deep.equal(byOffset);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
