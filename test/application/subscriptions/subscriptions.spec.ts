import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { OfferingPlan, OfferingProduct } from '../../../src/domain/catalogue/offering.js';
import { planPrices } from '../../../src/domain/catalogue/pricing.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import type { DomainError } from '../../../src/domain/shared/errors.js';

const planPricesOf = (plan: OfferingPlan, products: readonly OfferingProduct[]) =>
  planPrices(products, plan)['USD']?.amount;

import { planData, productData, right, subscriptionCore, subscriptionData } from '../../support/subscription-core.js';

const setup = async (planAttributes: Record<string, unknown> = {}) => {
  const core = await subscriptionCore();
  const product = right(await core.products.create(core.storeId, productData()));
  const plan = right(await core.plans.create(core.storeId, planData(planAttributes)));
  const offering = right(
    await core.offerings.build(core.storeId, { name: 'Coffee club', products: [product.id], plans: [plan.id] }),
  );
  const offeringPlan = offering.plans[0]!;
  return { ...core, product, plan, offering, offeringPlan };
};

const tagOf = (result: E.Either<{ _tag: string }, unknown>) => (E.isLeft(result) ? result.left._tag : 'Right');

describe('catalogue use cases', () => {
  it('builds an offering from copies: later edits of the originals do not reach it', async () => {
    const { products, offerings, storeId, product, offering } = await setup();
    right(
      await products.update(storeId, product.id, {
        type: 'subscription_product',
        attributes: { name: 'Changed beans' },
      }),
    );
    const read = right(await offerings.get(storeId, offering.id));
    expect(read.products[0]?.attributes.name).to.equal('Coffee beans');
    expect(read.products[0]?.originId).to.equal(product.id);
    expect(read.products[0]?.id).not.to.equal(product.id);
  });

  it('names every id a build could not find', async () => {
    const { offerings, storeId, plan } = await setup();
    const missing = '11111111-1111-4111-8111-111111111111';
    expect(await offerings.build(storeId, { name: 'Club', products: [missing], plans: [plan.id] })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: `subscription products not found: ${missing}` }),
    );
  });

  it('attaches copies once per original and makes a new version only when something changed', async () => {
    const { offerings, products, storeId, product, offering } = await setup();
    const second = right(await products.create(storeId, productData({ name: 'Filters' })));
    const attached = right(await offerings.attachProducts(storeId, offering.id, { products: [product.id, second.id] }));
    expect(attached.products.map((p) => p.originId)).to.deep.equal([product.id, second.id]);
    expect(right(await offerings.get(storeId, offering.id)).version).to.equal(2);
    right(await offerings.attachProducts(storeId, offering.id, { products: [second.id] }));
    expect(right(await offerings.get(storeId, offering.id)).version).to.equal(2);
  });

  it('refuses to delete an original an offering holds, until the offering is gone', async () => {
    const { products, offerings, storeId, product, offering } = await setup();
    expect(await products.delete(storeId, product.id)).to.deep.equal(
      E.left({ _tag: 'Conflict', detail: 'the product is used by an offering', code: 'in_use' }),
    );
    right(await offerings.delete(storeId, offering.id));
    expect(await products.delete(storeId, product.id)).to.deep.equal(E.right(undefined));
  });

  it('updates partially; null clears an optional attribute', async () => {
    const { products, storeId } = await setup();
    const created = right(await products.create(storeId, productData({ sku: 'SKU-1', description: 'd' })));
    const updated = right(
      await products.update(storeId, created.id, { type: 'subscription_product', attributes: { sku: null } }),
    );
    expect(updated.attributes).to.deep.equal({
      name: 'Coffee beans',
      description: 'd',
      price: created.attributes.price,
    });
  });
});

