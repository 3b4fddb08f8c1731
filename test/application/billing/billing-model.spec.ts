import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { CreateInvoicePaymentRefund } from '../../../src/application/use-cases/billing/create-invoice-payment-refund.js';
import { CreateDunningRule } from '../../../src/application/use-cases/billing/dunning-rules.js';
import { CreateProrationPolicy } from '../../../src/application/use-cases/billing/proration-policies.js';
import { RequestPaymentAttempt } from '../../../src/application/use-cases/billing/request-payment-attempt.js';
import { SetOfferingProrationPolicy } from '../../../src/application/use-cases/billing/set-offering-proration-policy.js';
import { SettleInvoicePayment } from '../../../src/application/use-cases/billing/settle-invoice-payment.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../../../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../../../src/application/use-cases/catalogue/subscription-products.js';
import { UpdateOfferingPlan } from '../../../src/application/use-cases/catalogue/update-offering-plan.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../../src/application/use-cases/subscriptions/create-subscription.js';
import { UpdateSubscription } from '../../../src/application/use-cases/subscriptions/update-subscription.js';
import { buildContainer, type Persistence } from '../../../src/container.js';
import type { Invoice } from '../../../src/domain/billing/invoices/invoice.js';
import type { Job } from '../../../src/domain/jobs/job.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { pendingPriceChange } from '../../../src/domain/subscriptions/price-changes.js';
import { standingAt } from '../../../src/domain/subscriptions/subscription.js';
import { backendPropertyRuns, propertyRuns } from '../../properties/property-runs.js';
import { forEachBackend } from '../../support/backends.js';
import { firstDifference, iso, undecided } from '../../support/billing-agreement.js';
import { BillingModel, type ModelRules, type ModelSubscription, OLD_READINGS } from '../../support/billing-model.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import {
  collecting,
  DAY,
  general,
  HOUR,
  LEAD_PLANS,
  nextMonthEnd,
  PLANS,
  paying,
  refunding,
  switching,
  type Timeline,
} from '../../support/billing-timelines.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { everyRow } from '../../support/list-queries.js';
import { scriptedPayments } from '../../support/scripted-gateway.js';
import { staleDocument } from '../../support/stored-documents.js';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { TestClock } from '../../support/system-fakes.js';

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

/** What a test can see of one subscription, from the service or from the model. */
interface Seen {
  readonly invoices: readonly unknown[];
  readonly invoiceAfter: string;
  readonly status: 'active' | 'inactive';
  readonly endDate: string | undefined;
  readonly suspended: boolean;
  readonly prorations: readonly { readonly refund: number; readonly charge: number }[];
  /** The price a price change waits to charge from the next period (`meta.pending_price_change`). */
  readonly pendingPrice: number | undefined;
}

const seenInModel = (model: BillingModel, s: ModelSubscription, now: number): Seen => ({
  invoices: s.invoices.map(
    ({
      plan: _plan,
      trial: _trial,
      before: _before,
      price: _price,
      validFrom,
      unanswered: _unanswered,
      pending: _pending,
      paid,
      refunded,
      ...invoice
    }) => ({
      ...invoice,
      start: iso(invoice.start),
      end: iso(invoice.end),
      ...(validFrom === undefined ? {} : { validFrom: iso(validFrom) }),
      ...(invoice.last === undefined ? {} : { last: iso(invoice.last) }),
      outstanding: invoice.amount > 0 && !paid,
      refunded,
    }),
  ),
  invoiceAfter: iso(model.invoiceAfter(s))!,
  status: model.status(s, now),
  endDate: iso(s.endDate),
  suspended: s.suspended,
  prorations: s.prorations,
  pendingPrice: model.pendingPrice(s)?.price,
});

