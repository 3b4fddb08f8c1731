import { expect } from 'chai';
import { everyRow } from '../../support/list-queries.js';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscription } from '../../../src/application/use-cases/subscriptions/create-subscription.js';
import { CreateDunningRule } from '../../../src/application/use-cases/billing/dunning-rules.js';
import { SetOfferingProrationPolicy } from '../../../src/application/use-cases/billing/offering-proration-policy.js';
import { CreateProrationPolicy } from '../../../src/application/use-cases/billing/proration-policies.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/subscription-states.js';
import { UpdateSubscription } from '../../../src/application/use-cases/subscriptions/update-subscription.js';
import { CreateSubscriptionPlan } from '../../../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../../../src/application/use-cases/catalogue/subscription-products.js';
import { buildContainer } from '../../../src/container.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { standingAt } from '../../../src/domain/subscriptions/subscription.js';
import { propertyRuns } from '../../properties/property-runs.js';
import { forEachBackend } from '../../support/backends.js';
import { BillingModel, type ModelDunning, type ModelPlan } from '../../support/billing-model.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { TestClock } from '../../support/system-fakes.js';

const HOUR = 3_600_000;

/** The plans a timeline subscribes to and switches between: monthly, monthly after a month's trial, every two weeks, daily. */
const fixedAt = (amount: number) => ({ fixed_price: { USD: { amount, includes_tax: true } } });
const PLANS: readonly (ModelPlan & { readonly attributes: Record<string, unknown> })[] = [
  { unit: 'month', every: 1, trial: 0, price: 1990, attributes: { name: 'Monthly', ...fixedAt(1990) } },
  {
    unit: 'month',
    every: 1,
    trial: 1,
    price: 2990,
    attributes: { name: 'Monthly, trial first', trial_period: 1, ...fixedAt(2990) },
  },
  {
    unit: 'week',
    every: 2,
    trial: 0,
    price: 990,
    attributes: { name: 'Fortnightly', billing_interval_type: 'week', billing_frequency: 2, ...fixedAt(990) },
  },
  {
    unit: 'day',
    every: 1,
    trial: 0,
    price: 99,
    attributes: { name: 'Daily', billing_interval_type: 'day', ...fixedAt(99) },
  },
];

type Step =
  | { readonly kind: 'subscribe'; readonly plan: number }
  | { readonly kind: 'wait'; readonly hours: number }
  | { readonly kind: 'run' }
  | { readonly kind: 'pay' }
  | { readonly kind: 'act'; readonly action: 'pause' | 'resume' | 'cancel'; readonly which: number }
  | { readonly kind: 'switch'; readonly plan: number; readonly which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      plan: fc.integer({ min: 0, max: PLANS.length - 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 45 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      action: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const),
      which: fc.nat(9),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('switch' as const),
      plan: fc.integer({ min: 0, max: PLANS.length - 1 }),
      which: fc.nat(9),
    }),
  },
);

const switching: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      plan: fc.integer({ min: 0, max: PLANS.length - 1 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 10 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('switch' as const),
      plan: fc.integer({ min: 0, max: PLANS.length - 1 }),
      which: fc.nat(3),
    }),
  },
);

/** The store's default dunning rule, or none (EPCC's default: daily, 10 retries, nothing after). */
const dunning: fc.Arbitrary<ModelDunning | undefined> = fc.option(
  fc
    .record({
      type: fc.constantFrom('fixed' as const, 'backoff' as const, 'tiered' as const),
      days: fc.integer({ min: 1, max: 3 }),
      multiplier: fc.integer({ min: 2, max: 3 }),
      limit: fc.integer({ min: 0, max: 4 }),
      action: fc.constantFrom('none' as const, 'pause' as const, 'suspend' as const, 'close' as const),
    })
    .map((rule) => (rule.type === 'fixed' ? { ...rule, multiplier: 1 } : rule)),
  { nil: undefined },
);

/** The offering's proration policy's rounding, or no policy. */
const policy = fc.constantFrom(undefined, 'up' as const, 'down' as const, 'nearest' as const);

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

