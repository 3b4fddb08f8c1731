import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { queryParams } from '../../src/domain/query/query-params.js';
import { planData, productData, right, subscriptionCore, subscriptionData } from '../support/subscription-core.js';

const setup = async () => {
  const core = await subscriptionCore();
  const product = right(await core.products.create(core.storeId, productData({ external_ref: 'beans' })));
  const filters = right(await core.products.create(core.storeId, productData({ name: 'Filters', external_ref: 'filters' })));
  const plan = right(await core.plans.create(core.storeId, planData()));
  const yearly = right(await core.plans.create(core.storeId, planData({ name: 'Yearly', billing_interval_type: 'year' })));
  const offering = right(await core.offerings.build(core.storeId, { name: 'Coffee club', products: [product.id, filters.id], plans: [plan.id, yearly.id] }));
  return { ...core, product, filters, plan, yearly, offering };
};

const UNKNOWN = '11111111-1111-4111-8111-111111111111';

describe('offering copies: detach', () => {
  it("removes a product copy in a new version; subscriptions keep the version they were made from", async () => {
    const { offerings, subscriptions, storeId, offering } = await setup();
    const before = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    expect(await offerings.detachProduct(storeId, offering.id, offering.products[0]!.id)).to.deep.equal(E.right(undefined));
    const read = right(await offerings.get(storeId, offering.id));
    expect(read.version).to.equal(offering.version + 1);
    expect(read.products.map((p) => p.id)).to.deep.equal([offering.products[1]!.id]);
    expect(right(await subscriptions.get(storeId, before.subscription.id, queryParams([]))).offering.products).to.deep.equal(offering.products);
    const after = right(await subscriptions.create(storeId, subscriptionData(offering.id, offering.plans[0]!.id)));
    expect(after.offering.products.map((p) => p.id)).to.deep.equal([offering.products[1]!.id]);
  });

  it('frees the original once the last offering holding a copy lets it go', async () => {
    const { offerings, products, plans, storeId, product, plan, offering } = await setup();
    const second = right(await offerings.build(storeId, { name: 'Second club', products: [product.id], plans: [plan.id] }));
    right(await offerings.detachProduct(storeId, offering.id, offering.products[0]!.id));
    expect(await products.delete(storeId, product.id)).to.deep.equal(E.left({ _tag: 'Conflict', detail: 'the product is used by an offering', code: 'in_use' }));
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
    expect(await offerings.detachProduct(storeId, UNKNOWN, offering.products[0]!.id)).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }));
    expect(await offerings.detachProduct(storeId, 'not-a-uuid', offering.products[0]!.id)).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'subscription offering not found' }));
    expect(await offerings.detachProduct(storeId, offering.id, product.id)).to.deep.equal(E.left(copyMissing));
    expect(await offerings.detachProduct(storeId, offering.id, 'nope')).to.deep.equal(E.left(copyMissing));
    expect(await offerings.detachPlan(storeId, offering.id, offering.products[0]!.id)).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'subscription offering plan not found' }));
    expect(right(await offerings.get(storeId, offering.id))).to.deep.equal(offering);
  });
});
