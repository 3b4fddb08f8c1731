import { expect } from 'chai';
import fc from 'fast-check';
import { TOKENS } from '../../../../src/application/tokens.js';
import type { Persistence } from '../../../../src/container.js';
import { propertyRuns } from '../../../properties/property-runs.js';
import { forEachBackend } from '../../../support/backends.js';
import { firstDifference, iso, undecided } from '../../../support/billing-agreement.js';
import { startBillingApi } from '../../../support/billing-api.js';
import { BillingModel, type ModelSubscription, plus } from '../../../support/billing-model.js';
import {
  collecting,
  DAY,
  general,
  HOUR,
  nextMonthEnd,
  PLANS,
  paying,
  switching,
  type Timeline,
} from '../../../support/billing-timelines.js';
import {
  type Catalogue,
  describeWire,
  other,
  type Speaking,
  speaking,
  WireClient,
} from '../../../support/billing-wires.js';
import { paidThrough, ScriptedGateway } from '../../../support/scripted-gateway.js';

/** What a test can read of one subscription through either wire: the proration events are on the invoices that charge them. */
interface Seen {
  readonly invoices: readonly {
    readonly number: number;
    readonly start: string;
    readonly end: string;
    readonly amount: number;
    readonly prorations: readonly { readonly refund: number; readonly charge: number }[];
    readonly failed: number;
    readonly spent: boolean;
    readonly outstanding: boolean;
    readonly last?: string;
    /** On the 2025 wire only, which shows it: made ahead of its period by a lead time, and not yet valid. */
    readonly proForma?: boolean;
  }[];
  readonly invoiceAfter: string;
  readonly status: 'active' | 'inactive';
  readonly endDate: string | undefined;
  readonly suspended: boolean;
}

/** The service writes nanoseconds; the model counts milliseconds. */
const instant = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : new Date(text).toISOString();

const seenInModel = (model: BillingModel, s: ModelSubscription, now: number, on2025: boolean): Seen => {
  let charged = 0;
  return {
    invoices: s.invoices.map((invoice) => {
      const prorations = s.prorations.slice(charged, charged + invoice.prorations);
      charged += invoice.prorations;
      return {
        number: invoice.number,
        start: iso(invoice.start)!,
        end: iso(invoice.end)!,
        amount: invoice.amount,
        prorations,
        failed: invoice.failed,
        spent: invoice.spent,
        outstanding: invoice.amount > 0 && !invoice.paid,
        ...(invoice.last === undefined ? {} : { last: iso(invoice.last)! }),
        ...(on2025 ? { proForma: invoice.validFrom !== undefined && invoice.validFrom > now } : {}),
      };
    }),
    invoiceAfter: iso(model.invoiceAfter(s))!,
    status: model.status(s, now),
    endDate: iso(s.endDate),
    suspended: s.suspended,
  };
};

/** An invoice's failed payments, and when its latest settled attempt (failed or taken) was answered. */
interface Attempted {
  readonly failed: number;
  readonly last: number | undefined;
}

/**
 * Payment attempts by invoice, as last read. Only a payment run makes them, so they are read again after each
 * one and, at the end of a timeline, all of them; other steps reuse what was read.
 */
type Attempts = Map<string, Attempted>;

/**
 * A payment left pending by a lost answer is no attempt yet: the run that asks again settles it, and its
 * `updated_at` is when (the invoice's last attempt), its `created_at` when it began.
 */
const attemptsOf = async (client: WireClient, invoice: string, known: Attempts | undefined): Promise<Attempted> => {
  const cached = known?.get(invoice);
  if (cached !== undefined) return cached;
  const settled = (await client.everyRow(`/invoices/${invoice}/payments`)).filter((p) => !p.attributes.pending);
  const answered = settled.map((p) => Date.parse(p.meta.timestamps.updated_at));
  const attempted = {
    failed: settled.filter((p) => p.attributes.status === 'failed').length,
    last: answered.length === 0 ? undefined : Math.max(...answered),
  };
  known?.set(invoice, attempted);
  return attempted;
};

