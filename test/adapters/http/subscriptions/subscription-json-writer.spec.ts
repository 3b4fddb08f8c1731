import { expect } from 'chai';
import fc from 'fast-check';
import { JsonBytes } from '../../../../src/adapters/http/documents/json-bytes.js';
import {
  included2025For,
  subscription2025Resource,
  writeIncluded2025,
} from '../../../../src/adapters/http/subscriptions/subscription-2025-documents.js';
import {
  includedFor,
  subscriptionResource,
  writeIncluded,
} from '../../../../src/adapters/http/subscriptions/subscription-documents.js';
import {
  storedSubscriptionDocuments,
  writeStoredSubscription,
} from '../../../../src/adapters/http/subscriptions/subscription-stored-document.js';
import type { ListedSubscription } from '../../../../src/application/ports/subscriptions/subscription-repository.js';
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
/** Any script, and control characters, one of which cuts a stored document into its pieces. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constantFrom('\u0000offering', 'a\u0001b', '\u0001'),
);
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

/** The subscription as a list reads it back: the document made of it when it was stored, and its row's columns. */
const listed = (subscription: Subscription): ListedSubscription => ({
  id: subscription.id,
  createdAt: subscription.timestamps.createdAt,
  offeringVersionId: subscription.offeringVersionId,
  document: storedSubscriptionDocuments.render(subscription, offering),
  inactive: subscription.inactive === true,
  invoiceAfter: subscription.invoiceAfter,
});