/**
 * Random timelines of subscriptions (live at once, pending, or backdated), waits (up to months without a
 * billing run), jumps to month ends, billing runs, payment runs (under a random dunning rule), pauses,
 * resumes, cancels, plan switches (prorated under a policy, or not) and price changes, driven through the real use cases
 * and through the model of `billing-model.ts`, written from EPCC's text. After every step, every
 * subscription's invoices (period, amount, number, prorations charged, failed attempts, retries spent),
 * `invoice_after`, status, end date, suspension, prorations and pending price change must agree. `rules` switches the model to
 * an old reading of one rule, to show that the timelines catch it.
 */
const agreement = (persistence: () => Persistence, timeline: fc.Arbitrary<Timeline>, rules: Partial<ModelRules> = {}) =>
  fc.asyncProperty(timeline, async ({ start, rounding, rule, steps }) => {
    const clock = new TestClock(new Date(start));
    const container = buildContainer(persistence());
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    const gateway = scriptedPayments(container);
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
    const built = right(
      await container
        .get(BuildOffering)
        .execute(store.id, { name: 'Club', products: [product.id], plans: plans.map((p) => p.id) }),
    );
    // A lead time is the 2025 wire's: set on the offering's copies (its pricing options) there.
    for (const index of LEAD_PLANS) {
      const { unit, time } = PLANS[index]!.lead!;
      right(
        await container
          .get(UpdateOfferingPlan)
          .execute(
            store.id,
            built.id,
            built.plans[index]!.id,
            { type: 'subscription_offering_pricing_option', attributes: { lead_time: { type: unit, time } } },
            '2025',
          ),
      );
    }
    const offering = (await container.get(TOKENS.OfferingRepository).findById(store.id, built.id))!;
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
    const model = new BillingModel(rounding, rule, rules);
    const ids: Uuid[] = [];

    const paymentsOf = async (invoiceId: Uuid) =>
      (await container.get(TOKENS.InvoiceReads).listPayments(store.id, invoiceId, everyRow()))?.items ?? [];
    /** What refunds gave back of an invoice's payments: only a paid invoice has any, so only its are read. */
    const refundedOf = async (invoice: Invoice): Promise<number> =>
      invoice.outstanding || invoice.amount === 0
        ? 0
        : (await paymentsOf(invoice.id)).reduce((sum, p) => sum + p.amountRefunded, 0);

    const invoicesOf = async (subscriptionId: Uuid): Promise<Invoice[]> =>
      (await container.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items
        .filter((i) => i.subscriptionId === subscriptionId)
        .sort((a, b) => a.number - b.number);

    const seenInService = async (): Promise<Seen[]> => {
      const invoices = (await container.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items;
      const refunded = new Map<string, number>();
      for (const invoice of invoices) refunded.set(invoice.id, await refundedOf(invoice));
      const now = clock.now();
      const seen: Seen[] = [];
      for (const id of ids) {
        const found = (await container.get(TOKENS.SubscriptionRepository).findById(store.id, id))!;
        const plan = found.offering.plans.find((p) => p.id === found.subscription.planId)!.attributes;
        seen.push({
          invoices: invoices
            .filter((i) => i.subscriptionId === id)
            .sort((a, b) => a.billingPeriod.start.getTime() - b.billingPeriod.start.getTime())
            .map((i) => ({
              number: i.number,
              start: i.billingPeriod.start.toISOString(),
              end: i.billingPeriod.end.toISOString(),
              amount: i.amount,
              prorations: i.proration.events.length,
              ...(i.validFrom === undefined ? {} : { validFrom: i.validFrom.toISOString() }),
              failed: i.failedPaymentAttempts,
              spent: i.paymentRetriesLimitReached,
              ...(i.lastPaymentAttemptAt === undefined ? {} : { last: i.lastPaymentAttemptAt.toISOString() }),
              outstanding: i.outstanding,
              refunded: refunded.get(i.id),
            })),
          invoiceAfter: found.subscription.invoiceAfter.toISOString(),
          status: standingAt(found.subscription, plan, now).status,
          endDate: found.subscription.timestamps.endDate?.toISOString(),
          suspended: found.subscription.flags.suspended,
          prorations: (found.subscription.prorations ?? []).map((p) => ({
            refund: p.refundedAmountForUnusedPlan,
            charge: p.newPlanCost,
          })),
          pendingPrice: pendingPriceChange(found.subscription)?.changes.plans[found.subscription.planId]?.fixed_price?.[
            'USD'
          ]?.amount,
        });
      }
      return seen;
    };

    const agreesNow = async (when: string): Promise<void> => {
      const expected = model.subscriptions.map((m) => seenInModel(model, m, clock.now().getTime()));
      const difference = firstDifference(await seenInService(), expected);
      expect(difference, `${when}, at ${clock.now().toISOString()}: ${difference}`).to.equal(undefined);
      expect(gateway.chargedTwice(), `${when}: invoices charged twice`).to.deep.equal([]);
      expect(gateway.collected(), `${when}: what the gateway took`).to.equal(model.collected);
      expect(await staleDocument(container, store.id, clock.now()), `${when}: stored documents`).to.equal(undefined);
    };

    for (const [index, s] of steps.entries()) {
      const now = clock.now().getTime();
      if (s.kind === 'subscribe') {
        const live =
          s.live.in === 'now' ? undefined : now + (s.live.in === 'future' ? s.live.hours * HOUR : -s.live.days * DAY);
        const created = right(
          await container.get(CreateSubscription).execute(
            store.id,
            subscriptionData(offering.id, offering.plans[s.plan]!.id, {
              name: `Subscriber ${ids.length}`,
              ...(live === undefined ? {} : { go_live_after: new Date(live).toISOString() }),
              ...(s.manual === true ? { manual_payments: true } : {}),
            }),
          ),
        );
        ids.push(created.subscription.id);
        model.create(ids.length - 1, created.subscription.id, now, PLANS[s.plan]!, live, s.manual === true);
      } else if (s.kind === 'wait') {
        clock.set(new Date(now + s.hours * HOUR));
      } else if (s.kind === 'month-end') {
        clock.set(new Date(nextMonthEnd(now, s.day)));
      } else if (s.kind === 'due') {
        if (ids.length === 0) continue;
        const next = model.invoiceAfter(model.subscriptions[s.which % ids.length]!) + s.hours * HOUR;
        if (next > now) clock.set(new Date(next));
      } else if (s.kind === 'run') {
        for (let time = 1; time < s.times; time += 1) {
          await runJob(container, aJob(store.id, 'billing-run', clock.now()), clock.now());
          model.run(now);
          fc.pre(!model.subscriptions.some(undecided));
          await agreesNow(`after step ${index}, run ${time}`);
        }
        await runJob(container, aJob(store.id, 'billing-run', clock.now()), clock.now());
        model.run(now);
        fc.pre(!model.subscriptions.some(undecided));
      } else if (s.kind === 'pay') {
        gateway.choices = s.choices ?? [];
        await runJob(container, aJob(store.id, 'payment-run', clock.now()), clock.now());
        model.pay(now, s.choices);
      } else if (ids.length === 0) {
        continue;
      } else if (s.kind === 'settle') {
        const which = s.which % ids.length;
        const invoices = await invoicesOf(ids[which]!);
        const waiting = invoices.find((i) => i.manualPaymentPending);
        const pending =
          waiting === undefined ? undefined : (await paymentsOf(waiting.id)).find((p) => p.status === 'pending');
        const applies = model.settle(model.subscriptions[which]!, now);
        expect(pending !== undefined, `step ${index}: a manual payment of S${which} waits`).to.equal(applies);
        if (pending !== undefined)
          right(
            await container.get(SettleInvoicePayment).execute(store.id, waiting!.id, pending.id, {
              type: 'subscription_invoice_payment',
              attributes: { success: true },
            }),
          );
      } else if (s.kind === 'request attempt') {
        const which = s.which % ids.length;
        const target = model.requestAttempt(model.subscriptions[which]!);
        if (target === undefined) continue;
        const invoice = (await invoicesOf(ids[which]!)).find((i) => i.number === target.number)!;
        const result = await container.get(RequestPaymentAttempt).execute(store.id, invoice.id);
        expect(E.isRight(result), `step ${index}, attempt of S${which} invoice ${target.number} asked for`).to.equal(
          true,
        );
      } else if (s.kind === 'refund') {
        const which = s.which % ids.length;
        const target = model.refundTarget(model.subscriptions[which]!);
        if (target === undefined) continue;
        const invoice = (await invoicesOf(ids[which]!)).find((i) => i.number === target.number)!;
        const payment = (await paymentsOf(invoice.id)).at(-1)!;
        const amount = Math.max(1, Math.floor((target.amount * s.percent) / 100));
        const result = await container.get(CreateInvoicePaymentRefund).execute(store.id, invoice.id, payment.id, {
          type: 'subscription_invoice_payment_refund',
          attributes: { amount, reason: `step ${index}` },
        });
        const applies = model.refund(target, amount);
        expect(
          E.isRight(result),
          `step ${index}, refund of ${amount} of S${which} invoice ${target.number}: ${JSON.stringify(E.isLeft(result) ? result.left : '')}`,
        ).to.equal(applies);
        if (E.isRight(result))
          expect(result.right.createdAt.getTime(), "a refund is made at the store's time").to.equal(now);
      } else if (s.kind === 'switch') {
        const which = s.which % ids.length;
        // EPCC says nothing of switching a plan before the first invoice (is the first plan's trial kept?): not drawn.
        if (model.subscriptions[which]!.invoices.length === 0) continue;
        const prorationsOf = async () =>
          (await container.get(TOKENS.SubscriptionRepository).findById(store.id, ids[which]!))?.subscription.prorations
            ?.length ?? 0;
        const before = await prorationsOf();
        // EPCC 2026's preview of the same switch, on the 2025 wire's names: what the switch then does.
        const preview = await container.get(UpdateSubscription).previewProration(store.id, ids[which]!, {
          type: 'proration_preview_request',
          attributes: {
            trigger: 'plan_pricing_option_change',
            pricing_option_id: offering.plans[s.plan]!.id,
            plan_id: offering.products[0]!.id,
          },
        });
        expect(await prorationsOf(), `step ${index}: a preview stores nothing`).to.equal(before);
        const result = await container.get(UpdateSubscription).execute(store.id, ids[which]!, {
          type: 'subscription',
          attributes: { plan_id: offering.plans[s.plan]!.id },
        });
        expect(
          E.isRight(preview),
          `step ${index}: the preview is refused exactly when the switch is: ${JSON.stringify(preview)}`,
        ).to.equal(E.isRight(result));
        if (E.isRight(preview)) {
          expect(preview.right.wouldProrate, `step ${index}: the preview says whether the switch prorates`).to.equal(
            (await prorationsOf()) > before,
          );
          const stored = (await container.get(TOKENS.SubscriptionRepository).findById(store.id, ids[which]!))
            ?.subscription;
          expect(preview.right.proration?.event, `step ${index}: the preview's figures are the switch's`).to.deep.equal(
            preview.right.wouldProrate ? stored?.prorations?.at(-1) : undefined,
          );
        }
        const applies = model.switchPlan(model.subscriptions[which]!, PLANS[s.plan]!, now);
        expect(
          E.isRight(result),
          `step ${index}, switch of S${which} to ${s.plan}: ${JSON.stringify(E.isLeft(result) ? result.left : '')}`,
        ).to.equal(applies);
      } else if (s.kind === 'price change') {
        const which = s.which % ids.length;
        const subscription = model.subscriptions[which]!;
        const job: Job = {
          ...aJob(store.id, 'subscription-update', clock.now()),
          priceUpdate: {
            target: { subscriptionIds: [ids[which]!] },
            changes: {
              products: {},
              plans: {
                [offering.plans[PLANS.indexOf(subscription.plan as (typeof PLANS)[number])]!.id]: {
                  fixed_price: { USD: { amount: s.amount, includes_tax: true } },
                },
              },
            },
          },
        };
        const { report } = await runJob(container, job, clock.now());
        const applies = model.changePrice(subscription, s.amount, now);
        expect(report, `step ${index}, price change of S${which}`).to.deep.equal({
          subscriptions_updated: applies ? 1 : 0,
          subscription_failures: applies ? 0 : 1,
          total_processed: 1,
        });
      } else {
        const which = s.which % ids.length;
        const result = await container.get(ChangeSubscriptionState).execute(store.id, ids[which]!, {
          type: 'subscription_state',
          attributes: s.action === 'cancel now' ? { action: 'cancel', cancel_immediately: true } : { action: s.action },
        });
        const applies = model.act(model.subscriptions[which]!, s.action, now);
        expect(
          E.isRight(result),
          `step ${index}, ${s.action} of S${which}: ${JSON.stringify(E.isLeft(result) ? result.left : '')}`,
        ).to.equal(applies);
      }
      await agreesNow(`after step ${index} (${JSON.stringify(s)})`);
    }
  });

const GENERAL_RUNS = 40;
const COLLECTING_RUNS = 40;

forEachBackend('Billing against its reference model, random timelines', (backend, persistence) => {
  // Memory searches the rules with the full count; a database runs two timelines of each kind, enough to hold
  // its storage to the same answers (each timeline there costs seconds, on PGlite three or four).
  const runs = (usual: number) => backendPropertyRuns(backend, usual, 2);

  it('agrees with the model on invoices, invoice_after, statuses, end dates and prorations', async function () {
    this.timeout(240_000);
    await fc.assert(agreement(persistence, general), { numRuns: runs(GENERAL_RUNS) });
  });

  it('agrees with the model on prorated plan switches', async function () {
    this.timeout(240_000);
    await fc.assert(agreement(persistence, switching), { numRuns: runs(60) });
  });

  it('agrees with the model on dunning', async function () {
    this.timeout(240_000);
    await fc.assert(agreement(persistence, paying), { numRuns: runs(60) });
  });

  it('agrees with the model on payments a gateway takes, declines or leaves unanswered, never charging twice', async function () {
    this.timeout(240_000);
    await fc.assert(agreement(persistence, collecting), { numRuns: runs(COLLECTING_RUNS) });
  });

  it('agrees with the model on manual payments taken and refunded in parts', async function () {
    this.timeout(240_000);
    await fc.assert(agreement(persistence, refunding), { numRuns: runs(60) });
  });

  // The generator is shown to exercise each rule: the model switched to an old reading of one rule must
  // disagree with the service within the usual number of timelines, whatever the seed. On one backend: it
  // is about the timelines, not the storage.
  if (backend.name !== 'in-memory') return;
  for (const reading of OLD_READINGS) {
    it(`catches the model's old reading ${reading} in every run`, async function () {
      this.timeout(240_000);
      for (const seed of [undefined, 1, 42, 20260131]) {
        const result = await fc.check(agreement(persistence, general, { [reading]: true }), {
          numRuns: propertyRuns(GENERAL_RUNS),
          endOnFailure: true,
          ...(seed === undefined ? {} : { seed }),
        });
        expect(result.failed, `seed ${result.seed}: ${reading} not caught in ${result.numRuns} timelines`).to.equal(
          true,
        );
        // Caught by a disagreement the comparison names, not by an error of another kind.
        expect(String(result.errorInstance)).to.match(/: S\d+ (invoice \d+|\w+): service /);
      }
    });
  }
});