describe('subscription use cases', () => {
  it("attaches, detaches and replaces the subscription's products within its snapshot; its plan's price follows", async () => {
    const { subscriptions, products, offerings, storeId, product, offering } = await setup({
      base_price_percentage: 10,
    });
    const filters = right(
      await products.create(storeId, productData({ name: 'Filters', price: { USD: { amount: 500 } } })),
    );
    const withFilters = right(await offerings.attachProducts(storeId, offering.id, { products: [filters.id] }));
    const [beansCopy, filtersCopy] = withFilters.products;
    const { subscription } = right(
      await subscriptions.create(storeId, subscriptionData(withFilters.id, withFilters.plans[0]!.id)),
    );
    const manage = (data: unknown) => subscriptions.manageProducts(storeId, subscription.id, data);
    const held = async () =>
      right(await subscriptions.listProducts(storeId, subscription.id, queryParams([]))).items.map((p) => p.id);
    const price = async () => {
      const plans = right(await subscriptions.listPlans(storeId, subscription.id, queryParams([])));
      return planPricesOf(plans.items[0]!, plans.products);
    };
    expect(await held()).to.deep.equal([beansCopy!.id, filtersCopy!.id]);
    right(await manage([{ type: 'detach', products: [filtersCopy!.id] }]));
    expect(await held()).to.deep.equal([beansCopy!.id]);
    expect(await price()).to.equal(900);
    right(
      await manage([
        { type: 'replace', products: [filtersCopy!.id] },
        { type: 'attach', products: [beansCopy!.id] },
      ]),
    );
    expect(await held()).to.deep.equal([beansCopy!.id, filtersCopy!.id]);
    expect(await price()).to.equal(1350);

    const refused = await manage([
      { type: 'detach', products: [beansCopy!.id] },
      { type: 'detach', products: [beansCopy!.id, product.id] },
    ]);
    expect(E.isLeft(refused) && refused.left._tag === 'ValidationFailed' && refused.left.issues).to.deep.equal([
      { source: 'data.1.products.0', detail: 'is not a product the subscription holds' },
      { source: 'data.1.products.1', detail: "is not a product of the subscription's offering" },
    ]);
    expect(await held(), 'a refused request changes nothing').to.deep.equal([beansCopy!.id, filtersCopy!.id]);
    const unpriced = await manage([{ type: 'detach', products: [filtersCopy!.id, beansCopy!.id] }]);
    expect(E.isLeft(unpriced) && unpriced.left._tag === 'ValidationFailed' && unpriced.left.issues).to.deep.equal([
      { source: 'data', detail: "would leave the subscription's plan without a price in USD" },
    ]);
    const parsed = await manage([{ type: 'swap', products: [] }, 'x']);
    expect(
      E.isLeft(parsed) && parsed.left._tag === 'ValidationFailed' && parsed.left.issues.map((i) => i.source),
    ).to.deep.equal(['data.0.type', 'data.0.products', 'data.1']);
    expect(tagOf(await manage([]))).to.equal('ValidationFailed');
    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'cancel' },
      }),
    );
    expect(tagOf(await manage([{ type: 'detach', products: [filtersCopy!.id] }]))).to.equal('Unprocessable');
    expect(
      tagOf(await subscriptions.manageProducts(storeId, 'nope', [{ type: 'detach', products: [filtersCopy!.id] }])),
    ).to.equal('NotFound');
  });

  it('creates a pending subscription that goes live on a go_live action, or by itself at go_live_after', async () => {
    const { subscriptions, storeId, offering, offeringPlan, clock } = await setup({ trial_period: 1 });
    const create = (fields: Record<string, unknown>) =>
      subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id, fields));
    const waiting = right(await create({ pending: true })).subscription;
    expect(waiting.flags.pending).to.equal(true);
    expect(waiting).not.to.have.property('goLiveAfter');
    const act = (id: string, action: string) =>
      subscriptions.changeState(storeId, id, { type: 'subscription_state', attributes: { action } });
    expect(tagOf(await act(waiting.id, 'pause'))).to.equal('Unprocessable');
    clock.advance(86_400_000);
    const started = right(await act(waiting.id, 'go_live'));
    expect(started.flags.pending).to.equal(false);
    const live = right(await subscriptions.get(storeId, waiting.id, queryParams([]))).subscription;
    expect(live.goLiveAfter).to.deep.equal(clock.now());
    // Gone live on 2 January, its trial month invoiced at once: eligible for its next invoice on 2 February.
    expect(live.invoiceAfter).to.deep.equal(new Date(Date.UTC(2026, 1, 2)));
    expect(tagOf(await act(waiting.id, 'go_live'))).to.equal('Unprocessable');

    const at = new Date(clock.now().getTime() + 3_600_000);
    const scheduled = right(await create({ go_live_after: at.toISOString() })).subscription;
    // Not live yet: its first invoice (the trial's) is due when it goes live; paid periods count from the trial's end.
    expect(scheduled).to.deep.include({
      goLiveAfter: at,
      invoiceAfter: at,
      billingAnchor: new Date(Date.UTC(2026, 1, 2, 1)),
    });
    expect(scheduled.flags.pending).to.equal(true);
    const update = (attributes: Record<string, unknown>) =>
      subscriptions.update(storeId, scheduled.id, { type: 'subscription', attributes });
    const later = new Date(at.getTime() + 3_600_000);
    expect(right(await update({ go_live_after: later.toISOString() })).subscription).to.deep.include({
      goLiveAfter: later,
      invoiceAfter: later,
      billingAnchor: new Date(Date.UTC(2026, 1, 2, 2)),
    });
    expect(right(await update({ go_live_after: null })).subscription).not.to.have.property('goLiveAfter');
    right(await update({ go_live_after: later.toISOString() }));
    clock.advance(2 * 3_600_000);
    expect(tagOf(await act(scheduled.id, 'pause')), 'live by itself once go_live_after passed').to.equal('Right');
    expect(tagOf(await update({ go_live_after: new Date(clock.now().getTime() + 1000).toISOString() }))).to.equal(
      'Unprocessable',
    );

    const contradictory = await create({ pending: false, go_live_after: at.toISOString() });
    expect(
      E.isLeft(contradictory) && contradictory.left._tag === 'ValidationFailed' && contradictory.left.issues[0]?.source,
    ).to.equal('data.pending');
    // Backdated (EPCC): live at once, its periods and trial counted from the past time.
    const backdated = right(
      await create({ go_live_after: new Date(clock.now().getTime() - 40 * 86_400_000).toISOString() }),
    ).subscription;
    expect(backdated.goLiveAfter).to.deep.equal(new Date(clock.now().getTime() - 40 * 86_400_000));
    expect(tagOf(await act(backdated.id, 'pause')), 'live at once').to.equal('Right');
    const rescheduled = right(
      await create({ go_live_after: new Date(clock.now().getTime() + 3_600_000).toISOString() }),
    ).subscription;
    const intoThePast = right(
      await subscriptions.update(storeId, rescheduled.id, {
        type: 'subscription',
        attributes: { go_live_after: '2026-01-01T00:00:00Z' },
      }),
    ).subscription;
    expect(intoThePast.goLiveAfter).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(right(await create({ pending: false })).subscription.flags.pending).to.equal(false);
  });

  it('updates fields partially and moves to another plan of its own snapshot, never a later one', async () => {
    const { subscriptions, offerings, plans, storeId, offering, offeringPlan, clock } = await setup();
    const strict = right(await plans.create(storeId, planData({ name: 'No resume', can_resume: false })));
    const withStrict = right(await offerings.attachPlans(storeId, offering.id, { plans: [strict.id] }));
    const strictCopy = withStrict.plans.find((p) => p.originId === strict.id)!;
    const { subscription } = right(
      await subscriptions.create(storeId, subscriptionData(withStrict.id, offeringPlan.id, { external_ref: 'ref-1' })),
    );
    const update = (attributes: Record<string, unknown>) =>
      subscriptions.update(storeId, subscription.id, { type: 'subscription', attributes });
    clock.advance(1000);
    const renamed = right(
      await update({ name: 'Grace Hopper', external_ref: null, address_id: 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA' }),
    );
    expect(renamed.subscription).to.include({
      name: 'Grace Hopper',
      email: 'ada@example.com',
      planId: offeringPlan.id,
      addressId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    });
    expect(renamed.subscription).not.to.have.property('externalRef');
    expect(renamed.subscription.timestamps.updatedAt).to.deep.equal(clock.now());
    expect(renamed.subscription.timestamps.createdAt).to.deep.equal(subscription.timestamps.createdAt);

    const later = right(await plans.create(storeId, planData({ name: 'Later' })));
    const laterCopy = right(await offerings.attachPlans(storeId, offering.id, { plans: [later.id] })).plans.find(
      (p) => p.originId === later.id,
    )!;
    const refused = await update({ plan_id: laterCopy.id, name: 'x' });
    expect(
      E.isLeft(refused) && refused.left._tag === 'ValidationFailed' && refused.left.issues.map((i) => i.source),
    ).to.deep.equal(['data.attributes.name']);
    const notInSnapshot = await update({ plan_id: laterCopy.id });
    expect(
      E.isLeft(notInSnapshot) && notInSnapshot.left._tag === 'ValidationFailed' && notInSnapshot.left.issues[0],
    ).to.deep.equal({
      source: 'data.attributes.plan_id',
      detail: "must be one of the plans of the subscription's offering",
    });

    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'pause' },
      }),
    );
    expect(await update({ plan_id: strictCopy.id })).to.deep.equal(
      E.left({
        _tag: 'Forbidden',
        detail: 'the subscription is paused and the new plan does not allow subscribers to resume',
        code: 'plan_not_permitted',
      }),
    );
    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'resume' },
      }),
    );
    expect(right(await update({ plan_id: strictCopy.id })).subscription.planId).to.equal(strictCopy.id);
    // The new plan's flags gate the actions from now on.
    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'pause' },
      }),
    );
    expect(
      tagOf(
        await subscriptions.changeState(storeId, subscription.id, {
          type: 'subscription_state',
          attributes: { action: 'resume' },
        }),
      ),
    ).to.equal('Forbidden');
    expect(right(await offerings.get(storeId, offering.id)).plans.map((p) => p.id)).to.include(laterCopy.id);
    expect(
      right(await subscriptions.get(storeId, subscription.id, queryParams([]))).offering.plans.map((p) => p.id),
    ).to.deep.equal([offeringPlan.id, strictCopy.id]);

    right(await update({ plan_id: offeringPlan.id }));
    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'cancel' },
      }),
    );
    expect(tagOf(await update({ plan_id: strictCopy.id }))).to.equal('Unprocessable');
    expect(tagOf(await update({ name: 'Still renamable' }))).to.equal('Right');
    expect(tagOf(await subscriptions.update(storeId, 'nope', { type: 'subscription', attributes: {} }))).to.equal(
      'NotFound',
    );
    expect(
      tagOf(await subscriptions.update(storeId, subscription.id, { type: 'subscriptions', attributes: {} })),
    ).to.equal('ValidationFailed');
  });

  it("lists the subscription's own plans and products from its snapshot, not from the offering as it is now", async () => {
    const { subscriptions, offerings, products, plans, storeId, offering, offeringPlan, product } = await setup();
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    const later = right(await plans.create(storeId, planData({ name: 'Yearly' })));
    right(await offerings.attachPlans(storeId, offering.id, { plans: [later.id] }));
    right(
      await offerings.attachProducts(storeId, offering.id, {
        products: [right(await products.create(storeId, productData({ name: 'Filters' }))).id],
      }),
    );
    const listed = right(await subscriptions.listPlans(storeId, subscription.id, queryParams([])));
    expect(listed.items.map((p) => p.id)).to.deep.equal([offeringPlan.id]);
    expect(listed).to.include({ total: 1, totalMethod: 'exact' });
    expect(listed.subscription.planId).to.equal(offeringPlan.id);
    const held = right(await subscriptions.listProducts(storeId, subscription.id, queryParams([['page[limit]', '1']])));
    expect(held.items.map((p) => p.originId)).to.deep.equal([product.id]);
    expect(held.page.limit).to.equal(1);
    expect(tagOf(await subscriptions.listPlans(storeId, 'nope', queryParams([])))).to.equal('NotFound');
    expect(
      tagOf(await subscriptions.listProducts(storeId, subscription.id, queryParams([['page[limit]', '0']]))),
    ).to.equal('ValidationFailed');
  });

  it("gets one state change of a subscription's history, and no other subscription's", async () => {
    const { subscriptions, storeId, offering, offeringPlan } = await setup();
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    const other = right(
      await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)),
    ).subscription;
    const paused = right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'pause' },
      }),
    );
    expect(await subscriptions.getState(storeId, subscription.id, paused.id)).to.deep.equal(E.right(paused));
    const missing = E.left({ _tag: 'NotFound', detail: 'subscription state not found' });
    expect(await subscriptions.getState(storeId, other.id, paused.id)).to.deep.equal(missing);
    expect(await subscriptions.getState(storeId, subscription.id, 'nope')).to.deep.equal(missing);
    expect(await subscriptions.getState(storeId, 'nope', paused.id)).to.deep.equal(missing);
  });

  it('deletes a subscription with its history: later reads, lists and deletes do not find it', async () => {
    const { subscriptions, storeId, offering, offeringPlan } = await setup();
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    right(
      await subscriptions.changeState(storeId, subscription.id, {
        type: 'subscription_state',
        attributes: { action: 'pause' },
      }),
    );
    expect(await subscriptions.delete(storeId, subscription.id)).to.deep.equal(E.right(undefined));
    expect(tagOf(await subscriptions.get(storeId, subscription.id, queryParams([])))).to.equal('NotFound');
    expect(tagOf(await subscriptions.listStates(storeId, subscription.id, queryParams([])))).to.equal('NotFound');
    expect(right(await subscriptions.list(storeId, queryParams([]))).total).to.equal(0);
    expect(tagOf(await subscriptions.delete(storeId, subscription.id))).to.equal('NotFound');
    expect(tagOf(await subscriptions.delete(storeId, 'not-a-uuid'))).to.equal('NotFound');
  });

  it('creates an active subscription on one of the offering plans, in a currency it is priced in', async () => {
    const { subscriptions, storeId, offering, offeringPlan, clock } = await setup({ trial_period: 1 });
    const view = right(
      await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id, { currency: 'EUR' })),
    );
    expect(view.subscription).to.include({ planId: offeringPlan.id, currency: 'EUR', manualPayments: false });
    expect(view.subscription.invoiceAfter).to.deep.equal(new Date(Date.UTC(2026, 1, 1)));
    expect(view.offering).to.deep.equal(offering);
    expect(clock.now()).to.deep.equal(new Date(Date.UTC(2026, 0, 1)));
  });

  it('refuses a plan of another offering, an unpriced currency, and an unknown offering', async () => {
    const { subscriptions, storeId, offering, plan } = await setup();
    const wrongPlan = await subscriptions.create(storeId, subscriptionData(offering.id, plan.id));
    expect(E.isLeft(wrongPlan) && wrongPlan.left._tag === 'ValidationFailed' && wrongPlan.left.issues[0]).to.deep.equal(
      { source: 'data.plan_id', detail: "must be one of the offering's plans" },
    );
    const yen = await subscriptions.create(
      storeId,
      subscriptionData(offering.id, offering.plans[0]!.id, { currency: 'JPY' }),
    );
    expect(E.isLeft(yen) && yen.left._tag === 'ValidationFailed' && yen.left.issues[0]?.detail).to.equal(
      'must be a currency the plan is priced in; the plan is priced in EUR, USD',
    );
    expect(
      tagOf(await subscriptions.create(storeId, subscriptionData('11111111-1111-4111-8111-111111111111', plan.id))),
    ).to.equal('NotFound');
  });

  it('pauses, resumes and cancels as the plan allows and the state permits', async () => {
    const { subscriptions, storeId, offering, offeringPlan, clock } = await setup();
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    const act = (action: string) =>
      subscriptions.changeState(storeId, subscription.id, { type: 'subscription_state', attributes: { action } });
    expect(tagOf(await act('resume'))).to.equal('Unprocessable');
    clock.advance(1000);
    expect(tagOf(await act('pause'))).to.equal('Right');
    expect(tagOf(await act('pause'))).to.equal('Unprocessable');
    expect(tagOf(await act('resume'))).to.equal('Right');
    clock.advance(40 * 86_400_000);
    expect(tagOf(await act('cancel'))).to.equal('Right');
    for (const action of ['cancel', 'pause', 'resume']) expect(tagOf(await act(action))).to.equal('Unprocessable');
    const states = right(await subscriptions.listStates(storeId, subscription.id, queryParams([]))).items;
    expect(states.map((s) => s.action)).to.deep.equal(['pause', 'resume', 'cancel']);
    const read = right(await subscriptions.get(storeId, subscription.id, queryParams([])));
    // Only its first month was invoiced (with it; no billing run since): the period from 1 February is not
    // owed, so the cancellation ends it at once.
    expect(read.subscription.timestamps.endDate).to.deep.equal(clock.now());
  });

  it('dates a change no earlier than the one before it, even when this clock runs behind another instance’s', async () => {
    const { subscriptions, storeId, offering, offeringPlan, clock } = await setup();
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    const act = (action: string) =>
      subscriptions.changeState(storeId, subscription.id, { type: 'subscription_state', attributes: { action } });
    clock.advance(5000);
    const paused = right(await act('pause'));
    clock.advance(-3000);
    const resumed = right(await act('resume'));
    expect(resumed.createdAt).to.deep.equal(paused.createdAt);
    clock.advance(10_000);
    expect(right(await act('pause')).createdAt).to.deep.equal(clock.now());
    expect(
      right(await subscriptions.listStates(storeId, subscription.id, queryParams([]))).items.map((s) => s.action),
    ).to.deep.equal(['pause', 'resume', 'pause']);
  });

  it('forbids what the plan does not allow, before looking at the state', async () => {
    const { subscriptions, storeId, offering, offeringPlan } = await setup({ can_pause: false, can_cancel: false });
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id)));
    const act = (action: string) =>
      subscriptions.changeState(storeId, subscription.id, { type: 'subscription_state', attributes: { action } });
    expect(await act('pause')).to.deep.equal(
      E.left({ _tag: 'Forbidden', detail: 'the plan does not allow subscribers to pause', code: 'plan_not_permitted' }),
    );
    expect(tagOf(await act('cancel'))).to.equal('Forbidden');
  });

  it('lists with the store page length, filters and includes, reporting every bad parameter', async () => {
    const { subscriptions, storeId, offering, offeringPlan } = await setup();
    for (const email of ['a@x.com', 'b@x.com', 'a@x.com'])
      right(await subscriptions.create(storeId, subscriptionData(offering.id, offeringPlan.id, { email })));
    const listed = right(
      await subscriptions.list(
        storeId,
        queryParams([
          ['filter', 'eq(email,a@x.com)'],
          ['include', 'plans'],
        ]),
      ),
    );
    expect(listed.items).to.have.length(2);
    expect(listed.page).to.deep.equal({ offset: 0, limit: 25 });
    expect([...listed.include]).to.deep.equal(['plans']);
    const bad = await subscriptions.list(
      storeId,
      queryParams([
        ['filter', 'gt(email,a)'],
        ['include', 'offers'],
        ['page[limit]', '0'],
      ]),
    );
    expect(
      E.isLeft(bad) && bad.left._tag === 'ValidationFailed' ? bad.left.issues.map((i) => i.source) : [],
    ).to.deep.equal(['page[limit]', 'filter', 'include']);
  });
});

