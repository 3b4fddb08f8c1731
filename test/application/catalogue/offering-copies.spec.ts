import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { planData, productData, right, subscriptionCore, subscriptionData } from '../../support/subscription-core.js';

const setup = async () => {
  const core = await subscriptionCore();
  const product = right(await core.products.create(core.storeId, productData({ external_ref: 'beans' })));
  const filters = right(
    await core.products.create(core.storeId, productData({ name: 'Filters', external_ref: 'filters' })),
  );
  const plan = right(await core.plans.create(core.storeId, planData()));
  const yearly = right(
    await core.plans.create(core.storeId, planData({ name: 'Yearly', billing_interval_type: 'year' })),
  );
  const offering = right(
    await core.offerings.build(core.storeId, {
      name: 'Coffee club',
      products: [product.id, filters.id],
      plans: [plan.id, yearly.id],
    }),
  );
  return { ...core, product, filters, plan, yearly, offering };
};

const UNKNOWN = '11111111-1111-4111-8111-111111111111';

describe('offering copies: detach', () => {
  it('removes a product copy in a new version; subscriptions keep the version they were made from', async () => {
    const { offerings, subscriptions, storeId, offering } = await setup();
    const before = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    expect(await offerings.detachProduct(storeId, offering.id, offering.products[0]!.id)).to.deep.equal(
      E.right(undefined),
    );
    const read = right(await offerings.get(storeId, offering.id));
    expect(read.version).to.equal(offering.version + 1);
    expect(read.products.map((p) => p.id)).to.deep.equal([offering.products[1]!.id]);
    expect(
      right(await subscriptions.get(storeId, before.subscription.id, queryParams([]))).offering.products,
    ).to.deep.equal(offering.products);
    const after = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    expect(after.offering.products.map((p) => p.id)).to.deep.equal([offering.products[1]!.id]);
  });

  it('frees the original once the last offering holding a copy lets it go', async () => {
    const { offerings, products, plans, storeId, product, plan, offering } = await setup();
    const second = right(
      await offerings.build(storeId, { name: 'Second club', products: [product.id], plans: [plan.id] }),
    );
    right(await offerings.detachProduct(storeId, offering.id, offering.products[0]!.id));
    expect(await products.delete(storeId, product.id)).to.deep.equal(
      E.left({ _tag: 'Conflict', detail: 'the product is used by an offering', code: 'in_use' }),
    );
    right(await offerings.detachProduct(storeId, second.id, second.products[0]!.id));
    expect(await products.delete(storeId, product.id)).to.deep.equal(E.right(undefined));
    right(await offerings.detachPlan(storeId, offering.id, offering.plans[0]!.id));
    right(await offerings.detachPlan(storeId, second.id, second.plans[0]!.id));
    expect(await plans.delete(storeId, plan.id)).to.deep.equal(E.right(undefined));
    expect(right(await offerings.get(storeId, offering.id)).plans.map((p) => p.originId)).to.not.include(plan.id);
  });

  it('answers not found for an unknown offering or copy, and for an original id in place of its copy', async () => {
    const { offerings, storeId, product, offering } = await setup();
    const copyMissing = { _tag: 'NotFound', detail: 'subscription offering product not found' };
    expect(await offerings.detachProduct(storeId, UNKNOWN, offering.products[0]!.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }),
    );
    expect(await offerings.detachProduct(storeId, 'not-a-uuid', offering.products[0]!.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }),
    );
    expect(await offerings.detachProduct(storeId, offering.id, product.id)).to.deep.equal(E.left(copyMissing));
    expect(await offerings.detachProduct(storeId, offering.id, 'nope')).to.deep.equal(E.left(copyMissing));
    expect(await offerings.detachPlan(storeId, offering.id, offering.products[0]!.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering plan not found' }),
    );
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(offering);
  });
});

