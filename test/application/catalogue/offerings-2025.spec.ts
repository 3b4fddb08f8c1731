import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryOfferingProrationRepository } from '../../../src/adapters/persistence/in-memory/billing/in-memory-offering-proration-repository.js';
import { usedByAnOffering } from '../../../src/adapters/persistence/in-memory/billing/offering-proration-policies.js';
import { InMemoryCatalogueRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-catalogue-repository.js';
import { InMemoryOfferingRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-offering-repository.js';
import { InMemoryStoreRecordRepository } from '../../../src/adapters/persistence/in-memory/in-memory-store-record-repository.js';
import { BuildOffering } from '../../../src/application/use-cases/catalogue/build-offering.js';
import { CreateOffering } from '../../../src/application/use-cases/catalogue/create-offering.js';
import {
  MakeOfferingPlan,
  MakeOfferingProduct,
} from '../../../src/application/use-cases/catalogue/make-offering-items.js';
import { UpdateOffering } from '../../../src/application/use-cases/catalogue/update-offering.js';
import { UpdateOfferingProduct } from '../../../src/application/use-cases/catalogue/update-offering-product.js';
import { PRORATION_POLICIES } from '../../../src/domain/billing/proration/proration-policy.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';
import { right, subscriptionCore } from '../../support/subscription-core.js';

const UNKNOWN = '11111111-1111-4111-8111-111111111111';

const setup = async () => {
  const core = await subscriptionCore();
  const { state, clock, ids } = core;
  const offerings = new InMemoryOfferingRepository(state);
  const products = new InMemoryCatalogueRepository(state.products, state.offerings, (o) => o.products);
  const plans = new InMemoryCatalogueRepository(state.plans, state.offerings, (o) => o.plans);
  const policies = new InMemoryStoreRecordRepository(state.prorationPolicies, PRORATION_POLICIES, (id) =>
    usedByAnOffering(state, id),
  );
  const prorations = new InMemoryOfferingProrationRepository(state);
  return {
    ...core,
    offerings,
    prorations,
    policies,
    build: new BuildOffering(offerings, products, plans, clock, ids, policies, prorations),
    create: new CreateOffering(offerings, products, plans, clock, ids, policies, prorations),
    update: new UpdateOffering(offerings, clock, prorations),
    makeProduct: new MakeOfferingProduct(offerings, clock, ids),
    makePlan: new MakeOfferingPlan(offerings, clock, ids),
    updateProduct: new UpdateOfferingProduct(offerings, clock),
  };
};

const aPolicy = async (ctx: Awaited<ReturnType<typeof setup>>) => {
  const now = ctx.clock.now();
  const policy = {
    id: ctx.ids.uuid(),
    storeId: ctx.storeId,
    attributes: { name: 'Main policy', rounding: 'up' as const },
    createdAt: now,
    updatedAt: now,
  };
  await ctx.policies.insert(policy as never, NO_EVENTS);
  return policy.id;
};

describe('offerings of the 2025 generation: items made inside an offering', () => {
  it('makes a product and a plan with no original, each in a new version, after the copies it holds', async () => {
    const ctx = await setup();
    const offering = right(
      await ctx.create.execute(
        ctx.storeId,
        { type: 'subscription_offering', attributes: { name: 'Tea club' } },
        '2025',
      ),
    );
    const product = right(
      await ctx.makeProduct.execute(ctx.storeId, offering.id, {
        type: 'subscription_offering_plan',
        attributes: { name: 'Green tea', price: { USD: { amount: 1000 } } },
      }),
    );
    expect(product.copy).to.not.have.property('originId');
    expect(product.offering.version).to.equal(2);
    const plan = right(
      await ctx.makePlan.execute(ctx.storeId, offering.id, {
        type: 'subscription_offering_pricing_option',
        attributes: PLAN_ATTRIBUTES,
      }),
    );
    expect(plan.offering.version).to.equal(3);
    expect(plan.offering.products).to.deep.equal([product.copy]);
    expect(plan.offering.plans).to.deep.equal([plan.copy]);
    expect(await ctx.offerings.findById(ctx.storeId, offering.id)).to.deep.equal(plan.offering);
  });

  it('refuses a body of the other type or with invalid fields, feature configurations, and an unknown offering', async () => {
    const ctx = await setup();
    const offering = right(
      await ctx.create.execute(
        ctx.storeId,
        { type: 'subscription_offering', attributes: { name: 'Tea club' } },
        '2025',
      ),
    );
    const asProduct = await ctx.makeProduct.execute(ctx.storeId, offering.id, {
      type: 'subscription_offering_pricing_option',
      attributes: { name: 'Green tea' },
    });
    expect(E.isLeft(asProduct) && asProduct.left._tag).to.equal('ValidationFailed');
    const configured = await ctx.makeProduct.execute(ctx.storeId, offering.id, {
      type: 'subscription_offering_plan',
      attributes: { name: 'Green tea', feature_configurations: { gold: { type: 'access' } } },
    });
    expect(configured).to.deep.equal(
      E.left({
        _tag: 'ValidationFailed',
        issues: [
          {
            source: 'data.attributes.feature_configurations.gold',
            detail: 'must be keyed by the id of a feature of the offering',
          },
        ],
      }),
    );
    const edited = await ctx.updateProduct.execute(
      ctx.storeId,
      offering.id,
      UNKNOWN,
      { type: 'subscription_offering_plan', attributes: { feature_configurations: { gold: {} } } },
      '2025',
    );
    // The body is read before the plan is looked for: a key that is no feature id and a type-less configuration.
    expect(
      E.isLeft(edited) && edited.left._tag === 'ValidationFailed' && edited.left.issues.map((i) => i.source),
    ).to.deep.equal([
      'data.attributes.feature_configurations.gold',
      'data.attributes.feature_configurations.gold.type',
    ]);
    const noPlan = await ctx.makePlan.execute(ctx.storeId, offering.id, {
      type: 'subscription_offering_pricing_option',
      attributes: { name: 'Monthly' },
    });
    expect(E.isLeft(noPlan) && noPlan.left._tag === 'ValidationFailed' && noPlan.left.issues.length).to.equal(7);
    expect(
      await ctx.makeProduct.execute(ctx.storeId, UNKNOWN, {
        type: 'subscription_offering_plan',
        attributes: { name: 'Tea' },
      }),
    ).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }));
    expect((await ctx.offerings.findById(ctx.storeId, offering.id))?.version).to.equal(1);
  });
});

