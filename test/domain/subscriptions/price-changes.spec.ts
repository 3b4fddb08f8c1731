import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import type { Offering } from '../../../src/domain/catalogue/offering.js';
import { parseNewJob } from '../../../src/domain/jobs/job-input.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import type { PriceChanges } from '../../../src/domain/subscriptions/price-change.js';
import {
  appliedPriceChanges,
  pendingPriceChange,
  priceChangesEndedAt,
  pricedAt,
  priceUpdateOf,
} from '../../../src/domain/subscriptions/price-changes.js';
import type { Subscription } from '../../../src/domain/subscriptions/subscription.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const STORE = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f61' as Uuid;
const at = (iso: string) => new Date(iso);

/** A monthly offering: one product at 1000 USD, a plan at 10 % off it (900) and a plan at a fixed 2500. */
const setup = () => {
  const product = aProduct(STORE, { price: { USD: { amount: 1000, includes_tax: true } } });
  const discounted = aPlan(STORE, { base_price_percentage: 10 });
  const fixed = aPlan(STORE, { fixed_price: { USD: { amount: 2500, includes_tax: true } } });
  const offering = anOffering(STORE, [product], [discounted, fixed]);
  const [copy] = offering.products;
  const [plan, other] = offering.plans;
  // Invoiced through 1 March: the period 1 February – 1 March has begun.
  const subscription = aSubscription(offering, offering.id, {
    planId: plan!.id,
    invoiceAfter: at('2026-03-01T00:00:00.000Z'),
  });
  return { offering, subscription, product: copy!, plan: plan!, other: other! };
};

const amountOf = (subscription: Subscription, offering: Offering, start: string, end: string): number => {
  const draft = invoiceDraft(
    subscription,
    offering,
    { start: at(start), end: at(end), trial: false },
    { id: subscription.id, now: at(start) },
  );
  if (E.isLeft(draft)) throw new Error(draft.left);
  return draft.right.amount;
};

const updated = (outcome: ReturnType<typeof priceUpdateOf>): Subscription => {
  if (outcome.kind !== 'updated') throw new Error(JSON.stringify(outcome));
  return outcome.subscription;
};

