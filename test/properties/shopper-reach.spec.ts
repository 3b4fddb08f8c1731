import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { randomIds } from '../../src/adapters/system/system-module.js';
import { TOKENS } from '../../src/application/tokens.js';
import { pendingPayment } from '../../src/application/use-cases/billing/run-payments.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../../src/application/use-cases/stores/set-store-rate-limit.js';
import { MANUAL_GATEWAY } from '../../src/domain/billing/payments/invoice-payment.js';
import type { PageRequest } from '../../src/domain/query/page.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { forEachBackend } from '../support/backends.js';
import { everyRow } from '../support/list-queries.js';
import { aMemberOf, anAccountOf, type Shopper, shopperHeaders } from '../support/shoppers.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { startTestApi, TEST_STORE_BUDGET, type TestApi } from '../support/test-api.js';
import { backendPropertyRuns } from './property-runs.js';
import { tokenFor } from './seeded-store.js';

/** Stores, each with accounts, each with its number of signed-in members and of subscriptions. */
type World = readonly (readonly { readonly members: number; readonly subscriptions: number }[])[];
const WORLD: fc.Arbitrary<World> = fc.array(
  fc.array(fc.record({ members: fc.integer({ min: 1, max: 2 }), subscriptions: fc.integer({ min: 0, max: 2 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  { minLength: 1, maxLength: 2 },
);

/** A subscription of the world, with the invoice it was made with and a payment of that invoice. */
interface Billed {
  readonly storeId: Uuid;
  readonly accountId: string;
  readonly subscriptionId: string;
  readonly invoiceId: string;
  readonly paymentId: string;
}

interface Storefront extends Shopper {
  /** The implicit token of the shopper's store. */
  readonly implicit: string;
}

const WIRES = ['/v2/subscriptions', '/generations/2025/v2/subscriptions'] as const;

/** The invoice a live subscription is made with, given a pending payment at the port (payment runs are jobs). */
const invoiceWithPayment = async (container: Container, storeId: Uuid, subscriptionId: string) => {
  const [invoice] = (
    await container
      .get(TOKENS.InvoiceReads)
      .list(storeId, everyRow([{ op: 'eq', field: 'subscription_id', value: subscriptionId }]))
  ).items;
  if (invoice === undefined) throw new Error('the subscription was made without its first invoice');
  const paymentId = randomIds.uuid();
  const jobId = randomIds.uuid();
  const begun = await container
    .get(TOKENS.PaymentRunStore)
    .beginAttempt(storeId, invoice.id, jobId, (current) =>
      E.right(pendingPayment(current, { id: jobId }, paymentId, MANUAL_GATEWAY, new Date())),
    );
  if (E.isLeft(begun)) throw new Error('no payment recorded');
  return { invoiceId: invoice.id, paymentId };
};

forEachBackend('Properties: a shopper reaches exactly its own account', (backend, persistence) => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
  });
  afterEach(async () => api.close());

  /** A store made as a merchant makes one, with an offering to subscribe to; its tokens by OAuth. */
  const aStore = async () => {
    const made = await api.container.get(CreateStore).execute('Shop');
    if (E.isLeft(made)) throw new Error('store not created');
    const { store, key, clientSecret } = made.right;
    await api.container.get(SetStoreRateLimit).execute(store.id, TEST_STORE_BUDGET);
    const merchant = await tokenFor(api.url, {
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: clientSecret,
    });
    const implicit = await tokenFor(api.url, { grant_type: 'implicit', client_id: key.clientId });
    const post = async (path: string, data: unknown) => {
      const response = await fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${merchant}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { data: any }).data;
    };
    const product = await post('/v2/subscriptions/products', productData());
    const plan = await post('/v2/subscriptions/plans', planData());
    const offering = await post('/v2/subscriptions/offerings/build', {
      name: 'Club',
      products: [product.id],
      plans: [plan.id],
    });
    const planId: string = offering.relationships.plans.data[0].id;
    const subscribe = async (accountId: string): Promise<string> =>
      (await post('/v2/subscriptions/subscriptions', subscriptionData(offering.id, planId, { account_id: accountId })))
        .id;
    return { storeId: store.id, merchant, implicit, subscribe };
  };

  const seed = async (world: World) => {
    const storefronts: Storefront[] = [];
    const billed: Billed[] = [];
    for (const accounts of world) {
      const { storeId, implicit, subscribe } = await aStore();
      for (const { members, subscriptions } of accounts) {
        const account = await anAccountOf(api.container, storeId);
        for (let m = 0; m < members; m++) storefronts.push({ ...(await aMemberOf(api.container, account)), implicit });
        for (let s = 0; s < subscriptions; s++) {
          const subscriptionId = await subscribe(account.id);
          const bill = await invoiceWithPayment(api.container, storeId, subscriptionId);
          billed.push({ storeId, accountId: account.id, subscriptionId, ...bill });
        }
      }
    }
    return { storefronts, billed };
  };

  const call = async (shopper: Storefront, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${api.url}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${shopper.implicit}`,
        'Content-Type': 'application/json',
        ...shopperHeaders(shopper),
      },
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
  };
  const ids = (body: any): string[] => (body.data as { id: string }[]).map((r) => r.id).sort();

  it('lists, reads, includes and changes only what its account owns, in its store, on both wires', async () => {
    await fc.assert(
      fc.asyncProperty(WORLD, fc.constantFrom(...WIRES), fc.nat(), async (world, wire, pick) => {
        const { storefronts, billed } = await seed(world);
        for (const shopper of storefronts) {
          const own = billed.filter((b) => b.storeId === shopper.storeId && b.accountId === shopper.accountId);
          const label = `shopper of account ${shopper.accountId}`;
          const listed = await call(shopper, `${wire}/subscriptions?include=plans&page[limit]=100`);
          expect(listed.status, label).to.equal(200);
          expect(ids(listed.body), `${label}: its subscriptions`).to.deep.equal(
            own.map((b) => b.subscriptionId).sort(),
          );
          const invoices = await call(shopper, `${wire}/invoices?page[limit]=100`);
          expect(ids(invoices.body), `${label}: its invoices`).to.deep.equal(own.map((b) => b.invoiceId).sort());
          for (const b of billed) {
            const mine = own.includes(b);
            const expected = mine ? 200 : 404;
            const reads = [
              `${wire}/subscriptions/${b.subscriptionId}?include=plans`,
              `${wire}/subscriptions/${b.subscriptionId}/plans`,
              `/v2/subscriptions/subscriptions/${b.subscriptionId}/states`,
              `${wire}/subscriptions/${b.subscriptionId}/invoices`,
              `${wire}/invoices/${b.invoiceId}`,
              `${wire}/subscriptions/${b.subscriptionId}/invoices/${b.invoiceId}`,
              `/v2/subscriptions/invoices/${b.invoiceId}/payments`,
              `/v2/subscriptions/invoices/${b.invoiceId}/payments/${b.paymentId}`,
            ];
            for (const path of reads)
              expect((await call(shopper, path)).status, `${label}: GET ${path}`).to.equal(expected);
          }
        }
        // One write by a random shopper on a random subscription: its own is canceled, anyone else's is not found and untouched.
        const shopper = storefronts[pick % storefronts.length];
        const target = billed[pick % Math.max(billed.length, 1)];
        if (shopper === undefined || target === undefined) return;
        const mine = target.storeId === shopper.storeId && target.accountId === shopper.accountId;
        const path = `/v2/subscriptions/subscriptions/${target.subscriptionId}/states`;
        const cancel = JSON.stringify({ data: { type: 'subscription_state', attributes: { action: 'cancel' } } });
        expect((await call(shopper, path, { method: 'POST', body: cancel })).status).to.equal(mine ? 204 : 404);
        const history = await api.container
          .get(TOKENS.SubscriptionRepository)
          .listStates(target.storeId, target.subscriptionId as Uuid, { offset: 0, limit: 100 } as PageRequest);
        expect(
          history?.items.map((s) => s.action),
          'the target as stored',
        ).to.deep.equal(mine ? ['cancel'] : []);
      }),
      { numRuns: backendPropertyRuns(backend, 5, 2), endOnFailure: true },
    );
  });
});