describe('offerings of the 2025 generation: build, create and update with a proration policy', () => {
  const build = (fields: Record<string, unknown> = {}) => ({
    name: 'Coffee club',
    plans: [{ name: 'Beans', external_ref: 'beans' }],
    pricing_options: [{ ...PLAN_ATTRIBUTES, external_ref: 'monthly' }],
    ...fields,
  });

  it('builds with everything made inline and the policy in use; an unknown policy stores nothing', async () => {
    const ctx = await setup();
    const policy = await aPolicy(ctx);
    const offering = right(await ctx.build.execute(ctx.storeId, build({ proration_policy_id: policy }), '2025'));
    expect(offering.products.map((p) => [p.attributes.name, 'originId' in p])).to.deep.equal([['Beans', false]]);
    expect(offering.plans.map((p) => [p.attributes.name, 'originId' in p])).to.deep.equal([['Monthly', false]]);
    expect(await ctx.prorations.policyIdOf(ctx.storeId, offering.id)).to.equal(policy);
    expect(await ctx.build.execute(ctx.storeId, build({ proration_policy_id: UNKNOWN }), '2025')).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: PRORATION_POLICIES.notFound }),
    );
    expect(state(ctx)).to.deep.equal([offering.id]);
  });

  it('reads a 2024 build body as 2024 did, and refuses it as a 2025 one', async () => {
    const ctx = await setup();
    const as2025 = await ctx.build.execute(
      ctx.storeId,
      { name: 'Club', products: [UNKNOWN], plans: [UNKNOWN] },
      '2025',
    );
    expect(
      E.isLeft(as2025) && as2025.left._tag === 'ValidationFailed' && as2025.left.issues.map((i) => i.source),
    ).to.deep.equal(['data.plans.0', 'data.pricing_options']);
    expect(await ctx.build.execute(ctx.storeId, { name: 'Club', products: [UNKNOWN], plans: [UNKNOWN] })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: `subscription products not found: ${UNKNOWN}` }),
    );
  });

  it('changes attributes and the policy together, drops the policy with null, and leaves attributes when the policy is refused', async () => {
    const ctx = await setup();
    const policy = await aPolicy(ctx);
    const offering = right(
      await ctx.create.execute(
        ctx.storeId,
        {
          type: 'subscription_offering',
          attributes: { name: 'Tea club' },
          relationships: { proration_policy: { type: 'subscription_proration_policy', id: policy } },
        },
        '2025',
      ),
    );
    expect(await ctx.prorations.policyIdOf(ctx.storeId, offering.id)).to.equal(policy);
    const update = (data: Record<string, unknown>) =>
      ctx.update.execute(ctx.storeId, offering.id, { id: offering.id, type: 'subscription_offering', ...data }, '2025');
    const refused = await update({
      attributes: { name: 'Renamed' },
      relationships: { proration_policy: { type: 'subscription_proration_policy', id: UNKNOWN } },
    });
    expect(refused).to.deep.equal(E.left({ _tag: 'NotFound', detail: PRORATION_POLICIES.notFound }));
    expect((await ctx.offerings.findById(ctx.storeId, offering.id))?.attributes.name).to.equal('Tea club');
    const dropped = right(await update({ attributes: { name: 'Renamed' }, relationships: { proration_policy: null } }));
    expect([dropped.attributes.name, dropped.version]).to.deep.equal(['Renamed', 2]);
    expect(await ctx.prorations.policyIdOf(ctx.storeId, offering.id)).to.equal(undefined);
    const policyOnly = right(
      await update({ relationships: { proration_policy: { type: 'subscription_proration_policy', id: policy } } }),
    );
    expect(policyOnly.version, 'a policy alone makes no new version').to.equal(2);
    const nothing = await update({});
    expect(E.isLeft(nothing) && nothing.left._tag === 'ValidationFailed' && nothing.left.issues[0].detail).to.equal(
      'must have attributes or relationships.proration_policy',
    );
  });
});

const state = (ctx: Awaited<ReturnType<typeof setup>>) => [...ctx.state.offerings.keys()];
