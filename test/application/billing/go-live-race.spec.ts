import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../../../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../../../src/application/use-cases/catalogue/subscription-products.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../../../src/container.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { everyRow } from '../../support/list-queries.js';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { TestClock } from '../../support/system-fakes.js';

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

/**
 * `go_live` actions number their subscriptions' first invoices while a billing run numbers the store's
 * batches: each takes the store's invoice counter in turn, and the numbers stay one sequence without a
 * gap or a repeat.
 */
const BATCH = 100;
/** Live subscriptions: more than a batch, so that the run numbers two batches, as 1,050 do at the service's size. */
const LIVE = 105;
const PENDING = 20;

forEachBackend('Going live while a billing run numbers the store', (_backend, persistence) => {
  it('makes every first invoice and every run invoice, numbered 1..n without a gap or a repeat', async function () {
    this.timeout(120_000);
    const clock = new TestClock(new Date('2026-01-01T00:00:00.000Z'));
    const container = buildContainer(persistence());
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    // Batches of a hundred: the run takes the counter twice, as the service's batches of a thousand do for a
    // store ten times the size, at a tenth of the setup.
    container.rebind(TOKENS.BillingBatchSize).toConstantValue(BATCH);
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const product = right(
      await container
        .get(CreateSubscriptionProduct)
        .execute(store.id, productData({ price: { USD: { amount: 1990, includes_tax: true } } })),
    );
    const plan = right(
      await container.get(CreateSubscriptionPlan).execute(store.id, planData({ billing_interval_type: 'day' })),
    );
    const offering = right(
      await container.get(BuildOffering).execute(store.id, { name: 'Club', products: [product.id], plans: [plan.id] }),
    );
    const create = container.get(CreateSubscription);
    const subscribe = async (fields: Record<string, unknown>) =>
      right(await create.execute(store.id, subscriptionData(offering.id, offering.plans[0]!.id, fields))).subscription;
    for (let i = 0; i < LIVE; i += 1) await subscribe({ name: `Live ${i}` });
    const pending = [];
    for (let i = 0; i < PENDING; i += 1) pending.push(await subscribe({ name: `Pending ${i}`, pending: true }));

    // A day later every live subscription has its second period due: the run numbers 105 invoices in two batches.
    clock.set(new Date('2026-01-02T00:00:00.000Z'));
    const states = container.get(ChangeSubscriptionState);
    const [run, ...started] = await Promise.all([
      runJob(container, aJob(store.id, 'billing-run', clock.now()), clock.now()),
      ...pending.map((s) =>
        states.execute(store.id, s.id, { type: 'subscription_state', attributes: { action: 'go_live' } }),
      ),
    ]);
    expect(started.every(E.isRight)).to.equal(true);
    expect(run!.report['invoice_failures']).to.equal(0);

    const invoices = (await container.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items;
    // The live ones' first invoices and second periods, and the pending ones' first invoices.
    const expected = 2 * LIVE + PENDING;
    expect(invoices).to.have.length(expected);
    expect(invoices.map((i) => i.number).sort((a, b) => a - b)).to.deep.equal(
      Array.from({ length: expected }, (_, i) => i + 1),
    );
    for (const s of pending)
      expect(
        invoices.filter((i) => i.subscriptionId === s.id),
        `first invoice of ${s.name}`,
      ).to.have.length(1);
  });
});
