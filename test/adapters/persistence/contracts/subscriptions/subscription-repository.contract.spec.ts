import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import type { InvoiceReads } from '../../../../../src/application/ports/billing/invoice-reads.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import type { NewSubscription } from '../../../../../src/application/ports/subscriptions/subscription-repository.js';
import { withFirstInvoice } from '../../../../../src/domain/billing/invoices/first-invoice.js';
import { stateApplied, subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Offering } from '../../../../../src/domain/catalogue/offering.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { FilterCondition } from '../../../../../src/domain/query/filter.js';
import type { PageRequest } from '../../../../../src/domain/query/page.js';
import { unprocessable } from '../../../../../src/domain/shared/errors.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import type { ProrationEvent } from '../../../../../src/domain/subscriptions/proration-event.js';
import type { Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import {
  SUBSCRIPTION_LIST,
  type SubscriptionFilterField,
} from '../../../../../src/domain/subscriptions/subscription-query.js';
import { applyStateAction } from '../../../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { aFeatureCopy, withFeatures } from '../../../../support/featured-offerings.js';
import { everyRow, listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../../support/subscription-builders.js';

type Field = SubscriptionFilterField;
const query = (filter: FilterCondition<Field>[] = [], limit = 100, offset = 0) =>
  listQuery(SUBSCRIPTION_LIST, { filter, limit, offset });
const day = (n: number) => new Date(Date.UTC(2026, 1, n));

const firstPage = { offset: 0, limit: 25 } as PageRequest;

const switched = (offering: Offering, withIds: boolean): ProrationEvent => {
  const plan = offering.plans[0]!;
  const prorated = { name: plan.attributes.name, includesTax: true, ...(withIds ? { planId: plan.id } : {}) };
  return {
    prorationPolicyId: randomIds.uuid(),
    billingCostBeforeProration: 3100,
    refundedAmountForUnusedPlan: 2100,
    newPlanCost: 4200,
    proratedAt: new Date('2026-03-10T00:00:00.000Z'),
    proratedUntil: new Date('2026-03-31T00:00:00.000Z'),
    days: 21,
    from: prorated,
    to: prorated,
  };
};

forEachBackend('SubscriptionRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const product = aProduct(store.id);
    const plan = aPlan(store.id);
    await ports.products.insert(product, NO_EVENTS);
    await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], [plan]);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    return { ...ports, store, other, offering, versionId };
  };

  it('answers each request of one shape (filters, paging, counting) with its own values', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const [a1, a2, a3] = [randomIds.uuid(), randomIds.uuid(), randomIds.uuid()];
    const made = [
      aSubscription(offering, versionId, {
        email: 'one@example.com',
        accountId: a1,
        timestamps: { createdAt: day(1), updatedAt: day(1) },
      }),
      aSubscription(offering, versionId, {
        email: 'two@example.com',
        accountId: a2,
        timestamps: { createdAt: day(2), updatedAt: day(2) },
      }),
      aSubscription(offering, versionId, {
        email: 'three@example.com',
        accountId: a3,
        timestamps: { createdAt: day(3), updatedAt: day(3) },
      }),
    ];
    for (const s of made) await subscriptions.insert(s, undefined, subscriptionsStored);
    const stranger = aSubscription({ ...offering, storeId: other.id }, versionId, {
      email: 'one@example.com',
      accountId: a1,
    });
    await subscriptions.insert({ ...stranger, storeId: other.id }, undefined, subscriptionsStored);
    const ids = async (filter: FilterCondition<Field>[], limit = 100, offset = 0, storeId = store.id) => {
      const page = await subscriptions.list(storeId, query(filter, limit, offset));
      return { ids: page.items.map((s) => s.id), total: page.total };
    };
    const [s1, s2, s3] = made.map((s) => s.id);
    expect(await ids([{ op: 'eq', field: 'email', value: 'one@example.com' }])).to.deep.equal({ ids: [s1], total: 1 });
    expect(await ids([{ op: 'eq', field: 'email', value: 'two@example.com' }])).to.deep.equal({ ids: [s2], total: 1 });
    expect(await ids([{ op: 'eq', field: 'email', value: 'one@example.com' }], 100, 0, other.id)).to.deep.equal({
      ids: [stranger.id],
      total: 1,
    });
    expect(await ids([{ op: 'in', field: 'account_id', values: [a1, a2] }])).to.deep.equal({ ids: [s2, s1], total: 2 });
    expect(await ids([{ op: 'in', field: 'account_id', values: [a3, a3, a1] }])).to.deep.equal({
      ids: [s3, s1],
      total: 2,
    });
    expect(await ids([{ op: 'in', field: 'account_id', values: [a2] }])).to.deep.equal({ ids: [s2], total: 1 });
    expect(await ids([], 1, 0)).to.deep.equal({ ids: [s3], total: 3 });
    expect(await ids([], 1, 1)).to.deep.equal({ ids: [s2], total: 3 });
    expect(await ids([], 2, 1)).to.deep.equal({ ids: [s2, s1], total: 3 });
    expect(await ids([], 1, 0, other.id)).to.deep.equal({ ids: [stranger.id], total: 1 });
    expect(await ids([{ op: 'in', field: 'account_id', values: [a1, a2, a3] }], 1, 2)).to.deep.equal({
      ids: [s1],
      total: 3,
    });
  });

  it("sets the stored status of the store's subscriptions only, and keeps it through a state change", async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const [a, b] = [aSubscription(offering, versionId), aSubscription(offering, versionId)];
    await subscriptions.insert(a, undefined, subscriptionsStored);
    await subscriptions.insert(b, undefined, subscriptionsStored);
    await subscriptions.setInactive(other.id, [a.id], true);
    expect((await subscriptions.findById(store.id, a.id))?.subscription.inactive, 'another store cannot').to.equal(
      undefined,
    );
    await subscriptions.setInactive(store.id, [a.id, randomIds.uuid()], true);
    expect((await subscriptions.findById(store.id, a.id))?.subscription.inactive).to.equal(true);
    expect((await subscriptions.findById(store.id, b.id))?.subscription.inactive).to.equal(undefined);
    const paused = await subscriptions.applyState(
      store.id,
      a.id,
      (s, o) => applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date(), randomIds.uuid()),
      stateApplied,
    );
    expect(E.isRight(paused)).to.equal(true);
    expect((await subscriptions.findById(store.id, a.id))?.subscription.inactive).to.equal(true);
    await subscriptions.setInactive(store.id, [a.id], false);
    expect((await subscriptions.findById(store.id, a.id))?.subscription.inactive).to.equal(undefined);
  });

  it('stores the status a cancel before going live sets, with the change', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const at = new Date('2026-02-10T00:00:00.000Z');
    const pending = aSubscription(offering, versionId, {
      flags: { canceled: false, paused: false, suspended: false, pending: true },
      goLiveAfter: new Date('2026-02-10T04:00:00.000Z'),
    });
    await subscriptions.insert(pending, undefined, subscriptionsStored);
    const canceled = await subscriptions.applyState(
      store.id,
      pending.id,
      (s, o) => applyStateAction(s, o.plans[0]!.attributes, 'cancel', at, randomIds.uuid()),
      stateApplied,
    );
    expect(E.isRight(canceled)).to.equal(true);
    const read = (await subscriptions.findById(store.id, pending.id))?.subscription;
    expect([read?.inactive, read?.flags.canceled, read?.timestamps.endDate]).to.deep.equal([true, true, at]);
  });

  it('stores one snapshot per offering version, shared by every subscription of it', async () => {
    const { subscriptions, offering, versionId } = await setup();
    expect(await subscriptions.snapshotOffering(offering)).to.equal(versionId);
    const [a, b] = await Promise.all([
      subscriptions.snapshotOffering({ ...offering, version: 2 }),
      subscriptions.snapshotOffering({ ...offering, version: 2 }),
    ]);
    expect(a).to.equal(b);
    expect(a).not.to.equal(versionId);
  });

  it("keeps an offering snapshot's eligibility and custom attributes, and who paused a subscription", async () => {
    const { subscriptions, offering, store } = await setup();
    const [product] = offering.products;
    const [plan] = offering.plans;
    const shaped: typeof offering = {
      ...offering,
      version: 7,
      products: [{ ...product!, customAttributes: { size: 'XL' } }],
      eligibility: { [product!.id]: [] },
    };
    const versionId = await subscriptions.snapshotOffering(shaped);
    const subscription = aSubscription(shaped, versionId, {
      flags: { canceled: false, paused: true, suspended: false, pending: false },
      pausedBy: 'dunning',
      planId: plan!.id,
    });
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const read = await subscriptions.findById(store.id, subscription.id);
    expect(read?.subscription.pausedBy).to.equal('dunning');
    expect(read?.offering.eligibility).to.deep.equal({ [product!.id]: [] });
    expect(read?.offering.products[0]?.customAttributes).to.deep.equal({ size: 'XL' });
  });

  it('reads back a subscription with every field, and its offering as it was', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const subscription = aSubscription(offering, versionId, {
      name: 'Zoë 名前 😀',
      email: 'a+b@x.com',
      externalRef: 'ref "quoted", with:colons(and parens)',
      paymentAuthority: { type: 'authorize_net', payment_profile_id: '1511660856', customer_profile_id: '1511736979' },
      manualPayments: true,
      addressId: randomIds.uuid(),
      productIds: [offering.products[0]!.id],
      flags: { canceled: false, paused: false, suspended: false, pending: true },
      goLiveAfter: new Date('2026-03-01T09:00:00.000Z'),
      // A switch prorated with the plans it moved between, and one stored before plans were kept by id.
      prorations: [switched(offering, true), switched(offering, false)],
    });
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    expect(await subscriptions.findById(store.id, subscription.id)).to.deep.equal({ subscription, offering });
    expect(await subscriptions.findById(other.id, subscription.id)).to.equal(undefined);
  });

  it('keeps the features of the offering and their configuration on its plans in the snapshot', async () => {
    const { subscriptions, offering, store } = await setup();
    const at = new Date('2026-04-01T00:00:00.000Z');
    const feature = {
      id: randomIds.uuid(),
      attributes: {
        name: 'Seats',
        configuration: { type: 'usage' as const, tag: 'seats', label: 'Seats', default_value: 3 },
      },
      createdAt: at,
      updatedAt: at,
    };
    const sold: Offering = {
      ...offering,
      version: 7,
      features: [feature],
      products: offering.products.map((p) => ({
        ...p,
        attributes: { ...p.attributes, feature_configurations: { [feature.id]: { type: 'usage', default_value: 10 } } },
      })),
    };
    const subscription = aSubscription(sold, await subscriptions.snapshotOffering(sold));
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    expect((await subscriptions.findById(store.id, subscription.id))?.offering).to.deep.equal(sold);
  });

  it('reads back the price changes a subscription update gave it, pending and ended', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const [product, plan] = [offering.products[0]!, offering.plans[0]!];
    const subscription = aSubscription(offering, versionId, {
      priceChanges: [
        {
          changes: { products: { [product.id]: { USD: { amount: 4200, includes_tax: true } } }, plans: {} },
          previous: { products: { [product.id]: product.attributes.price ?? {} }, plans: {} },
          from: new Date('2026-03-01T09:00:00.000Z'),
          until: new Date('2026-03-12T10:30:00.000Z'),
        },
        {
          changes: { products: {}, plans: { [plan.id]: { base_price_percentage: 7.5 } } },
          previous: { products: {}, plans: { [plan.id]: {} } },
          from: new Date('2026-04-01T09:00:00.000Z'),
        },
      ],
    });
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    expect((await subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(subscription);
  });

  it("lists an offering's subscription ids oldest first, only the store's", async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const made = [3, 1, 2].map((n) =>
      aSubscription(offering, versionId, { timestamps: { createdAt: day(n), updatedAt: day(n) } }),
    );
    for (const s of made) await subscriptions.insert(s, undefined, subscriptionsStored);
    expect(await subscriptions.idsOfOffering(store.id, offering.id)).to.deep.equal(
      [made[1]!, made[2]!, made[0]!].map((s) => s.id),
    );
    expect(await subscriptions.idsOfOffering(other.id, offering.id)).to.deep.equal([]);
    expect(await subscriptions.idsOfOffering(store.id, randomIds.uuid())).to.deep.equal([]);
  });

  it('keeps the snapshot when the offering changes or is deleted', async () => {
    const { subscriptions, offerings, offering, versionId, store } = await setup();
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    await offerings.update(
      store.id,
      offering.id,
      (o) => ({ ...o, attributes: { name: 'Changed' }, version: 2 }),
      firesNothing,
    );
    await offerings.delete(store.id, offering.id, NO_EVENTS);
    expect((await subscriptions.findById(store.id, subscription.id))?.offering).to.deep.equal(offering);
  });

  it('filters with eq and in on every field, values with quotes, commas, @, + and non-ASCII', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const people = [
      { name: 'Zoë Ünal', email: 'zoe+news@exämple.org', externalRef: 'a,b' },
      { name: 'O\'Brien "Bob"', email: 'bob@example.com', externalRef: 'x:(y)' },
      { name: '名前', email: 'name@example.jp' },
    ];
    const subs = people.map((p, n) =>
      aSubscription(offering, versionId, { ...p, timestamps: { createdAt: day(n + 1), updatedAt: day(n + 1) } }),
    );
    for (const s of subs) await subscriptions.insert(s, undefined, subscriptionsStored);
    const ids = async (filter: FilterCondition<Field>[]) =>
      (await subscriptions.list(store.id, query(filter))).items.map((s) => s.id);
    const [zoe, bob, jp] = subs.map((s) => s.id);
    expect(await ids([{ op: 'eq', field: 'name', value: 'Zoë Ünal' }])).to.deep.equal([zoe]);
    expect(await ids([{ op: 'eq', field: 'name', value: 'O\'Brien "Bob"' }])).to.deep.equal([bob]);
    expect(await ids([{ op: 'eq', field: 'email', value: 'zoe+news@exämple.org' }])).to.deep.equal([zoe]);
    expect(await ids([{ op: 'eq', field: 'email', value: 'ZOE+news@exämple.org' }])).to.deep.equal([]);
    expect(await ids([{ op: 'eq', field: 'external_ref', value: 'x:(y)' }])).to.deep.equal([bob]);
    expect(await ids([{ op: 'in', field: 'external_ref', values: ['a,b', 'x:(y)', 'none'] }])).to.deep.equal([
      bob,
      zoe,
    ]);
    expect(await ids([{ op: 'in', field: 'name', values: ['名前', 'Zoë Ünal'] }])).to.deep.equal([jp, zoe]);
    expect(await ids([{ op: 'eq', field: 'account_id', value: subs[2]!.accountId }])).to.deep.equal([jp]);
    expect(
      await ids([{ op: 'in', field: 'account_id', values: [subs[0]!.accountId, subs[1]!.accountId, 'not-a-uuid'] }]),
    ).to.deep.equal([bob, zoe]);
    expect(
      await ids([
        { op: 'eq', field: 'email', value: 'bob@example.com' },
        { op: 'eq', field: 'name', value: 'Zoë Ünal' },
      ]),
    ).to.deep.equal([]);
  });

  it('lists newest first with a stable tie-breaker, pages, counts, and returns each snapshot once', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const second = await subscriptions.snapshotOffering({ ...offering, version: 2 });
    const subs = [1, 2, 2, 3].map((d, n) =>
      aSubscription(offering, n % 2 ? second : versionId, { timestamps: { createdAt: day(d), updatedAt: day(d) } }),
    );
    for (const s of subs) await subscriptions.insert(s, undefined, subscriptionsStored);
    await subscriptions.insert(
      aSubscription({ ...offering, storeId: other.id }, versionId),
      undefined,
      subscriptionsStored,
    );
    const tied = [subs[1]!.id, subs[2]!.id].sort().reverse();
    const all = await subscriptions.list(store.id, query());
    expect(all.items.map((s) => s.id)).to.deep.equal([subs[3]!.id, ...tied, subs[0]!.id]);
    expect(all).to.include({ total: 4, totalMethod: 'exact' });
    expect([...all.offerings.keys()].sort()).to.deep.equal([versionId, second].sort());
    const middle = await subscriptions.list(store.id, query([], 2, 1));
    expect(middle.items.map((s) => s.id)).to.deep.equal(tied);
    expect(middle.total).to.equal(4);
    const filtered = await subscriptions.list(
      store.id,
      query([{ op: 'eq', field: 'email', value: 'ada@example.com' }], 1),
    );
    expect(filtered).to.include({ total: 4, totalMethod: 'exact' });
    expect([...filtered.offerings.keys()]).to.have.length(1);
    const none = await subscriptions.list(store.id, query([{ op: 'eq', field: 'email', value: 'nobody@example.com' }]));
    expect(none).to.deep.equal({
      items: [],
      page: { offset: 0, limit: 100 },
      total: 0,
      totalMethod: 'exact',
      offerings: new Map(),
    });
  });

  it('applies a state change with its history record, or nothing when the change is refused', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const at = new Date('2026-02-10T00:00:00.000Z');
    const pause = (s: typeof subscription, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', at, randomIds.uuid());
    const applied = await subscriptions.applyState(store.id, subscription.id, pause, stateApplied);
    if (E.isLeft(applied)) throw new Error('not applied');
    expect(applied.right).to.include({ action: 'pause', subscriptionId: subscription.id });
    const read = await subscriptions.findById(store.id, subscription.id);
    expect(read?.subscription.flags.paused).to.equal(true);
    expect(read?.subscription.timestamps.pausedAt).to.deep.equal(at);
    expect(read?.subscription.state).to.deep.equal(applied.right);

    expect(
      await subscriptions.applyState(
        store.id,
        subscription.id,
        () => E.left(unprocessable('no', 'state_transition_not_allowed')),
        stateApplied,
      ),
    ).to.deep.equal(E.left(unprocessable('no', 'state_transition_not_allowed')));
    expect(await subscriptions.applyState(other.id, subscription.id, pause, stateApplied)).to.deep.equal(
      E.left(missing),
    );
    expect(await subscriptions.listStates(store.id, subscription.id, firstPage)).to.deep.equal({
      items: [applied.right],
      page: firstPage,
      total: 1,
      totalMethod: 'exact',
    });
    expect(await subscriptions.listStates(other.id, subscription.id, firstPage)).to.equal(undefined);
  });

  it('stores the first invoice a state change gives, numbered next, with the change; none when the change is refused', async () => {
    const { subscriptions, invoiceReads, offering, versionId, store } = await setup();
    const at = new Date('2026-02-10T00:00:00.000Z');
    const invoiceOf = (s: Subscription, now: Date) => {
      const draft = withFirstInvoice(s, offering, offering.plans[0]!.attributes, {
        id: randomIds.uuid(),
        now,
      }).firstInvoice;
      if (draft === undefined) throw new Error('no first invoice');
      return draft;
    };
    const [live, pending] = [
      aSubscription(offering, versionId),
      aSubscription(offering, versionId, {
        flags: { canceled: false, paused: false, suspended: false, pending: true },
      }),
    ];
    await subscriptions.insert(live, invoiceOf(live, at), subscriptionsStored);
    await subscriptions.insert(pending, undefined, subscriptionsStored);
    const goLive = (s: typeof pending, o: typeof offering) => {
      const changed = applyStateAction(s, o.plans[0]!.attributes, 'go_live', at, randomIds.uuid());
      return E.isLeft(changed)
        ? changed
        : E.right({ ...changed.right, firstInvoice: invoiceOf(changed.right.subscription, at) });
    };
    expect(
      E.isRight(await subscriptions.applyState(store.id, pending.id, goLive, stateApplied, { mayInvoice: true })),
    ).to.equal(true);
    expect(
      E.isLeft(await subscriptions.applyState(store.id, pending.id, goLive, stateApplied, { mayInvoice: true })),
      'live already',
    ).to.equal(true);
    const numbers = (await invoiceReads.list(store.id, everyRow())).items.map((i) => [i.subscriptionId, i.number]);
    expect(numbers.sort((a, b) => Number(a[1]) - Number(b[1]))).to.deep.equal([
      [live.id, 1],
      [pending.id, 2],
    ]);
  });

  it('finds one state change only through its own subscription and store', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const [mine, sibling] = [aSubscription(offering, versionId), aSubscription(offering, versionId)];
    await subscriptions.insert(mine, undefined, subscriptionsStored);
    await subscriptions.insert(sibling, undefined, subscriptionsStored);
    const pause = (s: typeof mine, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date('2026-02-10T00:00:00.000Z'), randomIds.uuid());
    const applied = await subscriptions.applyState(store.id, mine.id, pause, stateApplied);
    if (E.isLeft(applied)) throw new Error('not applied');
    expect(await subscriptions.findState(store.id, mine.id, applied.right.id)).to.deep.equal(applied.right);
    expect(await subscriptions.findState(store.id, sibling.id, applied.right.id)).to.equal(undefined);
    expect(await subscriptions.findState(other.id, mine.id, applied.right.id)).to.equal(undefined);
    expect(await subscriptions.findState(store.id, mine.id, randomIds.uuid())).to.equal(undefined);
  });

  it('serialises concurrent state changes of one subscription', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const pause = (s: typeof subscription, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date('2026-02-10T00:00:00.000Z'), randomIds.uuid());
    const results = await Promise.all(
      Array.from({ length: 4 }, () => subscriptions.applyState(store.id, subscription.id, pause, stateApplied)),
    );
    expect(results.filter(E.isRight)).to.have.length(1);
    expect((await subscriptions.listStates(store.id, subscription.id, firstPage))?.items).to.have.length(1);
  });

  it('deletes a subscription with its history and keeps the exact total right; the shared snapshot stays', async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const [kept, gone] = [aSubscription(offering, versionId), aSubscription(offering, versionId)];
    await subscriptions.insert(kept, undefined, subscriptionsStored);
    await subscriptions.insert(gone, undefined, subscriptionsStored);
    const pause = (s: typeof gone, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date('2026-02-10T00:00:00.000Z'), randomIds.uuid());
    expect(E.isRight(await subscriptions.applyState(store.id, gone.id, pause, stateApplied))).to.equal(true);
    expect(await subscriptions.delete(other.id, gone.id)).to.deep.equal(E.left(missing));
    expect(await subscriptions.delete(store.id, gone.id)).to.deep.equal(E.right(undefined));
    expect(await subscriptions.delete(store.id, gone.id)).to.deep.equal(E.left(missing));
    expect(await subscriptions.findById(store.id, gone.id)).to.equal(undefined);
    expect(await subscriptions.listStates(store.id, gone.id, firstPage)).to.equal(undefined);
    expect(await subscriptions.list(store.id, query())).to.deep.include({ total: 1, totalMethod: 'exact' });
    expect((await subscriptions.findById(store.id, kept.id))?.offering).to.deep.equal(offering);
    expect(await subscriptions.snapshotOffering(offering)).to.equal(versionId);
  });

  it('deletes once under concurrent deletes and state changes, and counts it once', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const pause = (s: typeof subscription, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date('2026-02-10T00:00:00.000Z'), randomIds.uuid());
    const [deletes, changes] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => subscriptions.delete(store.id, subscription.id))),
      Promise.all(
        Array.from({ length: 3 }, () => subscriptions.applyState(store.id, subscription.id, pause, stateApplied)),
      ),
    ]);
    expect(deletes.filter(E.isRight)).to.have.length(1);
    expect(
      changes.every((c) => E.isRight(c) || (E.isLeft(c) && c.left._tag === 'Missing')),
      JSON.stringify(changes),
    ).to.equal(true);
    expect(await subscriptions.findById(store.id, subscription.id)).to.equal(undefined);
    expect(await subscriptions.list(store.id, query())).to.deep.include({ total: 1, totalMethod: 'exact' });
  });

  it('creates concurrently in one store, beside concurrent deletes, every one counted exactly once', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const doomed = Array.from({ length: 4 }, () => aSubscription(offering, versionId));
    for (const subscription of doomed) await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const created = Array.from({ length: 12 }, () => aSubscription(offering, versionId));
    await Promise.all([
      ...created.map((s) => subscriptions.insert(s, undefined, subscriptionsStored)),
      ...doomed.map((s) => subscriptions.delete(store.id, s.id)),
    ]);
    expect(await subscriptions.list(store.id, query())).to.deep.include({
      total: created.length,
      totalMethod: 'exact',
    });
    expect((await subscriptions.list(store.id, query())).items.map((s) => s.id).sort()).to.deep.equal(
      created.map((s) => s.id).sort(),
    );
  });

  it('updates the fields a change returns, filterable at once, or nothing when the change is refused', async () => {
    const { subscriptions, products, plans, offerings, store, other } = await setup();
    const product = aProduct(store.id);
    const [monthly, yearly] = [aPlan(store.id), aPlan(store.id, { name: 'Yearly' })];
    await products.insert(product, NO_EVENTS);
    await plans.insert(monthly, NO_EVENTS);
    await plans.insert(yearly, NO_EVENTS);
    const offering = anOffering(store.id, [product], [monthly, yearly]);
    await offerings.insert(offering, NO_EVENTS);
    const versionId = await subscriptions.snapshotOffering(offering);
    const subscription = aSubscription(offering, versionId, { externalRef: 'old-ref' });
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const { externalRef: _ref, ...withoutRef } = subscription;
    const changed = {
      ...withoutRef,
      planId: offering.plans[1]!.id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      addressId: randomIds.uuid(),
      timestamps: { ...subscription.timestamps, updatedAt: day(20) },
    };
    expect(await subscriptions.update(store.id, subscription.id, () => E.right(changed))).to.deep.equal(
      E.right({ subscription: changed, offering }),
    );
    expect(await subscriptions.findById(store.id, subscription.id)).to.deep.equal({ subscription: changed, offering });
    const ids = async (filter: FilterCondition<Field>[]) =>
      (await subscriptions.list(store.id, query(filter))).items.map((s) => s.id);
    expect(await ids([{ op: 'eq', field: 'email', value: 'grace@example.com' }])).to.deep.equal([subscription.id]);
    expect(await ids([{ op: 'eq', field: 'name', value: 'Ada Lovelace' }])).to.deep.equal([]);
    expect(await ids([{ op: 'eq', field: 'external_ref', value: 'old-ref' }])).to.deep.equal([]);
    const refusal = E.left(unprocessable('no', 'state_transition_not_allowed'));
    expect(await subscriptions.update(store.id, subscription.id, () => refusal)).to.deep.equal(refusal);
    expect((await subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(changed);
    expect(await subscriptions.update(other.id, subscription.id, () => E.right(changed))).to.deep.equal(
      E.left(missing),
    );
    expect(await subscriptions.snapshotOffering(offering)).to.equal(versionId);
  });

  it("reads the store's subscriptions of the given accounts with their snapshots, and no other store's or account's", async () => {
    const { subscriptions, offering, versionId, store, other } = await setup();
    const [a1, a2, a3] = [randomIds.uuid(), randomIds.uuid(), randomIds.uuid()];
    const library = aFeatureCopy({ type: 'access', tag: 'library' });
    const featured = withFeatures({ ...offering, version: 2 }, [library], [{ [library.id]: { type: 'access' } }]);
    const featuredVersion = await subscriptions.snapshotOffering(featured);
    const made = [
      aSubscription(offering, versionId, { accountId: a1 }),
      aSubscription(featured, featuredVersion, { accountId: a1 }),
      aSubscription(offering, versionId, { accountId: a2 }),
      aSubscription(offering, versionId, { accountId: a3 }),
    ];
    for (const s of made) await subscriptions.insert(s, undefined, firesNothing);
    const held = await subscriptions.ofAccounts(store.id, [a1, a2, a1]);
    const byId = new Map(held.map((h) => [h.subscription.id, h]));
    expect([...byId.keys()].sort()).to.deep.equal(
      made
        .slice(0, 3)
        .map((s) => s.id)
        .sort(),
    );
    expect(byId.get(made[1]!.id)).to.deep.equal({ subscription: made[1], offering: featured });
    expect(byId.get(made[0]!.id)?.offering).to.deep.equal(offering);
    expect(await subscriptions.ofAccounts(other.id, [a1, a2, a3])).to.deep.equal([]);
    expect(await subscriptions.ofAccounts(store.id, [])).to.deep.equal([]);
  });

  it('serialises concurrent updates, state changes and a delete of one subscription', async () => {
    const { subscriptions, offering, versionId, store } = await setup();
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    const pause = (s: typeof subscription, o: typeof offering) =>
      applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date('2026-02-10T00:00:00.000Z'), randomIds.uuid());
    // Each rename reads the name under the lock and appends to it: a lost update would drop a letter.
    const rename = (letter: string) =>
      subscriptions.update(store.id, subscription.id, (s) => E.right({ ...s, name: `${s.name}${letter}` }));
    const renamed = await Promise.all(
      [...'abcdef']
        .map(rename)
        .concat([subscriptions.applyState(store.id, subscription.id, pause, stateApplied) as never]),
    );
    expect(renamed.every(E.isRight)).to.equal(true);
    const read = await subscriptions.findById(store.id, subscription.id);
    expect([...(read?.subscription.name.slice('Ada Lovelace'.length) ?? '')].sort().join('')).to.equal('abcdef');
    expect(read?.subscription.flags.paused, 'the state change survives the updates').to.equal(true);
    const [deleted, ...late] = await Promise.all([
      subscriptions.delete(store.id, subscription.id),
      rename('x'),
      rename('y'),
    ]);
    expect(deleted).to.deep.equal(E.right(undefined));
    expect(late.every((r) => E.isRight(r) || (E.isLeft(r) && r.left._tag === 'Missing'))).to.equal(true);
    expect(await subscriptions.findById(store.id, subscription.id)).to.equal(undefined);
  });

  describe('batches (an import stores its runs of subscription lines together)', () => {
    const now = new Date('2026-02-02T00:00:00.000Z');
    const withInvoice = (subscription: Subscription, offering: Offering): NewSubscription => {
      const made = withFirstInvoice(subscription, offering, offering.plans[0]!.attributes, {
        id: randomIds.uuid(),
        now,
      });
      if (made.firstInvoice === undefined) throw new Error('no first invoice');
      return { subscription: made.subscription, firstInvoice: made.firstInvoice };
    };
    const numbers = async (invoiceReads: InvoiceReads, storeId: Uuid, batch: readonly NewSubscription[]) =>
      Promise.all(
        batch.map(async (c) =>
          c.firstInvoice === undefined ? undefined : (await invoiceReads.findById(storeId, c.firstInvoice.id))?.number,
        ),
      );

    it('stores a batch whole: each subscription, the running count raised by their number, their invoices numbered next in the order given', async () => {
      const { subscriptions, invoiceReads, offering, versionId, store } = await setup();
      const earlier = withInvoice(aSubscription(offering, versionId), offering);
      await subscriptions.insert(earlier.subscription, earlier.firstInvoice, subscriptionsStored);
      const batch = [
        withInvoice(aSubscription(offering, versionId), offering),
        {
          subscription: aSubscription(offering, versionId, {
            flags: { canceled: false, paused: false, suspended: false, pending: true },
          }),
        },
        withInvoice(aSubscription(offering, versionId), offering),
      ];
      await subscriptions.insertMany(store.id, batch, subscriptionsStored);
      await subscriptions.insertMany(store.id, [], subscriptionsStored);
      expect(await subscriptions.list(store.id, query())).to.deep.include({ total: 4, totalMethod: 'exact' });
      expect(await numbers(invoiceReads, store.id, batch)).to.deep.equal([2, undefined, 3]);
      for (const { subscription } of batch)
        expect((await subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(subscription);
      const next = withInvoice(aSubscription(offering, versionId), offering);
      await subscriptions.insert(next.subscription, next.firstInvoice, subscriptionsStored);
      expect(await numbers(invoiceReads, store.id, [next])).to.deep.equal([4]);
    });

    it('stores nothing of a batch with an id already taken midway: no subscription, count, invoice or invoice number', async () => {
      const { subscriptions, invoiceReads, offering, versionId, store } = await setup();
      const taken = aSubscription(offering, versionId);
      await subscriptions.insert(taken, undefined, subscriptionsStored);
      const batch = [
        withInvoice(aSubscription(offering, versionId), offering),
        withInvoice({ ...taken, email: 'again@example.com' }, offering),
        withInvoice(aSubscription(offering, versionId), offering),
      ];
      let refused: unknown;
      await subscriptions.insertMany(store.id, batch, subscriptionsStored).catch((error: unknown) => (refused = error));
      expect(refused, 'the batch is refused').to.be.instanceOf(Error);
      expect(await subscriptions.list(store.id, query())).to.deep.include({ total: 1, totalMethod: 'exact' });
      expect((await subscriptions.list(store.id, query())).items.map((s) => s.id)).to.deep.equal([taken.id]);
      expect(await numbers(invoiceReads, store.id, batch)).to.deep.equal([undefined, undefined, undefined]);
      const next = withInvoice(aSubscription(offering, versionId), offering);
      await subscriptions.insert(next.subscription, next.firstInvoice, subscriptionsStored);
      expect(await numbers(invoiceReads, store.id, [next]), 'no number was used up').to.deep.equal([1]);
    });

    it('stores a batch of a thousand and one rows with text a column array must escape, each read back as written', async function () {
      // A thousand and one rows, each with its events and audit record, on PGlite in one process with the suite.
      this.timeout(120_000);
      const { subscriptions, invoiceReads, offering, versionId, store } = await setup();
      const awkward = [
        'NULL',
        'null',
        'a"b\\c',
        '{x,y}',
        'it\'s, "quoted"',
        'tab\there\nline',
        'Zoë 日本 😀',
        ' padded ',
      ];
      const batch = Array.from({ length: 1001 }, (_, i) => {
        const text = awkward[i % awkward.length]!;
        return withInvoice(
          aSubscription(offering, versionId, {
            name: text,
            email: `${i}${text}@example.com`,
            ...(i % 2 === 0 ? { externalRef: text } : {}),
          }),
          offering,
        );
      });
      await subscriptions.insertMany(store.id, batch, subscriptionsStored);
      expect(await subscriptions.list(store.id, query())).to.deep.include({ total: 1001, totalMethod: 'exact' });
      for (const { subscription } of batch.filter((_, i) => i < awkward.length * 2 || i === 1000))
        expect((await subscriptions.findById(store.id, subscription.id))?.subscription).to.deep.equal(subscription);
      expect(await numbers(invoiceReads, store.id, [batch[0]!, batch[1000]!])).to.deep.equal([1, 1001]);
    });

    it("tells which ids are the store's subscriptions, and no other store's", async () => {
      const { subscriptions, offering, versionId, store, other } = await setup();
      const [a, b] = [aSubscription(offering, versionId), aSubscription(offering, versionId)];
      await subscriptions.insertMany(store.id, [{ subscription: a }, { subscription: b }], subscriptionsStored);
      const unknown = randomIds.uuid();
      expect([...(await subscriptions.existing(store.id, [a.id, unknown, b.id]))].sort()).to.deep.equal(
        [a.id, b.id].sort(),
      );
      expect([...(await subscriptions.existing(other.id, [a.id, b.id]))]).to.deep.equal([]);
      expect([...(await subscriptions.existing(store.id, []))]).to.deep.equal([]);
    });
  });
});