/**
 * Random timelines of subscriptions, waits, billing runs, payment runs (under a random dunning rule),
 * pauses, resumes, cancels and plan switches (prorated under a policy, or not), driven through the real
 * use cases and through the plain model of `billing-model.ts`: every invoice (period, amount, number,
 * prorations charged, failed attempts, retries spent), every status, suspension and cancellation's end
 * date must agree.
 */
forEachBackend('Billing against its reference model, random timelines', (backend, persistence) => {
  const agrees = (
    policies: fc.Arbitrary<'up' | 'down' | 'nearest' | undefined>,
    timelines: fc.Arbitrary<readonly Step[]>,
    usualRuns: number,
    rules: fc.Arbitrary<ModelDunning | undefined> = dunning,
  ) =>
    fc.assert(
      fc.asyncProperty(policies, rules, timelines, async (rounding, rule, steps) => {
        const clock = new TestClock(new Date('2026-01-31T09:15:00.000Z'));
        const container = buildContainer(persistence());
        container.rebind(TOKENS.Clock).toConstantValue(clock);
        const store = aStore();
        await container.get(TOKENS.StoreRepository).create(storeRecords(store));
        const product = right(
          await container
            .get(CreateSubscriptionProduct)
            .execute(store.id, productData({ price: { USD: { amount: 1990, includes_tax: true } } })),
        );
        const plans = [];
        for (const plan of PLANS)
          plans.push(right(await container.get(CreateSubscriptionPlan).execute(store.id, planData(plan.attributes))));
        const offering = right(
          await container
            .get(BuildOffering)
            .execute(store.id, { name: 'Club', products: [product.id], plans: plans.map((p) => p.id) }),
        );
        if (rounding !== undefined) {
          const made = right(
            await container.get(CreateProrationPolicy).execute(store.id, {
              type: 'subscription_proration_policy',
              attributes: { name: 'By the day', rounding },
            }),
          );
          right(
            await container
              .get(SetOfferingProrationPolicy)
              .execute(store.id, offering.id, { type: 'subscription_proration_policy', id: made.id }),
          );
        }
        if (rule !== undefined) {
          const { type, days, multiplier, limit, action } = rule;
          const attributes = {
            payment_retry_type: type,
            payment_retry_interval: days,
            payment_retry_unit: 'day',
            payment_retries_limit: limit,
            action,
            default: true,
          };
          right(
            await container.get(CreateDunningRule).execute(store.id, {
              type: 'subscription_dunning_rule',
              attributes: type === 'fixed' ? attributes : { ...attributes, payment_retry_multiplier: multiplier },
            }),
          );
        }
        const model = new BillingModel(rounding, rule);
        const ids: Uuid[] = [];

        for (const s of steps) {
          const now = clock.now().getTime();
          if (s.kind === 'subscribe') {
            const created = right(
              await container
                .get(CreateSubscription)
                .execute(
                  store.id,
                  subscriptionData(offering.id, offering.plans[s.plan]!.id, { name: `Subscriber ${ids.length}` }),
                ),
            );
            ids.push(created.subscription.id);
            model.create(ids.length - 1, created.subscription.id, now, PLANS[s.plan]!);
          } else if (s.kind === 'wait') {
            clock.set(new Date(now + s.hours * HOUR));
          } else if (s.kind === 'run') {
            await runJob(container, aJob(store.id, 'billing-run', clock.now()), clock.now());
            model.run(now);
          } else if (s.kind === 'pay') {
            await runJob(container, aJob(store.id, 'payment-run', clock.now()), clock.now());
            model.pay(now);
          } else if (s.kind === 'switch') {
            if (ids.length === 0) continue;
            const which = s.which % ids.length;
            const result = await container.get(UpdateSubscription).execute(store.id, ids[which]!, {
              type: 'subscription',
              attributes: { plan_id: offering.plans[s.plan]!.id },
            });
            const applies = model.switchPlan(model.subscriptions[which]!, PLANS[s.plan]!, now);
            expect(
              E.isRight(result),
              `switch of S${which} to ${s.plan}: ${JSON.stringify(E.isLeft(result) ? result.left : '')}`,
            ).to.equal(applies);
          } else if (ids.length > 0) {
            const which = s.which % ids.length;
            const result = await container
              .get(ChangeSubscriptionState)
              .execute(store.id, ids[which]!, { type: 'subscription_state', attributes: { action: s.action } });
            const applies = model.act(model.subscriptions[which]!, s.action, now);
            expect(
              E.isRight(result),
              `${s.action} of S${which}: ${JSON.stringify(E.isLeft(result) ? result.left : '')}`,
            ).to.equal(applies);
          }
        }

        const invoices = (await container.get(TOKENS.InvoiceRepository).list(store.id, everyRow())).items;
        const now = clock.now();
        for (const [key, id] of ids.entries()) {
          const expected = model.subscriptions[key]!;
          const actual = invoices
            .filter((i) => i.subscriptionId === id)
            .sort((a, b) => a.billingPeriod.start.getTime() - b.billingPeriod.start.getTime())
            .map((i) => ({
              number: i.number,
              start: i.billingPeriod.start.getTime(),
              end: i.billingPeriod.end.getTime(),
              amount: i.amount,
              prorations: i.proration.events.length,
              failed: i.failedPaymentAttempts,
              spent: i.paymentRetriesLimitReached,
              ...(i.lastPaymentAttemptAt === undefined ? {} : { last: i.lastPaymentAttemptAt.getTime() }),
            }));
          expect(actual, `invoices of S${key}`).to.deep.equal(expected.invoices);
          const found = (await container.get(TOKENS.SubscriptionRepository).findById(store.id, id))!;
          const plan = found.offering.plans.find((p) => p.id === found.subscription.planId)!.attributes;
          expect(standingAt(found.subscription, plan, now).status, `status of S${key}`).to.equal(
            model.status(expected, now.getTime()),
          );
          expect(found.subscription.timestamps.endDate?.getTime(), `end date of S${key}`).to.equal(expected.endDate);
          expect(found.subscription.flags.suspended, `suspension of S${key}`).to.equal(expected.suspended);
        }
      }),
      { numRuns: propertyRuns(backend.name === 'in-memory' ? usualRuns : Math.ceil(usualRuns / 5)) },
    );

  it('agrees with the model on invoices, amounts, numbers, statuses and end dates', async function () {
    this.timeout(240_000);
    await agrees(policy, fc.array(step, { minLength: 1, maxLength: 30 }), 40);
  });

  // Switches soon after runs, under a policy: most land inside an invoiced period and are prorated.
  it('agrees with the model on prorated plan switches', async function () {
    this.timeout(240_000);
    const subscribed = fc.array(
      fc.record({ kind: fc.constant('subscribe' as const), plan: fc.integer({ min: 0, max: PLANS.length - 1 }) }),
      { minLength: 1, maxLength: 3 },
    );
    const timelines = fc
      .tuple(subscribed, fc.array(switching, { minLength: 4, maxLength: 30, size: 'medium' }))
      .map(([first, then]): readonly Step[] => [...first, ...then]);
    await agrees(
      policy.filter((p) => p !== undefined),
      timelines,
      60,
    );
  });

  // Payment runs every day or so under a rule with few retries: most invoices spend them and meet its action.
  it('agrees with the model on dunning', async function () {
    this.timeout(240_000);
    const paying = fc.oneof(
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('subscribe' as const),
          plan: fc.integer({ min: 0, max: PLANS.length - 1 }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 72 }) }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const) }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('act' as const),
          action: fc.constantFrom('pause' as const, 'resume' as const, 'cancel' as const),
          which: fc.nat(3),
        }),
      },
    );
    const subscribed = fc.array(
      fc.record({ kind: fc.constant('subscribe' as const), plan: fc.integer({ min: 0, max: PLANS.length - 1 }) }),
      { minLength: 1, maxLength: 3 },
    );
    const timelines = fc
      .tuple(subscribed, fc.array(paying, { minLength: 4, maxLength: 40, size: 'medium' }))
      .map(([first, then]): readonly Step[] => [...first, ...then]);
    await agrees(
      policy,
      timelines,
      60,
      dunning.filter((rule) => rule !== undefined),
    );
  });
});
