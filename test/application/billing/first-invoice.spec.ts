import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../../../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../../../src/application/use-cases/catalogue/subscription-products.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../../../src/container.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { everyRow } from '../../support/list-queries.js';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

/** EPCC: "When a subscription is created, an invoice for the first billing period is created." */
describe('the invoice a subscription is made with', () => {
  const setup = async (
    plan: Record<string, unknown> = {},
    price: Record<string, unknown> = { USD: { amount: 1990, includes_tax: false } },
  ) => {
    const clock = new TestClock(at('2026-01-31T09:15:00.000Z'));
    const container = buildContainer({ kind: 'memory' });
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const product = right(await container.get(CreateSubscriptionProduct).execute(store.id, productData({ price })));
    const madePlan = right(await container.get(CreateSubscriptionPlan).execute(store.id, planData(plan)));
    const offering = right(
      await container
        .get(BuildOffering)
        .execute(store.id, { name: 'Club', products: [product.id], plans: [madePlan.id] }),
    );
    const subscribe = async (fields: Record<string, unknown> = {}) =>
      right(
        await container
          .get(CreateSubscription)
          .execute(store.id, subscriptionData(offering.id, offering.plans[0]!.id, fields)),
      ).subscription;
    const invoicesOf = async (subscriptionId: string): Promise<Invoice[]> =>
      (await container.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items
        .filter((i) => i.subscriptionId === subscriptionId)
        .sort((a, b) => a.billingPeriod.start.getTime() - b.billingPeriod.start.getTime());
    const bill = (when: string) => runJob(container, aJob(store.id, 'billing-run', at(when)), at(when));
    return { clock, container, store, subscribe, invoicesOf, bill };
  };

  it('is the first period, outstanding, made in the creating call, numbered 1, with no billing run', async () => {
    const { subscribe, invoicesOf } = await setup();
    const subscription = await subscribe();
    const [first, ...more] = await invoicesOf(subscription.id);
    expect(more).to.deep.equal([]);
    expect(first).to.deep.include({
      number: 1,
      amount: 1990,
      outstanding: true,
      taxRequired: true,
      includesTax: false,
      currency: 'USD',
    });
    expect(first!.billingPeriod).to.deep.equal({
      start: at('2026-01-31T09:15:00.000Z'),
      end: at('2026-02-28T09:15:00.000Z'),
    });
    expect(first!.jobId).to.equal(undefined);
    expect(first!.createdAt).to.deep.equal(at('2026-01-31T09:15:00.000Z'));
  });

  it('is never made twice: billing runs go on from it, period by period, one a run', async () => {
    const { subscribe, invoicesOf, bill } = await setup();
    const subscription = await subscribe();
    expect(subscription.invoiceAfter, 'its first month invoiced').to.deep.equal(at('2026-02-28T09:15:00.000Z'));
    expect((await bill('2026-01-31T09:15:00.000Z')).report).to.deep.include({
      invoices_tax_required: 0,
      invoice_failures: 0,
    });
    // Two periods behind on 31 March: one invoice a run (EPCC), the oldest first.
    expect((await bill('2026-03-31T09:15:00.000Z')).report).to.deep.include({ invoices_tax_required: 1 });
    expect((await bill('2026-03-31T09:15:00.000Z')).report).to.deep.include({ invoices_tax_required: 1 });
    expect((await bill('2026-03-31T09:15:00.000Z')).report).to.deep.include({ invoices_tax_required: 0 });
    expect(
      (await invoicesOf(subscription.id)).map((i) => [i.number, i.billingPeriod.start.toISOString()]),
    ).to.deep.equal([
      [1, '2026-01-31T09:15:00.000Z'],
      [2, '2026-02-28T09:15:00.000Z'],
      [3, '2026-03-31T09:15:00.000Z'],
    ]);
  });

  it("is the trial's immediate invoice of zero, not outstanding, when the plan has a trial; the paid periods follow from runs", async () => {
    const { subscribe, invoicesOf, bill } = await setup({ trial_period: 1 });
    const subscription = await subscribe();
    const [trial] = await invoicesOf(subscription.id);
    expect(trial).to.deep.include({ amount: 0, outstanding: false, taxRequired: false });
    expect(trial!.billingPeriod).to.deep.equal({
      start: at('2026-01-31T09:15:00.000Z'),
      end: at('2026-02-28T09:15:00.000Z'),
    });
    await bill('2026-02-28T09:15:00.000Z');
    expect((await invoicesOf(subscription.id)).map((i) => i.amount)).to.deep.equal([0, 1990]);
  });

  it('is not made for a pending subscription: the first run after its go_live_after makes it, a go_live action makes it at once', async () => {
    const { subscribe, invoicesOf, bill, clock, container, store } = await setup();
    const pending = await subscribe({ go_live_after: '2026-02-10T00:00:00Z' });
    expect(await invoicesOf(pending.id)).to.deep.equal([]);
    await bill('2026-02-09T23:59:59.999Z');
    expect(await invoicesOf(pending.id)).to.deep.equal([]);
    await bill('2026-02-10T00:00:00.000Z');
    expect((await invoicesOf(pending.id)).map((i) => i.billingPeriod.start.toISOString())).to.deep.equal([
      '2026-02-10T00:00:00.000Z',
    ]);

    // Started by hand, it gets its first invoice in the action's transaction, numbered next; runs go on from it.
    const held = await subscribe({ pending: true });
    clock.set(at('2026-02-20T00:00:00.000Z'));
    right(
      await container
        .get(ChangeSubscriptionState)
        .execute(store.id, held.id, { type: 'subscription_state', attributes: { action: 'go_live' } }),
    );
    const [first] = await invoicesOf(held.id);
    expect([first!.billingPeriod.start.toISOString(), first!.number, first!.outstanding, first!.jobId]).to.deep.equal([
      '2026-02-20T00:00:00.000Z',
      2,
      true,
      undefined,
    ]);
    await bill('2026-02-20T00:00:00.000Z');
    expect((await invoicesOf(held.id)).map((i) => i.billingPeriod.start.toISOString())).to.deep.equal([
      '2026-02-20T00:00:00.000Z',
    ]);
    await bill('2026-03-20T00:00:00.000Z');
    expect((await invoicesOf(held.id)).map((i) => i.billingPeriod.start.toISOString())).to.deep.equal([
      '2026-02-20T00:00:00.000Z',
      '2026-03-20T00:00:00.000Z',
    ]);
  });

  it('numbers the invoices of subscriptions made one after another in the order they were made', async () => {
    const { subscribe, invoicesOf } = await setup();
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await subscribe({ name: `Subscriber ${i}` }));
    const numbers = [];
    for (const s of made) numbers.push((await invoicesOf(s.id))[0]!.number);
    expect(numbers).to.deep.equal([1, 2, 3, 4, 5]);
  });
});