describe('subscription prices at the largest amount', () => {
  it('refuses, naming the currency, a subscription, a plan change or a product change whose plan price would exceed 2^53 − 1', async () => {
    const { subscriptions, products, plans, offerings, storeId } = await subscriptionCore();
    const priced = (name: string, amount: number) =>
      products.create(storeId, productData({ name, price: { USD: { amount, includes_tax: false } } }));
    const big = right(await priced('Big', Number.MAX_SAFE_INTEGER));
    const big2 = right(await priced('Big too', Number.MAX_SAFE_INTEGER));
    const small = right(await priced('Small', 1));
    const half = right(await plans.create(storeId, planData({ name: 'Half', base_price_percentage: 50 })));
    const full = right(await plans.create(storeId, planData({ name: 'Full' })));
    const offering = right(
      await offerings.build(storeId, {
        name: 'Club',
        products: [big.id, big2.id, small.id],
        plans: [half.id, full.id],
      }),
    );
    const copyOf = <A extends { originId?: string }>(items: readonly A[], id: string) =>
      items.find((item) => item.originId === id)!;
    const [halfCopy, fullCopy] = [copyOf(offering.plans, half.id), copyOf(offering.plans, full.id)];
    const tooLarge = "the plan's price in USD would exceed 9007199254740991 minor units";
    const issuesOf = (result: E.Either<DomainError, unknown>) =>
      E.isLeft(result) && result.left._tag === 'ValidationFailed' ? result.left.issues : result;

    expect(issuesOf(await subscriptions.create(storeId, subscriptionData(offering.id, fullCopy.id)))).to.deep.equal([
      { source: 'data.currency', detail: tooLarge },
    ]);
    // (2 × (2^53 − 1) + 1) at 50 % is 2^53 − 0.5, rounded down to 2^53 − 1: it fits.
    const { subscription } = right(await subscriptions.create(storeId, subscriptionData(offering.id, halfCopy.id)));
    const update = (attributes: Record<string, unknown>) =>
      subscriptions.update(storeId, subscription.id, { type: 'subscription', attributes });
    const manage = (data: unknown) => subscriptions.manageProducts(storeId, subscription.id, data);
    right(await manage([{ type: 'detach', products: [copyOf(offering.products, big2.id).id] }]));
    expect(issuesOf(await update({ plan_id: fullCopy.id }))).to.deep.equal([
      { source: 'data.attributes.plan_id', detail: tooLarge },
    ]);
    right(await manage([{ type: 'detach', products: [copyOf(offering.products, small.id).id] }]));
    right(await update({ plan_id: fullCopy.id }));
    expect(
      issuesOf(await manage([{ type: 'attach', products: [copyOf(offering.products, small.id).id] }])),
    ).to.deep.equal([{ source: 'data', detail: tooLarge }]);
  });
});
