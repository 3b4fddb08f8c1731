import { expect } from 'chai';
import fc from 'fast-check';
import { JsonBytes } from '../../../../src/adapters/http/documents/json-bytes.js';
import {
  included2025For,
  subscription2025Resource,
  writeIncluded2025,
  writeSubscription2025Resource,
} from '../../../../src/adapters/http/subscriptions/subscription-2025-documents.js';
import {
  includedFor,
  subscriptionResource,
  writeIncluded,
  writeSubscriptionResource,
} from '../../../../src/adapters/http/subscriptions/subscription-documents.js';
import type { Offering } from '../../../../src/domain/catalogue/offering.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { PAYMENT_AUTHORITY_TYPES } from '../../../../src/domain/subscriptions/payment-authority.js';
import { STATE_ACTIONS, type Subscription } from '../../../../src/domain/subscriptions/subscription.js';
import type { SubscriptionInclude } from '../../../../src/domain/subscriptions/subscription-query.js';
import { uuid } from '../../../support/domain-builders.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../support/subscription-builders.js';

const STORE = uuid(1);
const VERSION = uuid(2);
const closing = aPlan(STORE, { end_behavior: 'close', plan_length: 2, billing_interval_type: 'day' });
const rolling = aPlan(STORE, { name: 'Ежемесячно ☕', trial_period: 3 });
const offering = anOffering(
  STORE,
  [aProduct(STORE), aProduct(STORE, { name: '咖啡豆 "quoted" \\ ' })],
  [closing, rolling],
);

const date = fc.date({
  min: new Date('2000-01-01T00:00:00.000Z'),
  max: new Date('2100-01-01T00:00:00.000Z'),
  noInvalidDate: true,
});
const optional = <A>(arbitrary: fc.Arbitrary<A>) => fc.option(arbitrary, { nil: undefined });
/** Any script, and the text the 2025 writer marks its offering's place with, which must not be taken for it. */
const text = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), fc.constant('\u0000offering'));
const anId = fc.uuid({ version: 4 }) as fc.Arbitrary<Uuid>;
const flags = fc.record({
  canceled: fc.boolean(),
  paused: fc.boolean(),
  suspended: fc.boolean(),
  pending: fc.boolean(),
});

/** Every field a stored subscription may have or lack, in any script. */
const subscriptions: fc.Arbitrary<Subscription> = fc
  .record({
    plan: fc.constantFrom(...offering.plans),
    accountId: text,
    currency: fc.constantFrom('USD', 'EUR'),
    name: text,
    email: text,
    externalRef: optional(text),
    addressId: optional(anId),
    authority: fc.record({
      type: fc.constantFrom(...PAYMENT_AUTHORITY_TYPES),
      a: optional(text),
      b: optional(text),
    }),
    manualPayments: fc.boolean(),
    flags,
    createdAt: date,
    updatedAt: date,
    canceledAt: optional(date),
    pausedAt: optional(date),
    resumedAt: optional(date),
    endDate: optional(date),
    goLiveAfter: optional(date),
    invoiceAfter: date,
    inactive: fc.boolean(),
    state: optional(
      fc.record({
        id: anId,
        action: fc.constantFrom(...STATE_ACTIONS),
        createdAt: date,
        flags,
        closed: fc.boolean(),
        invoiceAfter: date,
      }),
    ),
  })
  .map((r) => {
    const base = aSubscription(offering, VERSION, {
      planId: r.plan.id,
      accountId: r.accountId,
      currency: r.currency,
      name: r.name,
      email: r.email,
      paymentAuthority:
        r.authority.type === 'authorize_net'
          ? {
              type: r.authority.type,
              ...(r.authority.a === undefined ? {} : { payment_profile_id: r.authority.a }),
              ...(r.authority.b === undefined ? {} : { customer_profile_id: r.authority.b }),
            }
          : {
              type: r.authority.type,
              ...(r.authority.a === undefined ? {} : { customer_id: r.authority.a }),
              ...(r.authority.b === undefined ? {} : { card_id: r.authority.b }),
            },
      manualPayments: r.manualPayments,
      flags: r.flags,
      timestamps: {
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        ...(r.canceledAt === undefined ? {} : { canceledAt: r.canceledAt }),
        ...(r.pausedAt === undefined ? {} : { pausedAt: r.pausedAt }),
        ...(r.resumedAt === undefined ? {} : { resumedAt: r.resumedAt }),
        ...(r.endDate === undefined ? {} : { endDate: r.endDate }),
      },
      invoiceAfter: r.invoiceAfter,
    });
    return {
      ...base,
      ...(r.externalRef === undefined ? {} : { externalRef: r.externalRef }),
      ...(r.addressId === undefined ? {} : { addressId: r.addressId }),
      ...(r.goLiveAfter === undefined ? {} : { goLiveAfter: r.goLiveAfter }),
      ...(r.inactive ? { inactive: true } : {}),
      ...(r.state === undefined
        ? {}
        : {
            state: {
              id: r.state.id,
              subscriptionId: base.id,
              action: r.state.action,
              createdAt: r.state.createdAt,
              flags: { ...r.state.flags, closed: r.state.closed },
              invoiceAfter: r.state.invoiceAfter,
            },
          }),
    };
  });