describe('offering copies: edit', () => {
  it('changes the copy alone, in a new version: the original and earlier subscriptions keep theirs', async () => {
    const { offerings, products, subscriptions, storeId, product, offering, clock } = await setup();
    const before = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    clock.advance(1000);
    const changed = right(
      await offerings.updateProduct(storeId, offering.id, offering.products[0]!.id, {
        type: 'subscription_offering_product',
        attributes: { name: 'House beans', external_ref: null },
      }),
    );
    expect(changed.copy).to.deep.equal({
      ...offering.products[0]!,
      attributes: { name: 'House beans', price: product.attributes.price },
      updatedAt: clock.now(),
    });
    expect(changed.offering.version).to.equal(offering.version + 1);
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(changed.offering);
    expect(right(await products.get(storeId, product.id))).to.deep.equal(product);
    expect(
      right(await subscriptions.get(storeId, before.subscription.id, queryParams([]))).offering.products,
    ).to.deep.equal(offering.products);
  });

  it('changes a plan copy with the plan rules, listing every problem', async () => {
    const { offerings, storeId, offering } = await setup();
    const planCopy = offering.plans[1]!;
    const changed = right(
      await offerings.updatePlan(storeId, offering.id, planCopy.id, {
        type: 'subscription_offering_plan',
        attributes: { billing_frequency: 2, can_pause: false },
      }),
    );
    expect(changed.copy.attributes).to.deep.equal({ ...planCopy.attributes, billing_frequency: 2, can_pause: false });
    const refused = await offerings.updatePlan(storeId, offering.id, planCopy.id, {
      type: 'subscription_plan',
      attributes: { billing_frequency: 0, end_behavior: 'stop' },
    });
    expect(
      E.isLeft(refused) && refused.left._tag === 'ValidationFailed' ? refused.left.issues.map((i) => i.source) : [],
    ).to.deep.equal(['data.type']);
    const invalid = await offerings.updatePlan(storeId, offering.id, planCopy.id, {
      type: 'subscription_offering_plan',
      attributes: { billing_frequency: 0, end_behavior: 'stop' },
    });
    expect(
      E.isLeft(invalid) && invalid.left._tag === 'ValidationFailed' ? invalid.left.issues.map((i) => i.source) : [],
    ).to.deep.equal(['data.attributes.billing_frequency', 'data.attributes.end_behavior']);
    expect(right(await offerings.get(storeId, offering.id)).version).to.equal(offering.version + 1);
  });

  it('answers not found for an unknown offering or copy, after checking the body', async () => {
    const { offerings, storeId, offering, product } = await setup();
    const body = { type: 'subscription_offering_product', attributes: { name: 'House beans' } };
    expect(await offerings.updateProduct(storeId, UNKNOWN, offering.products[0]!.id, body)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }),
    );
    expect(await offerings.updateProduct(storeId, offering.id, product.id, body)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering product not found' }),
    );
    expect(
      await offerings.updateProduct(storeId, offering.id, 'x', {
        type: 'subscription_offering_product',
        attributes: { name: 'ab' },
      }),
    ).to.satisfy((r: E.Either<{ _tag: string }, unknown>) => E.isLeft(r) && r.left._tag === 'ValidationFailed');
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(offering);
  });
});

