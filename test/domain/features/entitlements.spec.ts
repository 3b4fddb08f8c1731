import { expect } from 'chai';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { Offering, OfferingFeature } from '../../../src/domain/catalogue/offering.js';
import {
  configuredEntitlements,
  type Entitlements,
  entitlementsAt,
  entitlementsChange,
  entitlesAt,
  NO_ENTITLEMENTS,
  subscriberEntitlements,
} from '../../../src/domain/features/entitlements.js';
import type { FeatureConfiguration } from '../../../src/domain/features/feature-configuration.js';
import type { PlanFeatureConfigurations } from '../../../src/domain/features/plan-feature-configuration.js';
import type { Subscription } from '../../../src/domain/subscriptions/subscription.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const storeId = randomIds.uuid();

const aFeatureCopy = (configuration: FeatureConfiguration): OfferingFeature => ({
  id: randomIds.uuid(),
  attributes: { name: `Feature ${configuration.type}`, configuration },
  createdAt: at('2026-01-01T00:00:00.000Z'),
  updatedAt: at('2026-01-01T00:00:00.000Z'),
});

const library = aFeatureCopy({ type: 'access', tag: 'library' });
const seats = aFeatureCopy({ type: 'usage', tag: 'seats', label: 'Seats', default_value: 1 });
const promotions = aFeatureCopy({
  type: 'promotion',
  promotions: [
    { name: 'Ten off', tag: 'ten_off' },
    { name: 'Free shipping', tag: 'free_shipping' },
  ],
});

/** An offering of two 2025 plans (offering products), each configuring the features given for it. */
const offeringOf = (
  basic: PlanFeatureConfigurations,
  premium: PlanFeatureConfigurations,
  closing = false,
): Offering => {
  const offering = anOffering(
    storeId,
    [aProduct(storeId, { name: 'Basic' }), aProduct(storeId, { name: 'Premium' })],
    [aPlan(storeId, closing ? { end_behavior: 'close', plan_length: 2 } : {})],
  );
  const [first, second] = offering.products;
  if (first === undefined || second === undefined) throw new Error('two products');
  return {
    ...offering,
    features: [library, seats, promotions],
    products: [
      { ...first, attributes: { ...first.attributes, feature_configurations: basic } },
      { ...second, attributes: { ...second.attributes, feature_configurations: premium } },
    ],
  };
};

const offering = offeringOf(
  { [library.id]: { type: 'access' }, [seats.id]: { type: 'usage', default_value: 3 } },
  { [seats.id]: { type: 'usage', default_value: 10 }, [promotions.id]: { type: 'promotion', tag: 'free_shipping' } },
);
const [basic, premium] = offering.products;
if (basic === undefined || premium === undefined) throw new Error('two products');

const created = at('2026-02-01T00:00:00.000Z');
const live = (overrides: Partial<Subscription> = {}, of: Offering = offering) =>
  aSubscription(of, randomIds.uuid(), overrides);
const flags = { canceled: false, paused: false, suspended: false, pending: false };