/** Every subscription of the timeline read through the wire, from the subscriptions and invoices lists and each invoice's payments. */
const seenThrough = async (client: WireClient, ids: readonly string[], known?: Attempts): Promise<Seen[]> => {
  const subscriptions = new Map((await client.everyRow('/subscriptions')).map((s) => [s.id as string, s]));
  const invoices = (await client.everyRow('/invoices')).sort(
    (a, b) => Date.parse(a.attributes.billing_period.start) - Date.parse(b.attributes.billing_period.start),
  );
  const on2025 = client.wire.generation === '2025';
  const seen: Seen[] = [];
  for (const id of ids) {
    const subscription = subscriptions.get(id);
    const invoicesSeen = [];
    for (const invoice of invoices.filter((i) => i.meta.subscription_id === id)) {
      const attempts = await attemptsOf(client, invoice.id, known);
      invoicesSeen.push({
        number: invoice.attributes.number,
        start: instant(invoice.attributes.billing_period.start)!,
        end: instant(invoice.attributes.billing_period.end)!,
        amount: invoice.meta.price.amount,
        prorations: invoice.meta.proration_events.map((event: Record<string, number>) => ({
          refund: on2025
            ? event['refunded_amount_for_unused_pricing_option']
            : event['refunded_amount_for_unused_plan'],
          charge: on2025 ? event['new_pricing_option_cost'] : event['new_plan_cost'],
        })),
        failed: attempts.failed,
        spent: invoice.attributes.payment_retries_limit_reached,
        outstanding: invoice.attributes.outstanding,
        ...(attempts.last === undefined ? {} : { last: iso(attempts.last)! }),
        ...(on2025 ? { proForma: invoice.attributes.pro_forma } : {}),
      });
    }
    seen.push({
      invoices: invoicesSeen,
      invoiceAfter: instant(subscription?.meta.invoice_after)!,
      status: subscription?.attributes.status,
      endDate: instant(subscription?.meta.timestamps.end_date),
      suspended: subscription?.meta.suspended,
    });
  }
  return seen;
};

/**
 * A store's test clock only moves forward from today: a timeline starting before today starts a multiple of
 * four years later, which keeps every month's length, 29 February included, so its calendar is the same.
 */
const afterToday = (start: string): number => {
  let at = Date.parse(start);
  while (at <= Date.now()) at = plus(at, 'year', 4);
  return at;
};

/** The store set up to speak `how` from its start: prefixed, it speaks the other generation, so the prefix alone decides. */
const speakFirst = async (client: WireClient, how: Speaking): Promise<void> => {
  const store = how.first.prefixed ? other(how.first.generation) : how.first.generation;
  if (store === '2025') await client.storeSpeaks('2025');
};

/**
 * The model test of test/application/billing/billing-model.spec.ts, over the API on a socket instead of the
 * use cases: the same random timelines, each spoken on a wire drawn at random (2024 or 2025, reached by the
 * store's setting or by the prefix), some moving the store to the other generation midway with the same ids.
 * The catalogue is built, subscriptions made, plans switched, states changed and billing and payment runs
 * submitted as jobs through that wire, on the store's test clock; after every step, each subscription's
 * invoices (period, amount, number, proration events charged, failed attempts, retries spent, last attempt),
 * `invoice_after`, status, end date and suspension read back through the wire must agree with the model. On
 * 2025, every switch is previewed first and the preview must be refused exactly when the switch is, and say
 * whether the model prorates it.
 */