describe('offering copies: replace products', () => {
  it('holds fresh copies of exactly the given products, in order, freeing the ones let go', async () => {
    const { offerings, products, subscriptions, storeId, product, filters, offering } = await setup();
    const before = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    right(
      await offerings.updateProduct(storeId, offering.id, offering.products[1]!.id, {
        type: 'subscription_offering_product',
        attributes: { name: 'Edited filters' },
      }),
    );
    const grinder = right(await products.create(storeId, productData({ name: 'Grinder' })));
    const replaced = right(
      await offerings.replaceProducts(storeId, offering.id, { products: [grinder.id, filters.id, grinder.id] }),
    );
    expect(replaced.version).to.equal(offering.version + 2);
    expect(replaced.products.map((p) => [p.originId, p.attributes.name])).to.deep.equal([
      [grinder.id, 'Grinder'],
      [filters.id, 'Filters'],
    ]);
    expect(replaced.products.map((p) => p.id)).to.not.include.members(offering.products.map((p) => p.id));
    expect(replaced.plans).to.deep.equal(offering.plans);
    expect(await products.delete(storeId, product.id)).to.deep.equal(E.right(undefined));
    expect(
      right(await subscriptions.get(storeId, before.subscription.id, queryParams([]))).offering.products,
    ).to.deep.equal(offering.products);
  });

  it('refuses a bad body with 400 and unknown ids with a not-found naming them, changing nothing', async () => {
    const { offerings, storeId, offering } = await setup();
    expect(await offerings.replaceProducts(storeId, offering.id, { products: [] })).to.deep.equal(
      E.left({
        _tag: 'ValidationFailed',
        issues: [{ source: 'data.products', detail: 'must be a list of 1 to 100 ids' }],
      }),
    );
    expect(await offerings.replaceProducts(storeId, offering.id, { products: [UNKNOWN] })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: `subscription products not found: ${UNKNOWN}` }),
    );
    expect(await offerings.replaceProducts(storeId, UNKNOWN, { products: [UNKNOWN] })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }),
    );
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(offering);
  });
});

describe('offering copies: create with relationships', () => {
  const created = (relationships: unknown) => ({
    type: 'subscription_offering',
    attributes: { name: 'Tea club' },
    relationships,
  });

  it('copies the related products and plans, in order, once each', async () => {
    const { offerings, storeId, product, filters, yearly } = await setup();
    const offering = right(
      await offerings.create(
        storeId,
        created({
          products: {
            data: [
              { type: 'subscription_product', id: filters.id },
              { type: 'subscription_product', id: product.id },
              { type: 'x', id: filters.id },
            ],
          },
          plans: { data: [{ type: 'subscription_plan', id: yearly.id }] },
        }),
      ),
    );
    expect(offering.products.map((p) => p.originId)).to.deep.equal([filters.id, product.id]);
    expect(offering.plans.map((p) => [p.originId, p.attributes.name])).to.deep.equal([[yearly.id, 'Yearly']]);
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(offering);
    const empty = right(await offerings.create(storeId, created({ products: { data: [] } })));
    expect([empty.products, empty.plans]).to.deep.equal([[], []]);
  });

  it('lists every problem of the relationships beside those of the attributes', async () => {
    const { offerings, storeId } = await setup();
    const refused = await offerings.create(storeId, {
      type: 'subscription_offering',
      attributes: { name: 'ab' },
      relationships: { products: { data: [{ id: 'x' }, 'y'] }, plans: {} },
    });
    expect(
      E.isLeft(refused) && refused.left._tag === 'ValidationFailed' ? refused.left.issues.map((i) => i.source) : [],
    ).to.deep.equal([
      'data.attributes.name',
      'data.relationships.products.data.0.type',
      'data.relationships.products.data.0.id',
      'data.relationships.products.data.1',
      'data.relationships.plans.data',
    ]);
    const notObject = await offerings.create(storeId, created('plans'));
    expect(
      E.isLeft(notObject) && notObject.left._tag === 'ValidationFailed'
        ? notObject.left.issues.map((i) => i.source)
        : [],
    ).to.deep.equal(['data.relationships']);
  });

  it('names every related id the store does not have', async () => {
    const { offerings, storeId, product } = await setup();
    expect(
      await offerings.create(
        storeId,
        created({
          products: { data: [{ type: 'subscription_product', id: product.id }] },
          plans: { data: [{ type: 'subscription_plan', id: UNKNOWN }] },
        }),
      ),
    ).to.deep.equal(E.left({ _tag: 'NotFound', detail: `subscription plans not found: ${UNKNOWN}` }));
  });
});