describe('Price changes: a subscription-update job scheduling new prices for the next period', () => {
  it('prices the periods from the next one on through the one pricing rule, and leaves the offering as it is', () => {
    const { offering, subscription, product, plan } = setup();
    const changes: PriceChanges = {
      products: { [product.id]: { USD: { amount: 2000, includes_tax: true } } },
      plans: {},
    };
    const changed = updated(priceUpdateOf(subscription, offering, changes, at('2026-02-10T00:00:00.000Z')));
    const rows: [string, string, number][] = [
      ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', 900],
      // A period starting a millisecond before the next one keeps the old price.
      ['2026-02-28T23:59:59.999Z', '2026-03-01T00:00:00.000Z', 900],
      ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 1800],
      ['2027-03-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z', 1800],
    ];
    for (const [start, end, amount] of rows) expect(amountOf(changed, offering, start, end), start).to.equal(amount);
    expect(pricedAt(changed, offering, at('2026-02-01T00:00:00.000Z'))).to.equal(offering);
    expect(offering.products[0]!.attributes.price).to.deep.equal({ USD: { amount: 1000, includes_tax: true } });
    const terms = { products: {}, plans: { [plan.id]: { fixed_price: { USD: { amount: 700 } } } } };
    const fixedNow = updated(priceUpdateOf(subscription, offering, terms, at('2026-02-10T00:00:00.000Z')));
    expect(amountOf(fixedNow, offering, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')).to.equal(700);
  });

  it('starts at the next period: where the invoiced one ends, or at once for periods not begun when runs are behind', () => {
    const { offering, subscription, product } = setup();
    const changes: PriceChanges = { products: { [product.id]: { USD: { amount: 2000 } } }, plans: {} };
    const rows: [string, string][] = [
      ['2026-02-10T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-02-28T23:59:59.999Z', '2026-03-01T00:00:00.000Z'],
      // Billing runs behind: periods that began keep their price, those starting from now on change.
      ['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-05-20T12:00:00.000Z', '2026-05-20T12:00:00.000Z'],
    ];
    for (const [now, from] of rows) {
      const changed = updated(priceUpdateOf(subscription, offering, changes, at(now)));
      expect(changed.priceChanges?.[0]?.from.toISOString(), now).to.equal(from);
      expect(pendingPriceChange(changed), now).not.to.equal(undefined);
    }
  });

  it('is pending until a period from its start on is invoiced, then history with the prices it replaced', () => {
    const { offering, subscription, product } = setup();
    const changes: PriceChanges = { products: { [product.id]: { USD: { amount: 2000 } } }, plans: {} };
    const changed = updated(priceUpdateOf(subscription, offering, changes, at('2026-02-10T00:00:00.000Z')));
    const invoicedThrough = (iso: string): Subscription => ({ ...changed, invoiceAfter: at(iso) });
    expect(pendingPriceChange(invoicedThrough('2026-03-01T00:00:00.000Z'))?.changes).to.deep.equal(changes);
    expect(appliedPriceChanges(invoicedThrough('2026-03-01T00:00:00.000Z'))).to.deep.equal([]);
    const applied = invoicedThrough('2026-04-01T00:00:00.000Z');
    expect(pendingPriceChange(applied)).to.equal(undefined);
    expect(appliedPriceChanges(applied).map((c) => c.previous)).to.deep.equal([
      { products: { [product.id]: { USD: { amount: 1000, includes_tax: true } } }, plans: {} },
    ]);
  });

  it('supersedes a pending change, the later price winning for what both name, and keeps what it does not name', () => {
    const { offering, subscription, product, plan } = setup();
    const now = at('2026-02-10T00:00:00.000Z');
    const first = updated(
      priceUpdateOf(
        subscription,
        offering,
        {
          products: { [product.id]: { USD: { amount: 2000 } } },
          plans: { [plan.id]: { base_price_percentage: 50 } },
        },
        now,
      ),
    );
    const second = updated(
      priceUpdateOf(first, offering, { products: { [product.id]: { USD: { amount: 3000 } } }, plans: {} }, now),
    );
    expect(second.priceChanges).to.have.length(1);
    expect(second.priceChanges?.[0]?.changes).to.deep.equal({
      products: { [product.id]: { USD: { amount: 3000 } } },
      plans: { [plan.id]: { base_price_percentage: 50 } },
    });
    expect(amountOf(second, offering, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')).to.equal(1500);
  });

  it('ends at a plan switch or cancel: a pending change is dropped, one in force stops pricing', () => {
    const { offering, subscription, product } = setup();
    const changes: PriceChanges = { products: { [product.id]: { USD: { amount: 2000 } } }, plans: {} };
    const changed = updated(priceUpdateOf(subscription, offering, changes, at('2026-02-10T00:00:00.000Z')));
    expect(priceChangesEndedAt(changed, at('2026-02-20T00:00:00.000Z')).priceChanges).to.equal(undefined);
    const inForce = { ...changed, invoiceAfter: at('2026-04-01T00:00:00.000Z') };
    const ended = priceChangesEndedAt(inForce, at('2026-03-15T00:00:00.000Z'));
    expect(ended.priceChanges?.[0]?.until?.toISOString()).to.equal('2026-03-15T00:00:00.000Z');
    expect(amountOf(ended, offering, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')).to.equal(1800);
    expect(amountOf(ended, offering, '2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z')).to.equal(900);
    expect(appliedPriceChanges(ended)).to.have.length(1);
  });

  it('leaves alone a subscription the change does not name, and refuses one ended or left unpriced', () => {
    const { offering, subscription, other } = setup();
    const now = at('2026-02-10T00:00:00.000Z');
    const otherPlan = { products: {}, plans: { [other.id]: { base_price_percentage: 5 } } };
    expect(priceUpdateOf(subscription, offering, otherPlan, now)).to.deep.equal({ kind: 'untouched' });
    const canceled = { ...subscription, flags: { ...subscription.flags, canceled: true } };
    const changes: PriceChanges = { products: {}, plans: { [subscription.planId]: { base_price_percentage: 5 } } };
    expect(priceUpdateOf(canceled, offering, changes, now).kind).to.equal('failed');
    const euros: PriceChanges = { products: { [offering.products[0]!.id]: { EUR: { amount: 5 } } }, plans: {} };
    expect(priceUpdateOf(subscription, offering, euros, now)).to.deep.equal({
      kind: 'failed',
      reason: "the plan would have no price in the subscription's currency, USD",
    });
  });
});

describe('Job submission parsing: subscription-update', () => {
  const OFFERING = '11111111-2222-4333-8444-555555555555';
  const ID = '197a11f4-d341-4594-9574-7fbfbe6a671d';
  const sources = (attributes: Record<string, unknown>, types?: Parameters<typeof parseNewJob>[1]) => {
    const parsed = parseNewJob(
      { type: 'subscription_job', attributes: { job_type: 'subscription-update', ...attributes } },
      types,
    );
    return E.isLeft(parsed) ? parsed.left.map((i) => `${i.source}: ${i.detail}`) : [];
  };
  const prices = { plan_prices: { [ID]: { USD: { amount: 100, includes_tax: false } } } };

  it('reads an offering with exclusions, or a list, with plan and pricing option prices', () => {
    expect(
      parseNewJob({
        type: 'subscription_job',
        attributes: {
          job_type: 'subscription-update',
          offering_id: OFFERING,
          excluded_subscription_ids: [ID],
          price_changes: { ...prices, pricing_option_prices: { [OFFERING]: { base_price_percentage: 90 } } },
        },
      }),
    ).to.deep.equal(
      E.right({
        jobType: 'subscription-update',
        priceUpdate: {
          target: { offeringId: OFFERING, excludedSubscriptionIds: [ID] },
          changes: {
            products: { [ID]: { USD: { amount: 100, includes_tax: false } } },
            plans: { [OFFERING]: { base_price_percentage: 90 } },
          },
        },
      }),
    );
  });

  it('refuses each malformed member, with its source and why', () => {
    const rows: [Record<string, unknown>, string[]][] = [
      [
        { price_changes: prices },
        ['data.attributes.offering_id: or `subscription_ids` is required for a subscription-update'],
      ],
      [{ offering_id: OFFERING }, ['data.attributes.price_changes: is required for a subscription-update']],
      [
        { subscription_ids: [], price_changes: { plan_prices: {} } },
        [
          'data.attributes.subscription_ids: must name at least one subscription',
          'data.attributes.price_changes: must change at least one plan or pricing option price',
        ],
      ],
      [
        { offering_id: OFFERING, price_changes: { pricing_option_prices: { [ID]: { USD: { amount: 1 } } } } },
        [
          `data.attributes.price_changes.pricing_option_prices.${ID}.USD: is not a pricing option price: give \`base_price_percentage\` or \`fixed_price\``,
        ],
      ],
      [
        { offering_id: OFFERING, price_changes: { pricing_option_prices: { [ID]: { base_price_percentage: 101 } } } },
        [`data.attributes.price_changes.pricing_option_prices.${ID}.base_price_percentage: must be between 0 and 100`],
      ],
      [{ subscription_ids: ['x'], price_changes: prices }, ['data.attributes.subscription_ids.0: must be a UUID']],
    ];
    for (const [attributes, expected] of rows)
      expect(sources(attributes), JSON.stringify(attributes)).to.deep.equal(expected);
    expect(
      sources({ offering_id: OFFERING, price_changes: prices }, ['billing-run', 'tax-run', 'payment-run']),
    ).to.have.length(1);
  });
});