const agreement = (persistence: () => Persistence, timeline: fc.Arbitrary<Timeline>) =>
  fc.asyncProperty(timeline, speaking, async ({ start, rounding, rule, steps }, how) => {
    const gateway = new ScriptedGateway();
    const billing = await startBillingApi(persistence(), {
      configure: (container) => container.rebind(TOKENS.PaymentGateways).toConstantValue(paidThrough(gateway)),
    });
    try {
      const client = new WireClient(billing.api, how.first);
      let now = afterToday(start);
      await client.move(now);
      await speakFirst(client, how);
      if (rule !== undefined) await client.dunningRule(rule);
      const catalogue: Catalogue = await client.catalogue(rounding);
      const model = new BillingModel(rounding, rule);
      const ids: string[] = [];

      const attempts: Attempts = new Map();
      const agreesNow = async (when: string, known: Attempts | undefined = attempts): Promise<void> => {
        const expected = model.subscriptions.map((m) => seenInModel(model, m, now, client.wire.generation === '2025'));
        const seen = await seenThrough(client, ids, known);
        const difference = firstDifference(seen, expected);
        const wire = describeWire(client.wire);
        expect(difference, `${when}, on ${wire}, at ${iso(now)}: ${difference}`).to.equal(undefined);
        expect(gateway.chargedTwice(), `${when}: invoices charged twice`).to.deep.equal([]);
        expect(gateway.collected(), `${when}: what the gateway took`).to.equal(model.collected);
      };
      const moveTo = async (at: number): Promise<void> => {
        now = at;
        await client.move(now);
      };

      for (const [index, s] of steps.entries()) {
        if (how.move !== undefined && index === how.move % steps.length) {
          client.wire = { generation: other(client.wire.generation), prefixed: false };
          await client.storeSpeaks(client.wire.generation);
        }
        if (s.kind === 'subscribe') {
          const live =
            s.live.in === 'now' ? undefined : now + (s.live.in === 'future' ? s.live.hours * HOUR : -s.live.days * DAY);
          const id = await client.subscribe(catalogue, s.plan, `Subscriber ${ids.length}`, live);
          ids.push(id);
          model.create(ids.length - 1, id, now, PLANS[s.plan]!, live);
        } else if (s.kind === 'wait') {
          await moveTo(now + s.hours * HOUR);
        } else if (s.kind === 'month-end') {
          await moveTo(nextMonthEnd(now, s.day));
        } else if (s.kind === 'due') {
          if (ids.length === 0) continue;
          const next = model.invoiceAfter(model.subscriptions[s.which % ids.length]!) + s.hours * HOUR;
          if (next > now) await moveTo(next);
        } else if (s.kind === 'run') {
          for (let time = 1; time < s.times; time += 1) {
            await client.runJob('billing-run');
            model.run(now);
            fc.pre(!model.subscriptions.some(undecided));
            await agreesNow(`after step ${index}, run ${time}`);
          }
          await client.runJob('billing-run');
          model.run(now);
          fc.pre(!model.subscriptions.some(undecided));
        } else if (s.kind === 'pay') {
          gateway.choices = s.choices ?? [];
          await client.runJob('payment-run');
          model.pay(now, s.choices);
          attempts.clear();
        } else if (ids.length === 0) {
          continue;
        } else if (s.kind === 'switch') {
          const which = s.which % ids.length;
          const m = model.subscriptions[which]!;
          // As in the use-case test: a switch before the first invoice is not drawn (EPCC is silent on it).
          if (m.invoices.length === 0) continue;
          const preview =
            client.wire.generation === '2025' ? await client.preview(catalogue, ids[which]!, s.plan) : undefined;
          const result = await client.switchPlan(catalogue, ids[which]!, s.plan);
          const before = m.prorations.length;
          const applies = model.switchPlan(m, PLANS[s.plan]!, now);
          const taken = result.status === 200;
          expect(taken, `step ${index}, switch of S${which} to ${s.plan}: ${JSON.stringify(result.json)}`).to.equal(
            applies,
          );
          if (client.wire.generation === '2025') {
            expect(preview !== undefined, `step ${index}: the preview is refused exactly when the switch is`).to.equal(
              taken,
            );
            if (preview !== undefined)
              expect(preview, `step ${index}: the preview says whether the switch prorates`).to.equal(
                m.prorations.length > before,
              );
          }
        } else if (s.kind === 'act') {
          const which = s.which % ids.length;
          const result = await client.act(ids[which]!, s.action);
          const applies = model.act(model.subscriptions[which]!, s.action, now);
          expect(
            result.status === 204,
            `step ${index}, ${s.action} of S${which}: ${JSON.stringify(result.json)}`,
          ).to.equal(applies);
        } else if (s.kind === 'price change') {
          const which = s.which % ids.length;
          const subscription = model.subscriptions[which]!;
          const option = catalogue.plans[PLANS.indexOf(subscription.plan as (typeof PLANS)[number])]!;
          const report = await client.priceChange(ids[which]!, option, s.amount);
          const applies = model.changePrice(subscription, s.amount, now);
          expect(report, `step ${index}, price change of S${which}`).to.deep.equal({
            subscriptions_updated: applies ? 1 : 0,
            subscription_failures: applies ? 0 : 1,
            total_processed: 1,
          });
        } else if (s.kind === 'request attempt') {
          const which = s.which % ids.length;
          const target = model.requestAttempt(model.subscriptions[which]!);
          if (target === undefined) continue;
          const invoice = (await client.everyRow('/invoices')).find((i) => i.attributes.number === target.number);
          await client.ok('POST', `/invoices/${invoice.id}/payment-attempt-requests`);
        } else if (s.kind === 'settle' || s.kind === 'refund') {
          // Drawn by the refunding timelines only, which the use-case model test runs; this test runs the
          // general, switching and paying ones (refunds exist on the 2025 wire alone).
          throw new Error(`a step of the refunding timelines, which this test does not run: ${JSON.stringify(s)}`);
        } else {
          const unknown: never = s;
          throw new Error(`a step this test does not speak over HTTP: ${JSON.stringify(unknown)}`);
        }
        await agreesNow(`after step ${index} (${JSON.stringify(s)})`);
      }
      await agreesNow('at the end, every payment read again', undefined);
    } finally {
      await billing.stop();
    }
  });

forEachBackend('Billing against its reference model over both wires, random timelines', (_backend, persistence) => {
  // A timeline is about a hundred requests, each answer held to two OpenAPI documents: one of each kind per
  // backend here (PROPERTY_RUNS=n for more); the use-case model test runs many more on the same timelines.
  const runs = propertyRuns(1);

  it('agrees with the model on invoices, invoice_after, statuses and end dates, on the 2024 and 2025 wires', async function () {
    this.timeout(180_000);
    await fc.assert(agreement(persistence, general), { numRuns: runs });
  });

  it('agrees with the model on prorated plan switches, on both wires', async function () {
    this.timeout(180_000);
    await fc.assert(agreement(persistence, switching), { numRuns: runs });
  });

  it('agrees with the model on dunning, on both wires', async function () {
    this.timeout(180_000);
    await fc.assert(agreement(persistence, paying), { numRuns: runs });
  });

  it('agrees with the model on payments a gateway takes, declines or leaves unanswered, on both wires', async function () {
    this.timeout(180_000);
    await fc.assert(agreement(persistence, collecting), { numRuns: runs });
  });
});