describe('Entitlements', () => {
  describe('which subscriptions entitle, at an instant (boundary table)', () => {
    const now = at('2026-03-01T00:00:00.000Z');
    const closing = offeringOf({ [library.id]: { type: 'access' } }, {}, true);
    const closingPlan = closing.plans[0]?.attributes;
    const plan = offering.plans[0]?.attributes;
    const rows: readonly [string, Subscription, Date, boolean][] = [
      ['live, active', live(), now, true],
      ['live from its creation instant', live(), created, true],
      ['pending until a go_live action', live({ flags: { ...flags, pending: true } }), now, false],
      [
        'pending, go_live_after still ahead (one millisecond)',
        live({ flags: { ...flags, pending: true }, goLiveAfter: at('2026-03-01T00:00:00.001Z') }),
        now,
        false,
      ],
      [
        'pending, go_live_after reached: it went live then',
        live({ flags: { ...flags, pending: true }, goLiveAfter: now }),
        now,
        true,
      ],
      [
        'canceled, its end (the end of what was invoiced) still ahead',
        live({
          flags: { ...flags, canceled: true },
          timestamps: { createdAt: created, updatedAt: now, canceledAt: now, endDate: at('2026-03-01T00:00:00.001Z') },
        }),
        now,
        true,
      ],
      [
        'canceled, its end reached',
        live({
          flags: { ...flags, canceled: true },
          timestamps: { createdAt: created, updatedAt: now, canceledAt: now, endDate: now },
        }),
        now,
        false,
      ],
      ['paused (by dunning or by hand)', live({ flags: { ...flags, paused: true } }), now, false],
      ['suspended by dunning', live({ flags: { ...flags, suspended: true } }), now, false],
      ['inactive by a billing run, resumed since (not paused, not ended)', live({ inactive: true }), now, true],
    ];
    for (const [what, subscription, instant, entitles] of rows) {
      it(`${what}: ${entitles ? 'entitles' : 'does not entitle'}`, () => {
        expect(entitlesAt(subscription, plan, instant)).to.equal(entitles);
      });
    }

    const closingSubscription = live({}, closing);
    const closesAt = at('2026-04-01T00:00:00.000Z');
    it('a closing plan entitles to the instant before its length has run', () => {
      expect(entitlesAt(closingSubscription, closingPlan, at('2026-03-31T23:59:59.999Z'))).to.equal(true);
      expect(entitlesAt(closingSubscription, closingPlan, closesAt)).to.equal(false);
    });
  });

  describe('what a subscription grants', () => {
    it('the tags of the features its held plans configure, sorted, each usage tag at its largest allowance', () => {
      expect(configuredEntitlements(live(), offering)).to.deep.equal({
        tags: ['free_shipping', 'library', 'seats'],
        usage: { seats: 10 },
      });
    });

    it('only the plans (offering products) it holds', () => {
      expect(configuredEntitlements(live({ productIds: [basic.id] }), offering)).to.deep.equal({
        tags: ['library', 'seats'],
        usage: { seats: 3 },
      });
      expect(configuredEntitlements(live({ productIds: [premium.id] }), offering)).to.deep.equal({
        tags: ['free_shipping', 'seats'],
        usage: { seats: 10 },
      });
    });

    it('a promotion feature grants the one tag the plan picked, not the others', () => {
      expect(configuredEntitlements(live({ productIds: [premium.id] }), offering).tags).to.not.include('ten_off');
    });

    it('nothing for an offering without features, or for a configuration naming a feature it does not hold', () => {
      const without = { ...offering, features: [] };
      expect(configuredEntitlements(live({}, without), without)).to.deep.equal(NO_ENTITLEMENTS);
      const stray = offeringOf({ [randomIds.uuid()]: { type: 'access' } }, {});
      expect(configuredEntitlements(live({}, stray), stray)).to.deep.equal(NO_ENTITLEMENTS);
    });

    it('nothing for a configuration of another kind than its feature', () => {
      const misfit = offeringOf({ [library.id]: { type: 'usage', default_value: 2 } }, {});
      expect(configuredEntitlements(live({}, misfit), misfit)).to.deep.equal(NO_ENTITLEMENTS);
    });

    it('what its plans configure while it entitles, nothing while it does not', () => {
      const now = at('2026-03-01T00:00:00.000Z');
      expect(entitlementsAt(live(), offering, now).tags).to.have.length(3);
      expect(entitlementsAt(live({ flags: { ...flags, paused: true } }), offering, now)).to.deep.equal(NO_ENTITLEMENTS);
    });
  });

  describe("a subscriber's set", () => {
    const now = at('2026-03-01T00:00:00.000Z');
    const basicOnly = live({ productIds: [basic.id] });
    const premiumOnly = live({ productIds: [premium.id] });
    const paused = live({ flags: { ...flags, paused: true } });

    it('is the union of what each of its subscriptions grants: a tag granted by several is there once', () => {
      expect(
        subscriberEntitlements(
          [
            { subscription: basicOnly, offering },
            { subscription: premiumOnly, offering },
          ],
          now,
        ),
      ).to.deep.equal({ tags: ['free_shipping', 'library', 'seats'], usage: { seats: 10 } });
    });

    it('keeps a tag while any subscription grants it: one that stopped granting it takes nothing away', () => {
      expect(
        subscriberEntitlements(
          [
            { subscription: paused, offering },
            { subscription: basicOnly, offering },
          ],
          now,
        ),
      ).to.deep.equal({ tags: ['library', 'seats'], usage: { seats: 3 } });
    });

    it('is empty without subscriptions, or when none entitles', () => {
      expect(subscriberEntitlements([], now)).to.deep.equal(NO_ENTITLEMENTS);
      expect(subscriberEntitlements([{ subscription: paused, offering }], now)).to.deep.equal(NO_ENTITLEMENTS);
    });
  });

  describe('a change of what one subscription grants', () => {
    const granted: Entitlements = { tags: ['library', 'seats'], usage: { seats: 3 } };
    const rows: readonly [string, Entitlements, Entitlements, readonly string[], readonly string[]][] = [
      ['starting', NO_ENTITLEMENTS, granted, ['library', 'seats'], []],
      ['stopping', granted, NO_ENTITLEMENTS, [], ['library', 'seats']],
      [
        'a tag swapped',
        granted,
        { tags: ['free_shipping', 'seats'], usage: { seats: 3 } },
        ['free_shipping'],
        ['library'],
      ],
      ['an allowance moved, the tags kept', granted, { tags: ['library', 'seats'], usage: { seats: 10 } }, [], []],
    ];
    for (const [what, before, after, started, stopped] of rows) {
      it(`${what}: started ${JSON.stringify(started)}, stopped ${JSON.stringify(stopped)}`, () => {
        expect(entitlementsChange(before, after)).to.deep.equal({ before, after, started, stopped });
      });
    }

    it('is no change when the tags and allowances are the same', () => {
      expect(entitlementsChange(granted, { tags: ['library', 'seats'], usage: { seats: 3 } })).to.equal(undefined);
      expect(entitlementsChange(NO_ENTITLEMENTS, NO_ENTITLEMENTS)).to.equal(undefined);
    });
  });
});