const written = (write: (out: JsonBytes) => void): Buffer => {
  const out = new JsonBytes();
  write(out);
  return out.toBuffer();
};

describe('a subscription written straight to JSON bytes', () => {
  it('is byte for byte the JSON of its resource object, whatever fields it has and whatever the time', () => {
    fc.assert(
      fc.property(subscriptions, date, (subscription, now) => {
        const bytes = written((out) => writeSubscriptionResource(out, subscription, offering, now));
        expect(bytes.toString()).to.equal(JSON.stringify(subscriptionResource(subscription, offering, now)));
      }),
    );
  });

  it('writes `included` exactly as includedFor has it, for each choice of includes and currency', () => {
    const second: Offering = anOffering(STORE, [aProduct(STORE, { name: 'Tea' })], [aPlan(STORE)]);
    const choices: ReadonlyArray<ReadonlySet<SubscriptionInclude>> = [
      new Set(),
      new Set(['plans']),
      new Set(['products']),
      new Set(['plans', 'products']),
    ];
    for (const include of choices)
      for (const currency of [undefined, 'EUR']) {
        const offerings = [offering, second, offering];
        const bytes = written((out) => writeIncluded(out.text('{"data":[]'), offerings, include, currency));
        expect(`${bytes.toString()}}`).to.equal(
          JSON.stringify({ data: [], ...includedFor(offerings, include, currency) }),
        );
      }
  });
});

describe('a subscription written straight to JSON bytes on the 2025 wire', () => {
  it('is byte for byte the JSON of its 2025 resource object, whatever fields it has and whatever the time', () => {
    // A 2025 subscription may hold some of the offering's products, and say who paused it.
    const held = fc.subarray(offering.products.map((p) => p.id));
    const pausedBy = fc.option(fc.constantFrom('merchandizer' as const, 'dunning' as const), { nil: undefined });
    const subscriptions2025 = fc.tuple(subscriptions, held, pausedBy).map(([subscription, productIds, by]) => ({
      ...subscription,
      ...(productIds.length === 0 ? {} : { productIds }),
      ...(by === undefined ? {} : { pausedBy: by }),
    }));
    fc.assert(
      fc.property(subscriptions2025, date, (subscription, now) => {
        const bytes = written((out) => writeSubscription2025Resource(out, subscription, offering, now));
        expect(bytes.toString()).to.equal(JSON.stringify(subscription2025Resource(subscription, offering, now)));
      }),
    );
  });

  it('writes `included` exactly as included2025For has it, for each choice of includes and currency', () => {
    const second: Offering = anOffering(STORE, [aProduct(STORE, { name: 'Tea' })], [aPlan(STORE)]);
    const choices: ReadonlyArray<ReadonlySet<SubscriptionInclude>> = [
      new Set(),
      new Set(['plans']),
      new Set(['products']),
      new Set(['plans', 'products']),
    ];
    for (const include of choices)
      for (const currency of [undefined, 'EUR']) {
        const offerings = [offering, second, offering];
        const bytes = written((out) => writeIncluded2025(out.text('{"data":[]'), offerings, include, currency));
        expect(`${bytes.toString()}}`).to.equal(
          JSON.stringify({ data: [], ...included2025For(offerings, include, currency) }),
        );
      }
  });
});