describe('a subscription written from its stored document', () => {
  it('is byte for byte the JSON of its resource object, whatever fields it has and whatever the time it is read', () => {
    fc.assert(
      fc.property(subscriptions, date, (subscription, now) => {
        const bytes = written((out) => writeStoredSubscription(out, listed(subscription), offering, now, '2024'));
        expect(bytes.toString()).to.equal(JSON.stringify(subscriptionResource(subscription, offering, now)));
      }),
    );
  });

  it('puts in the status and `invoice_after` of its row, which billing runs change without the document', () => {
    fc.assert(
      fc.property(subscriptions, date, date, fc.boolean(), (subscription, now, invoiceAfter, inactive) => {
        const { inactive: _was, ...rest } = subscription;
        const moved: Subscription = { ...rest, invoiceAfter, ...(inactive ? { inactive: true } : {}) };
        const read = { ...listed(subscription), inactive, invoiceAfter };
        const bytes = written((out) => writeStoredSubscription(out, read, offering, now, '2024'));
        expect(bytes.toString()).to.equal(JSON.stringify(subscriptionResource(moved, offering, now)));
      }),
    );
  });

  it('keeps its format: a document written before reads as this one, so a change to the text is a new format', () => {
    // Stored documents outlive the code that wrote them. If this text changes, FORMAT in
    // subscription-stored-document.ts must change with it, so that documents of the old text are made again.
    const closing3 = aPlan(STORE, { end_behavior: 'close', plan_length: 3, billing_interval_type: 'month' });
    const pinned = anOffering(STORE, [aProduct(STORE)], [closing3]);
    const subscription = aSubscription(pinned, VERSION, {
      externalRef: 'ref-1',
      flags: { canceled: false, paused: true, suspended: false, pending: false },
      pausedBy: 'merchandizer',
    });
    const ids = new Map<string, string>();
    const text = storedSubscriptionDocuments
      .render(subscription, pinned)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
        return ids.get(id) ?? id;
      });
    expect(text).to.equal(
      JSON.parse(
        String.raw`"v2\u0001\u0001\u00011777593600000\u0001{\"id\":\"<id1>\",\"type\":\"subscription\",\"attributes\":{\"external_ref\":\"ref-1\",\"account_id\":\"<id2>\",\"offering\":\u0001,\"plan_id\":\"<id3>\",\"currency\":\"USD\",\"payment_authority\":{\"type\":\"platform_payments_processor\",\"customer_id\":\"cus_123\"},\"status\":\"\u0001{\"id\":\"<id1>\",\"type\":\"subscription\",\"attributes\":{\"offering\":\u0001,\"external_ref\":\"ref-1\",\"account_id\":\"<id2>\",\"currency\":\"USD\",\"status\":\"\u0001\",\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\"\u0001},\"relationships\":{\"offering\":{\"data\":{\"id\":\"<id4>\",\"type\":\"subscription_offering\"}},\"plans\":{\"data\":[{\"id\":\"<id3>\",\"type\":\"subscription_offering_plan\"}]}},\"meta\":{\"owner\":\"store\",\"status\":\"\u0001,\"plan_id\":\"<id5>\",\"pricing_option_id\":\"<id3>\"},\"relationships\":{\"offering\":{\"data\":{\"id\":\"<id4>\",\"type\":\"subscription_offering\"}},\"plans\":{\"data\":[{\"id\":\"<id5>\",\"type\":\"subscription_offering_plan\"}]},\"pricing_options\":{\"data\":[{\"id\":\"<id3>\",\"type\":\"subscription_offering_pricing_option\"}]}},\"meta\":{\"owner\":\"store\",\"status\":\"\u0001\",\"canceled\":false,\"paused\":true,\"closed\":\u0001,\"suspended\":false,\"invoice_after\":\"\u0001\",\"manual_payments\":false,\"timestamps\":{\"created_at\":\"2026-02-01T00:00:00.000000000Z\",\"updated_at\":\"2026-02-01T00:00:00.000000000Z\",\"end_date\":\"2026-05-01T00:00:00.000000000Z\"}\u0001\u0001,\"first_invoice_prepaid\":false,\"paused_by\":\"merchandizer\""`,
      ),
    );
  });

  it('is current in its own format, and a text of any other is refused where a page is written', () => {
    const subscription = aSubscription(offering, VERSION);
    const document = storedSubscriptionDocuments.render(subscription, offering);
    expect(storedSubscriptionDocuments.isCurrent(document)).to.equal(true);
    expect(storedSubscriptionDocuments.isCurrent(`v1${document.slice(2)}`)).to.equal(false);
    const pieces = document.split('\u0001');
    for (const other of [`v1${document.slice(2)}`, '', '{"id":"x"}', pieces.slice(0, -1).join('\u0001')]) {
      const read = { ...listed(subscription), document: other };
      expect(() => written((out) => writeStoredSubscription(out, read, offering, new Date(0), '2024'))).to.throw(
        /is not of format v2/,
      );
    }
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

describe('a subscription written from its stored document on the 2025 wire', () => {
  it('is byte for byte the JSON of its 2025 resource object, whatever fields it has and whatever the time it is read', () => {
    // A 2025 subscription may hold some of the offering's products, and say who paused it.
    const held = fc.subarray(offering.products.map((p) => p.id));
    const pausedBy = fc.option(fc.constantFrom('merchandizer' as const, 'dunning' as const), { nil: undefined });
    // Price changes, some ended, the pending one (if any) decided by how far it is invoiced.
    const price = fc.record({ amount: fc.integer({ min: 0, max: 99_999 }), includes_tax: fc.boolean() });
    const priceChange = fc.record({
      product: fc.constantFrom(...offering.products.map((p) => p.id)),
      now: price,
      before: price,
      from: date,
      until: optional(date),
    });
    const priceChanges = fc.array(priceChange, { maxLength: 4 }).map((changes) =>
      changes
        .sort((a, b) => a.from.getTime() - b.from.getTime())
        .map(({ product, now, before, from, until }) => ({
          changes: { products: { [product]: { USD: now } }, plans: {} },
          previous: { products: { [product]: { USD: before } }, plans: {} },
          from,
          ...(until === undefined ? {} : { until }),
        })),
    );
    const subscriptions2025 = fc
      .tuple(subscriptions, held, pausedBy, priceChanges)
      .map(([subscription, productIds, by, changes]) => ({
        ...subscription,
        ...(productIds.length === 0 ? {} : { productIds }),
        ...(by === undefined ? {} : { pausedBy: by }),
        ...(changes.length === 0 ? {} : { priceChanges: changes }),
      }));
    fc.assert(
      fc.property(subscriptions2025, date, optional(date), (subscription, now, invoicedSince) => {
        // A billing run may have moved its `invoice_after` since the document was written.
        const invoiceAfter = invoicedSince ?? subscription.invoiceAfter;
        const read = { ...listed(subscription), invoiceAfter };
        const bytes = written((out) => writeStoredSubscription(out, read, offering, now, '2025'));
        expect(bytes.toString()).to.equal(
          JSON.stringify(subscription2025Resource({ ...subscription, invoiceAfter }, offering, now)),
        );
      }),
    );
  });

  it('shows the price change pending as far as a billing run has invoiced it since the document was written', () => {
    const changes = [1, 2, 3].map((n) => ({
      changes: {
        products: { [offering.products[0]!.id]: { USD: { amount: n * 100, includes_tax: true } } },
        plans: {},
      },
      previous: { products: { [offering.products[0]!.id]: { USD: { amount: n, includes_tax: true } } }, plans: {} },
      from: new Date(Date.UTC(2026, n, 1)),
    }));
    const subscription: Subscription = { ...aSubscription(offering, VERSION), priceChanges: changes };
    fc.assert(
      fc.property(date, date, (invoiceAfter, now) => {
        const read = { ...listed(subscription), invoiceAfter };
        const bytes = written((out) => writeStoredSubscription(out, read, offering, now, '2025'));
        expect(bytes.toString()).to.equal(
          JSON.stringify(subscription2025Resource({ ...subscription, invoiceAfter }, offering, now)),
        );
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
