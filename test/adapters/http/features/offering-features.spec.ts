import { expect } from 'chai';
import { epccContract } from '../../../support/epcc-contract.js';
import { PLAN_ATTRIBUTES } from '../../../support/subscription-builders.js';
import { subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

/** An answer's resource, read loosely: `call` holds every answer to EPCC's schema for its operation. */
type Resource = any;

const V2025 = '/generations/2025/v2/subscriptions';
const V2024 = '/generations/2024/v2/subscriptions';
const UNKNOWN = '11111111-1111-4111-8111-111111111111';

const access = { name: 'Digital library', external_ref: 'library', configuration: { type: 'access', tag: 'library' } };
const deals = {
  name: 'Deals',
  external_ref: 'deals',
  configuration: {
    type: 'promotion',
    promotions: [
      { name: 'Ten off', tag: 'ten_off' },
      { name: 'Free shipping', tag: 'free_shipping' },
    ],
  },
};
const seats = { name: 'Seats', configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 5 } };

/**
 * Features inside offerings and subscriptions over a real socket, on the 2025 wire: each answer held to EPCC's
 * 2026-10 operation of the same name (and, by the test API, to our own document).
 */
describe('HTTP: features inside offerings and subscriptions (the 2025 generation)', () => {
  let api: TestApi;

  const call = async (operationId: string | undefined, method: string, path: string, data?: unknown) => {
    const response = await api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
    const text = await response.clone().text();
    if (operationId !== undefined && response.status < 300) {
      const problems = epccContract().problemsAs(operationId, {
        method,
        path,
        status: response.status,
        header: (name) => response.headers.get(name),
        body: text,
      });
      expect(problems, problems).to.equal(undefined);
    }
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) } as {
      status: number;
      body: Resource;
    };
  };
  const expectStatus = (answer: { status: number; body: Resource }, status: number) => {
    expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
    return answer.body;
  };
  const storeFeature = async (attributes: object) =>
    expectStatus(
      await call('CreateFeature', 'POST', `${V2025}/features`, { type: 'subscription_feature', attributes }),
      201,
    ).data as Resource;
  const build = async (fields: Record<string, unknown> = {}) =>
    expectStatus(
      await call('BuildOffering', 'POST', `${V2025}/offerings/build`, {
        name: 'Reading club',
        plans: [
          { name: 'Gold', external_ref: 'gold', price: { USD: { amount: 1000 } } },
          { name: 'Silver', external_ref: 'silver', price: { USD: { amount: 500 } } },
        ],
        pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly' }],
        ...fields,
      }),
      201,
    ).data as Resource;

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('builds an offering with store features by id and external_ref and one made inline, configured per plan', async () => {
    const library = await storeFeature(access);
    await storeFeature(deals);
    const offering = await build({
      features: [library.id, 'deals', seats],
      plans: [
        {
          name: 'Gold',
          external_ref: 'gold',
          price: { USD: { amount: 1000 } },
          feature_configurations: { [library.id]: { type: 'access' }, deals: { type: 'promotion', tag: 'ten_off' } },
        },
        { name: 'Silver', external_ref: 'silver', price: { USD: { amount: 500 } } },
      ],
      pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly', external_ref: 'monthly' }],
      configured_features: { silver: { library: { type: 'access' } } },
    });
    const read = expectStatus(
      await call('GetOffering', 'GET', `${V2025}/offerings/${offering.id}?include=plans,features`),
      200,
    );
    const features: Resource[] = read.included.features;
    expect(features.map((f) => [f.type, f.attributes.name])).to.deep.equal([
      ['subscription_offering_feature', 'Digital library'],
      ['subscription_offering_feature', 'Deals'],
      ['subscription_offering_feature', 'Seats'],
    ]);
    const [libraryCopy, dealsCopy] = features;
    expect(libraryCopy.id, 'the offering holds a copy, under its own id').not.to.equal(library.id);
    const [gold, silver] = read.included.plans;
    expect(gold.attributes.feature_configurations).to.deep.equal({
      [libraryCopy.id]: { type: 'access' },
      [dealsCopy.id]: { type: 'promotion', tag: 'ten_off' },
    });
    expect(silver.attributes.feature_configurations).to.deep.equal({ [libraryCopy.id]: { type: 'access' } });
  });

  it('refuses a build whose plans configure what its features do not offer, and a feature named twice by external_ref', async () => {
    await storeFeature(deals);
    const misfit = await call(undefined, 'POST', `${V2025}/offerings/build`, {
      name: 'Reading club',
      features: ['deals', seats],
      plans: [
        {
          name: 'Gold',
          external_ref: 'gold',
          feature_configurations: {
            deals: { type: 'promotion', tag: 'half_off' },
            seats: { type: 'usage', default_value: 2 },
          },
        },
      ],
      pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly' }],
    });
    // The made usage feature has no external_ref, so `seats` names nothing; the promotion has no such tag.
    expect(expectStatus(misfit, 400).errors.map((e: Resource) => e.source)).to.deep.equal([
      'data.plans.0.feature_configurations.deals',
      'data.plans.0.feature_configurations.seats',
    ]);
    const twice = await call(undefined, 'POST', `${V2025}/offerings/build`, {
      name: 'Reading club',
      features: ['deals', { ...access, external_ref: 'deals' }],
      plans: [{ name: 'Gold' }],
      pricing_options: [{ ...PLAN_ATTRIBUTES, name: 'Monthly' }],
    });
    expect(expectStatus(twice, 409).errors[0].code).to.equal('external_ref_taken');
    expect(expectStatus(await call(undefined, 'GET', `${V2025}/offerings`), 200).data).to.deep.equal([]);
  });

  it('creates, attaches, lists, reads, changes and removes the features of an offering', async () => {
    const offering = await build();
    const path = `${V2025}/offerings/${offering.id}/features`;
    const made = expectStatus(
      await call('CreateOfferingFeature', 'POST', path, { type: 'subscription_offering_feature', attributes: seats }),
      201,
    ).data;
    expect(made).to.include({ type: 'subscription_offering_feature' });
    expect(made.attributes).to.deep.equal(seats);

    const library = await storeFeature(access);
    const promotion = await storeFeature(deals);
    const attached = expectStatus(
      await call('AttachOfferingFeature', 'POST', `${path}/attach`, { features: [library.id, 'deals'] }),
      200,
    ).data;
    expect(attached.map((f: Resource) => f.attributes.name)).to.deep.equal(['Seats', 'Digital library', 'Deals']);
    const again = expectStatus(
      await call('AttachOfferingFeature', 'POST', `${path}/attach`, { features: [promotion.id] }),
      200,
    ).data;
    expect(again, 'a feature held already is not copied again').to.deep.equal(attached);

    const listed = expectStatus(await call('ListOfferingFeatures', 'GET', `${path}?page[limit]=2`), 200);
    expect(listed.data.map((f: Resource) => f.id)).to.deep.equal(attached.slice(0, 2).map((f: Resource) => f.id));
    expect(listed.meta.results.total).to.equal(3);
    const libraryCopy = attached[1];
    expect(expectStatus(await call('GetOfferingFeature', 'GET', `${path}/${libraryCopy.id}`), 200).data).to.deep.equal(
      libraryCopy,
    );

    const changed = expectStatus(
      await call('UpdateOfferingFeature', 'PUT', `${path}/${libraryCopy.id}`, {
        id: libraryCopy.id,
        type: 'subscription_offering_feature',
        attributes: { name: 'Library and archive', description: 'Every issue' },
      }),
      200,
    ).data;
    expect(changed.attributes).to.deep.equal({ ...access, name: 'Library and archive', description: 'Every issue' });
    const original = expectStatus(await call('GetFeature', 'GET', `${V2025}/features/${library.id}`), 200).data;
    expect(original.attributes, "the store's feature is left as it was").to.deep.equal(access);

    expect((await call('DeleteOfferingFeature', 'DELETE', `${path}/${made.id}`)).status).to.equal(204);
    expect((await call(undefined, 'GET', `${path}/${made.id}`)).status).to.equal(404);
    expect(expectStatus(await call('ListOfferingFeatures', 'GET', path), 200).data).to.have.length(2);
  });

  it('answers 404 for an unknown offering, feature or store feature, and 400 for bad input', async () => {
    const offering = await build();
    const path = `${V2025}/offerings/${offering.id}/features`;
    for (const [method, at, data] of [
      ['GET', `${V2025}/offerings/${UNKNOWN}/features`, undefined],
      ['GET', `${path}/${UNKNOWN}`, undefined],
      ['GET', `${path}/not-a-uuid`, undefined],
      ['PUT', `${path}/${UNKNOWN}`, { type: 'subscription_offering_feature', attributes: { name: 'Other' } }],
      ['DELETE', `${path}/${UNKNOWN}`, undefined],
      ['POST', `${V2025}/offerings/${UNKNOWN}/features`, { type: 'subscription_offering_feature', attributes: seats }],
    ] as const)
      expect((await call(undefined, method, at, data)).status, `${method} ${at}`).to.equal(404);
    const unknown = expectStatus(
      await call(undefined, 'POST', `${path}/attach`, { features: [UNKNOWN, 'nothing'] }),
      404,
    );
    expect(unknown.errors[0].detail).to.equal(`subscription features not found: ${UNKNOWN}, nothing`);

    const invalid = expectStatus(
      await call(undefined, 'POST', path, {
        type: 'subscription_offering_feature',
        attributes: { name: 'ab', configuration: { type: 'access', tag: 'a b' } },
      }),
      400,
    );
    expect(invalid.errors.map((e: Resource) => e.source)).to.deep.equal([
      'data.attributes.name',
      'data.attributes.configuration.tag',
    ]);
    expect(
      expectStatus(await call(undefined, 'POST', `${path}/attach`, { features: [] }), 400).errors[0].source,
    ).to.equal('data.features');
    const wrongType = await call(undefined, 'POST', path, { type: 'subscription_feature', attributes: seats });
    expect(expectStatus(wrongType, 400).errors[0].source).to.equal('data.type');
  });

  it("configures features on a plan, checks them against the offering's, and keeps them consistent as features change", async () => {
    const offering = await build();
    const path = `${V2025}/offerings/${offering.id}`;
    const feature = async (attributes: object) =>
      expectStatus(
        await call('CreateOfferingFeature', 'POST', `${path}/features`, {
          type: 'subscription_offering_feature',
          attributes,
        }),
        201,
      ).data;
    const [library, promotion, usage] = [await feature(access), await feature(deals), await feature(seats)];
    const plan = expectStatus(
      await call('CreateOfferingPlan', 'POST', `${path}/plans`, {
        type: 'subscription_offering_plan',
        attributes: {
          name: 'Platinum',
          feature_configurations: {
            [library.id]: { type: 'access' },
            [promotion.id]: { type: 'promotion', tag: 'free_shipping' },
          },
        },
      }),
      201,
    ).data;
    expect(Object.keys(plan.attributes.feature_configurations)).to.deep.equal([library.id, promotion.id]);

    const refused = expectStatus(
      await call(undefined, 'PUT', `${path}/plans/${plan.id}`, {
        type: 'subscription_offering_plan',
        attributes: {
          feature_configurations: {
            [usage.id]: { type: 'access' },
            [promotion.id]: { type: 'promotion', tag: 'half_off' },
            [UNKNOWN]: { type: 'access' },
          },
        },
      }),
      400,
    );
    const S = 'data.attributes.feature_configurations';
    expect(refused.errors.map((e: Resource) => e.source)).to.have.members([
      `${S}.${usage.id}`,
      `${S}.${promotion.id}`,
      `${S}.${UNKNOWN}`,
    ]);

    const updated = expectStatus(
      await call('UpdateOfferingPlan', 'PUT', `${path}/plans/${plan.id}`, {
        type: 'subscription_offering_plan',
        attributes: {
          feature_configurations: { [library.id]: null, [usage.id]: { type: 'usage', default_value: 20 } },
        },
      }),
      200,
    ).data;
    expect(updated.attributes.feature_configurations, 'changed feature by feature').to.deep.equal({
      [promotion.id]: { type: 'promotion', tag: 'free_shipping' },
      [usage.id]: { type: 'usage', default_value: 20 },
    });

    // A change of the feature that the plan's configuration would no longer fit is a 409 naming the plan.
    const narrowed = expectStatus(
      await call(undefined, 'PUT', `${path}/features/${promotion.id}`, {
        type: 'subscription_offering_feature',
        attributes: { configuration: { type: 'promotion', promotions: [{ name: 'Ten off', tag: 'ten_off' }] } },
      }),
      409,
    );
    expect(narrowed.errors[0]).to.include({ code: 'in_use' });
    expect(narrowed.errors[0].detail).to.contain(plan.id);
    const retyped = await call(undefined, 'PUT', `${path}/features/${usage.id}`, {
      type: 'subscription_offering_feature',
      attributes: { configuration: { type: 'access', tag: 'seats' } },
    });
    expect(expectStatus(retyped, 409).errors[0].code).to.equal('in_use');
    const taken = await call(undefined, 'PUT', `${path}/features/${usage.id}`, {
      type: 'subscription_offering_feature',
      attributes: { external_ref: 'library' },
    });
    expect(expectStatus(taken, 409).errors[0].code).to.equal('external_ref_taken');

    // Removing a feature takes the plans' configurations of it along.
    expect((await call('DeleteOfferingFeature', 'DELETE', `${path}/features/${promotion.id}`)).status).to.equal(204);
    const after = expectStatus(await call('GetOfferingPlan', 'GET', `${path}/plans/${plan.id}`), 200).data;
    expect(after.attributes.feature_configurations).to.deep.equal({ [usage.id]: { type: 'usage', default_value: 20 } });
  });

  it("lists and reads a subscription's features from its snapshot, whatever the offering holds later", async () => {
    const offering = await build({ features: [seats] });
    const read = expectStatus(
      await call('GetOffering', 'GET', `${V2025}/offerings/${offering.id}?include=plans,pricing_options,features`),
      200,
    );
    const [gold] = read.included.plans;
    const [monthly] = read.included.pricing_options;
    const [usage] = read.included.features;
    const subscription = expectStatus(
      await call(
        'CreateSubscription',
        'POST',
        `${V2025}/subscriptions`,
        subscriptionData(offering.id, gold.id, {
          pricing_option_id: monthly.id,
          payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_1', card_id: 'card_1' },
        }),
      ),
      201,
    ).data;
    expect(
      (await call('DeleteOfferingFeature', 'DELETE', `${V2025}/offerings/${offering.id}/features/${usage.id}`)).status,
    ).to.equal(204);

    const path = `${V2025}/subscriptions/${subscription.id}/features`;
    const listed = expectStatus(await call('ListSubscriptionFeatures', 'GET', path), 200);
    expect(listed.data).to.deep.equal([usage]);
    expect(expectStatus(await call('GetSubscriptionFeature', 'GET', `${path}/${usage.id}`), 200).data).to.deep.equal(
      usage,
    );
    expect((await call(undefined, 'GET', `${path}/${UNKNOWN}`)).status).to.equal(404);
    expect((await call(undefined, 'GET', `${V2025}/subscriptions/${UNKNOWN}/features`)).status).to.equal(404);
  });

  it('refuses, through the 2024 wire, a replace of products that would drop their feature configurations; a partial update keeps them', async () => {
    const library = await storeFeature(access);
    const offering = await build({
      features: [library.id],
      configured_features: { gold: { [library.id]: { type: 'access' } } },
    });
    const product = expectStatus(
      await call(undefined, 'POST', `${V2024}/products`, {
        type: 'subscription_product',
        attributes: { name: 'Mug', price: { USD: { amount: 300 } } },
      }),
      201,
    ).data;
    const replaced = await call(undefined, 'PUT', `${V2024}/offerings/${offering.id}/products/replace`, {
      products: [product.id],
    });
    const conflict = expectStatus(replaced, 409).errors[0];
    expect(conflict.code).to.equal('generation_mismatch');
    expect(conflict.detail).to.contain('feature_configurations');
    const plans = expectStatus(
      await call('ListOfferingPlans', 'GET', `${V2025}/offerings/${offering.id}/plans`),
      200,
    ).data;
    expect(
      plans.map((p: Resource) => p.attributes.name),
      'nothing was replaced',
    ).to.deep.equal(['Gold', 'Silver']);

    // The 2024 wire shows the copy without what it cannot carry, and its partial update leaves that as it was.
    const gold = plans[0];
    const edited = expectStatus(
      await call(undefined, 'PUT', `${V2024}/offerings/${offering.id}/products/${gold.id}`, {
        type: 'subscription_offering_product',
        attributes: { name: 'Gold edition' },
      }),
      200,
    ).data;
    expect(edited.attributes).not.to.have.property('feature_configurations');
    const after = expectStatus(
      await call('GetOfferingPlan', 'GET', `${V2025}/offerings/${offering.id}/plans/${gold.id}`),
      200,
    ).data;
    expect(after.attributes.name).to.equal('Gold edition');
    expect(Object.values(after.attributes.feature_configurations)).to.deep.equal([{ type: 'access' }]);

    // Without configurations, the same replace goes through.
    const plain = await build();
    expect(
      (await call(undefined, 'PUT', `${V2024}/offerings/${plain.id}/products/replace`, { products: [product.id] }))
        .status,
    ).to.equal(200);
  });

  it('is not there under the 2024 generation', async () => {
    const offering = await build();
    for (const path of [`${V2024}/offerings/${offering.id}/features`, `${V2024}/subscriptions/${UNKNOWN}/features`])
      expect((await call(undefined, 'GET', path)).status, path).to.equal(404);
  });
});
