import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { SettleInvoicePayment } from '../../../src/application/use-cases/billing/settle-invoice-payment.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../../../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../../../src/application/use-cases/catalogue/subscription-products.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../../../src/container.js';
import { standingAt } from '../../../src/domain/subscriptions/subscription.js';
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

/**
 * EPCC's lifecycle: paused or canceled, a subscription stays active until the next billing run that finds
 * it due, which makes no invoice and sets it inactive; resumed, the next run invoices it (the period it
 * resumed in) and it is active again once a payment succeeds.
 */
describe('subscription status over pauses, resumes and payments', () => {
  const setup = async () => {
    const clock = new TestClock(at('2026-01-01T00:00:00.000Z'));
    const container = buildContainer({ kind: 'memory' });
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const product = right(
      await container
        .get(CreateSubscriptionProduct)
        .execute(store.id, productData({ price: { USD: { amount: 1000, includes_tax: true } } })),
    );
    const plan = right(await container.get(CreateSubscriptionPlan).execute(store.id, planData()));
    const offering = right(
      await container.get(BuildOffering).execute(store.id, { name: 'Club', products: [product.id], plans: [plan.id] }),
    );
    const subscription = right(
      await container
        .get(CreateSubscription)
        .execute(store.id, subscriptionData(offering.id, offering.plans[0]!.id, { manual_payments: true })),
    ).subscription;
    const subscriptions = container.get(TOKENS.SubscriptionRepository);
    const invoiceReads = container.get(TOKENS.InvoiceReads);
    const status = async () => {
      const found = (await subscriptions.findById(store.id, subscription.id))!;
      return standingAt(found.subscription, found.offering.plans[0]!.attributes, clock.now()).status;
    };
    const act = async (action: string, when: string) => {
      clock.set(at(when));
      right(
        await container
          .get(ChangeSubscriptionState)
          .execute(store.id, subscription.id, { type: 'subscription_state', attributes: { action } }),
      );
    };
    const run = async (kind: 'billing-run' | 'payment-run', when: string) => {
      clock.set(at(when));
      return runJob(container, aJob(store.id, kind, at(when)), at(when));
    };
    const starts = async () =>
      (await invoiceReads.list(store.id, everyRow())).items
        .map((i) => i.billingPeriod.start.toISOString().slice(0, 10))
        .sort();
    const settleLatest = async (success: boolean) => {
      const outstanding = (await invoiceReads.list(store.id, everyRow())).items.find((i) => i.manualPaymentPending)!;
      const [payment] = (await invoiceReads.listPayments(store.id, outstanding.id, everyRow()))!.items.filter(
        (p) => p.status === 'pending',
      );
      right(
        await container.get(SettleInvoicePayment).execute(store.id, outstanding.id, payment!.id, {
          type: 'subscription_invoice_payment',
          attributes: { success },
        }),
      );
    };
    return { status, act, run, starts, settleLatest };
  };

  it('pause: active until the run that finds it due, inactive from then; resume: invoiced by the next run, active once paid', async () => {
    const { status, act, run, starts, settleLatest } = await setup();
    await act('pause', '2026-01-10T00:00:00.000Z');
    expect(await status(), 'paused, but the run has not come').to.equal('active');
    await run('billing-run', '2026-01-20T00:00:00.000Z');
    expect(await status(), 'nothing was due yet').to.equal('active');
    await run('billing-run', '2026-02-01T00:00:00.000Z');
    expect(await status(), 'the run found it due').to.equal('inactive');
    expect(await starts(), 'and made no invoice').to.deep.equal(['2026-01-01']);
    await run('billing-run', '2026-03-01T00:00:00.000Z');
    expect(await status()).to.equal('inactive');

    await act('resume', '2026-03-10T00:00:00.000Z');
    expect(await status(), 'resumed, nothing paid yet').to.equal('inactive');
    await run('billing-run', '2026-03-10T00:00:00.000Z');
    expect(await starts(), 'the period it resumed in, not the months it was paused').to.deep.equal([
      '2026-01-01',
      '2026-03-01',
    ]);
    await run('payment-run', '2026-03-10T00:00:00.000Z');
    await settleLatest(false);
    expect(await status(), 'a failed payment changes nothing').to.equal('inactive');
    await run('payment-run', '2026-03-11T00:00:00.000Z');
    await settleLatest(true);
    expect(await status(), 'a payment succeeded').to.equal('active');
  });

  it('cancel: active until the run that finds it due, then inactive for good', async () => {
    const { status, act, run, starts } = await setup();
    await act('cancel', '2026-01-15T00:00:00.000Z');
    expect(await status()).to.equal('active');
    await run('billing-run', '2026-02-01T00:00:00.000Z');
    expect(await status()).to.equal('inactive');
    expect(await starts()).to.deep.equal(['2026-01-01']);
  });
});
