import { expect } from 'chai';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = Record<string, any> & { id: string };
type Doc = {
  data: Resource;
  included?: Record<string, Resource[]>;
  errors?: { status: string; source?: string; detail: string; code?: string }[];
};

const UNKNOWN = '11111111-1111-4111-8111-111111111111';

describe('HTTP: offering copies', () => {
  let api: TestApi;
  let product: Resource;
  let plan: Resource;
  let offering: Resource;

  const send = async (method: string, path: string, data?: unknown, token?: string) =>
    api.request(path, {
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      ...(token === undefined ? {} : { token }),
    });
  const json = async (response: Response) => (await response.json()) as Doc;
  const copyOf = (o: Resource, member: 'products' | 'plans', index = 0): string =>
    o['relationships'][member].data[index].id;

  beforeEach(async () => {
    api = await startTestApi();
    product = (await json(await send('POST', '/v2/subscriptions/products', productData({ external_ref: 'beans' }))))
      .data;
    plan = (await json(await send('POST', '/v2/subscriptions/plans', planData()))).data;
    const built = await send('POST', '/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.id],
      plans: [plan.id],
    });
    expect(built.status).to.equal(201);
    offering = (await json(built)).data;
  });
  afterEach(async () => api.close());

  describe('DELETE .../offerings/:id/products/:copyId and .../plans/:copyId', () => {
    it('detaches copies with 204, with and without /v2, and frees the originals for deletion', async () => {
      expect((await send('DELETE', `/v2/subscriptions/products/${product.id}`)).status).to.equal(409);
      expect(
        (await send('DELETE', `/v2/subscriptions/offerings/${offering.id}/products/${copyOf(offering, 'products')}`))
          .status,
      ).to.equal(204);
      expect(
        (await send('DELETE', `/subscriptions/offerings/${offering.id}/plans/${copyOf(offering, 'plans')}`)).status,
      ).to.equal(204);
      const read = (await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data;
      expect(read['relationships']).to.deep.equal({ products: { data: [] }, plans: { data: [] } });
      expect(read['meta'].external_product_refs).to.deep.equal([]);
      expect((await send('DELETE', `/v2/subscriptions/products/${product.id}`)).status).to.equal(204);
      expect((await send('DELETE', `/subscriptions/plans/${plan.id}`)).status).to.equal(204);
    });

    it('keeps what existing subscriptions show', async () => {
      const planCopy = copyOf(offering, 'plans');
      const created = await json(
        await send('POST', '/v2/subscriptions/subscriptions', subscriptionData(offering.id, planCopy)),
      );
      expect(
        (await send('DELETE', `/v2/subscriptions/offerings/${offering.id}/products/${copyOf(offering, 'products')}`))
          .status,
      ).to.equal(204);
      expect((await send('DELETE', `/v2/subscriptions/offerings/${offering.id}/plans/${planCopy}`)).status).to.equal(
        204,
      );
      const read = await json(
        await send('GET', `/v2/subscriptions/subscriptions/${created.data.id}?include=plans,products`),
      );
      expect(read.data['attributes'].offering.meta.external_product_refs).to.deep.equal(['beans']);
      expect(read.included?.['plans']?.map((p) => p.id)).to.deep.equal([planCopy]);
      expect(read.included?.['products']).to.have.length(1);
    });

    it('answers 404 for an unknown offering, a copy it does not hold, an original id and a malformed id', async () => {
      const cases = [
        [`${UNKNOWN}/products/${copyOf(offering, 'products')}`, 'subscription offering not found'],
        [`not-a-uuid/plans/${copyOf(offering, 'plans')}`, 'subscription offering not found'],
        [`${offering.id}/products/${product.id}`, 'subscription offering product not found'],
        [`${offering.id}/plans/${copyOf(offering, 'products')}`, 'subscription offering plan not found'],
        [`${offering.id}/products/not-a-uuid`, 'subscription offering product not found'],
      ] as const;
      for (const [path, detail] of cases) {
        const response = await send('DELETE', `/v2/subscriptions/offerings/${path}`);
        expect(response.status, path).to.equal(404);
        expect((await json(response)).errors?.[0]?.detail, path).to.equal(detail);
      }
      expect((await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data).to.deep.equal(
        offering,
      );
    });

    it('refuses implicit tokens with 403 and leaves the offering as it was', async () => {
      const implicit = await api.token('implicit');
      const response = await send(
        'DELETE',
        `/v2/subscriptions/offerings/${offering.id}/products/${copyOf(offering, 'products')}`,
        undefined,
        implicit,
      );
      expect(response.status).to.equal(403);
      expect((await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data).to.deep.equal(
        offering,
      );
    });
  });

  describe('PUT .../offerings/:id/products/:copyId and .../plans/:copyId', () => {
    it('changes the copy only, answering it; the plan copy is priced from the products', async () => {
      const productCopy = copyOf(offering, 'products');
      const response = await send('PUT', `/v2/subscriptions/offerings/${offering.id}/products/${productCopy}`, {
        id: productCopy,
        type: 'subscription_offering_product',
        attributes: { name: 'House beans', price: { USD: { amount: 2000 } }, external_ref: null },
      });
      expect(response.status).to.equal(200);
      const copy = (await json(response)).data;
      expect(copy).to.deep.include({ id: productCopy, type: 'subscription_offering_product' });
      expect(copy['attributes'])
        .to.deep.include({ name: 'House beans', price: { USD: { amount: 2000 } } })
        .and.not.have.property('external_ref');
      expect(
        (await json(await send('GET', `/v2/subscriptions/products/${product.id}`))).data['attributes'],
      ).to.deep.include({ name: 'Coffee beans', external_ref: 'beans' });
      const planResponse = await send(
        'PUT',
        `/subscriptions/offerings/${offering.id}/plans/${copyOf(offering, 'plans')}`,
        { type: 'subscription_offering_plan', attributes: { base_price_percentage: 50 } },
      );
      expect(planResponse.status).to.equal(200);
      expect((await json(planResponse)).data['meta'].price).to.deep.equal({
        USD: { amount: 1000, includes_tax: false },
      });
      const read = (await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data;
      expect(read['meta'].external_product_refs).to.deep.equal([]);
    });

    it('answers 400 naming each bad field, and leaves the copy as it was', async () => {
      const response = await send(
        'PUT',
        `/v2/subscriptions/offerings/${offering.id}/plans/${copyOf(offering, 'plans')}`,
        {
          type: 'subscription_offering_plan',
          attributes: { name: 'ab', billing_frequency: 0, can_cancel: 'yes' },
        },
      );
      expect(response.status).to.equal(400);
      expect((await json(response)).errors?.map((e) => e.source)).to.deep.equal([
        'data.attributes.name',
        'data.attributes.billing_frequency',
        'data.attributes.can_cancel',
      ]);
      const wrongType = await send(
        'PUT',
        `/v2/subscriptions/offerings/${offering.id}/products/${copyOf(offering, 'products')}`,
        { type: 'subscription_product', attributes: {} },
      );
      expect(wrongType.status).to.equal(400);
      expect((await json(wrongType)).errors?.map((e) => e.source)).to.deep.equal(['data.type']);
      expect((await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data).to.deep.equal(
        offering,
      );
    });

    it('answers 404 for an unknown offering or copy', async () => {
      const body = { type: 'subscription_offering_product', attributes: { name: 'House beans' } };
      expect(
        (await send('PUT', `/v2/subscriptions/offerings/${UNKNOWN}/products/${copyOf(offering, 'products')}`, body))
          .status,
      ).to.equal(404);
      expect(
        (await send('PUT', `/v2/subscriptions/offerings/${offering.id}/products/${product.id}`, body)).status,
      ).to.equal(404);
      expect(
        (
          await send('PUT', `/v2/subscriptions/offerings/${offering.id}/plans/${copyOf(offering, 'products')}`, {
            type: 'subscription_offering_plan',
            attributes: {},
          })
        ).status,
      ).to.equal(404);
    });
  });

  describe('include=plans,products on the offering list and a single offering', () => {
    it('embeds each copy once, only what was asked for, priced in the asked currency', async () => {
      const second = (
        await json(
          await send('POST', '/v2/subscriptions/offerings/build', {
            name: 'Tea club',
            products: [product.id],
            plans: [plan.id],
          }),
        )
      ).data;
      const list = await json(await send('GET', '/v2/subscriptions/offerings?include=plans,products', undefined));
      expect(list.data).to.have.length(2);
      expect(list.included?.['plans']?.map((p) => p.id)).to.have.members([
        copyOf(offering, 'plans'),
        copyOf(second, 'plans'),
      ]);
      expect(list.included?.['products']?.map((p) => p.id)).to.have.members([
        copyOf(offering, 'products'),
        copyOf(second, 'products'),
      ]);
      expect(list.included?.['plans']?.[0]?.['type']).to.equal('subscription_offering_plan');
      const plansOnly = await json(
        await send('GET', `/subscriptions/offerings?include=plans&filter=eq(external_ref,none)`),
      );
      expect(plansOnly.data).to.deep.equal([]);
      expect(plansOnly.included).to.deep.equal({ plans: [] });
      expect((await json(await send('GET', '/v2/subscriptions/offerings'))).included).to.equal(undefined);

      const one = await api.request(`/v2/subscriptions/offerings/${offering.id}?include=products`, {
        headers: { 'X-Moltin-Currency': 'EUR' },
      });
      const read = await json(one);
      expect(read.data).to.deep.equal(offering);
      expect(Object.keys(read.included ?? {})).to.deep.equal(['products']);
      expect(read.included?.['products']?.[0]).to.deep.include({
        id: copyOf(offering, 'products'),
        type: 'subscription_offering_product',
      });
      expect(read.included?.['products']?.[0]?.['meta'].display_price.without_tax).to.deep.include({
        currency: 'EUR',
        amount: 900,
      });
    });

    it('lets implicit tokens read them', async () => {
      const implicit = await api.token('implicit');
      expect(
        (await send('GET', `/v2/subscriptions/offerings/${offering.id}?include=plans,products`, undefined, implicit))
          .status,
      ).to.equal(200);
      expect((await send('GET', '/v2/subscriptions/offerings?include=plans', undefined, implicit)).status).to.equal(
        200,
      );
    });

    it('answers an unknown include with 400 listing the allowed ones', async () => {
      for (const path of [
        '/v2/subscriptions/offerings?include=plans,subscriptions',
        `/v2/subscriptions/offerings/${offering.id}?include=plans,subscriptions`,
      ]) {
        const response = await send('GET', path);
        expect(response.status, path).to.equal(400);
        const errors = (await json(response)).errors?.map(({ status, code, detail, source }) => ({
          status,
          code,
          detail,
          source,
        }));
        expect(errors, path).to.deep.equal([
          {
            status: '400',
            code: 'invalid_value',
            detail: "include unknown include 'subscriptions'; allowed: plans, products",
            source: 'include',
          },
        ]);
      }
      expect((await send('GET', `/v2/subscriptions/offerings/${UNKNOWN}?include=plans`)).status).to.equal(404);
    });
  });

  describe('PUT .../offerings/:id/products/replace', () => {
    it('answers the new product copies, with and without /v2, and frees the products let go', async () => {
      const grinder = (
        await json(
          await send('POST', '/v2/subscriptions/products', productData({ name: 'Grinder', external_ref: 'grinder' })),
        )
      ).data;
      for (const prefix of ['/v2', '']) {
        const response = await send('PUT', `${prefix}/subscriptions/offerings/${offering.id}/products/replace`, {
          products: [grinder.id],
        });
        expect(response.status, prefix).to.equal(200);
        const copies = (await response.json()) as { data: Resource[] };
        expect(
          copies.data.map((c) => [c['type'], c['attributes'].name, c['relationships'].origin.data.id]),
        ).to.deep.equal([['subscription_offering_product', 'Grinder', grinder.id]]);
      }
      const read = (await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data;
      expect(read['meta'].external_product_refs).to.deep.equal(['grinder']);
      expect((await send('DELETE', `/v2/subscriptions/products/${product.id}`)).status).to.equal(204);
      expect((await send('DELETE', `/v2/subscriptions/products/${grinder.id}`)).status).to.equal(409);
    });

    it('answers 400 for a bad list and 404 for unknown ids or offering, changing nothing', async () => {
      const bad = await send('PUT', `/v2/subscriptions/offerings/${offering.id}/products/replace`, {
        products: ['x', product.id],
      });
      expect(bad.status).to.equal(400);
      expect((await json(bad)).errors?.map((e) => e.source)).to.deep.equal(['data.products.0']);
      expect(
        (await send('PUT', `/v2/subscriptions/offerings/${offering.id}/products/replace`, { products: [UNKNOWN] }))
          .status,
      ).to.equal(404);
      expect(
        (await send('PUT', `/v2/subscriptions/offerings/${UNKNOWN}/products/replace`, { products: [product.id] }))
          .status,
      ).to.equal(404);
      expect((await json(await send('GET', `/v2/subscriptions/offerings/${offering.id}`))).data).to.deep.equal(
        offering,
      );
    });
  });

  describe('POST .../offerings with relationships', () => {
    it('creates the offering holding copies of the related products and plans', async () => {
      for (const prefix of ['/v2', '']) {
        const response = await send('POST', `${prefix}/subscriptions/offerings`, {
          type: 'subscription_offering',
          attributes: { name: 'Tea club' },
          relationships: {
            products: { data: [{ type: 'subscription_product', id: product.id }] },
            plans: { data: [{ type: 'subscription_plan', id: plan.id }] },
          },
        });
        expect(response.status, prefix).to.equal(201);
        const created = (await json(response)).data;
        expect(created['meta'].external_product_refs, prefix).to.deep.equal(['beans']);
        const plans = (await (await send('GET', `/v2/subscriptions/offerings/${created.id}/plans`)).json()) as {
          data: Resource[];
        };
        expect(
          plans.data.map((p) => [p.id, p['relationships'].origin.data.id]),
          prefix,
        ).to.deep.equal([[copyOf(created, 'plans'), plan.id]]);
      }
    });

    it('answers 400 naming each bad relationship field and 404 for ids the store does not have', async () => {
      const bad = await send('POST', '/v2/subscriptions/offerings', {
        type: 'subscription_offering',
        attributes: { name: 'Tea club' },
        relationships: { plans: { data: [{ type: 'subscription_plan', id: 'nope' }] } },
      });
      expect(bad.status).to.equal(400);
      expect((await json(bad)).errors?.map((e) => e.source)).to.deep.equal(['data.relationships.plans.data.0.id']);
      const unknown = await send('POST', '/v2/subscriptions/offerings', {
        type: 'subscription_offering',
        attributes: { name: 'Tea club' },
        relationships: { products: { data: [{ type: 'subscription_product', id: UNKNOWN }] } },
      });
      expect(unknown.status).to.equal(404);
      expect((await json(unknown)).errors?.[0]?.detail).to.equal(`subscription products not found: ${UNKNOWN}`);
      const list = (await (await send('GET', '/v2/subscriptions/offerings')).json()) as { data: Resource[] };
      expect(list.data.map((o) => o.id)).to.deep.equal([offering.id]);
    });
  });

  describe('filter=in(external_product_refs,...) on the offering list', () => {
    it('lists the offerings holding a product with one of the references, following edits of the copies', async () => {
      const grinder = (
        await json(
          await send('POST', '/v2/subscriptions/products', productData({ name: 'Grinder', external_ref: 'grinder' })),
        )
      ).data;
      const second = (
        await json(
          await send('POST', '/v2/subscriptions/offerings/build', {
            name: 'Gear club',
            products: [grinder.id],
            plans: [plan.id],
          }),
        )
      ).data;
      const listed = async (filter: string) =>
        (
          (await (await send('GET', `/v2/subscriptions/offerings?filter=${filter}`)).json()) as { data: Resource[] }
        ).data.map((o) => o.id);
      expect(await listed('in(external_product_refs,beans)')).to.deep.equal([offering.id]);
      expect(await listed('in(external_product_refs,grinder,beans)')).to.deep.equal([second.id, offering.id]);
      expect(await listed('in(external_product_refs,grinder):eq(external_ref,none)')).to.deep.equal([]);
      await send('PUT', `/v2/subscriptions/offerings/${offering.id}/products/${copyOf(offering, 'products')}`, {
        type: 'subscription_offering_product',
        attributes: { external_ref: 'grinder' },
      });
      expect(await listed('in(external_product_refs,beans)')).to.deep.equal([]);
      expect(await listed('in(external_product_refs,grinder)')).to.deep.equal([second.id, offering.id]);
    });

    it('answers eq on external_product_refs with a 400 saying only in is allowed', async () => {
      const response = await send('GET', '/v2/subscriptions/offerings?filter=eq(external_product_refs,beans)');
      expect(response.status).to.equal(400);
      const [error] = (await json(response)).errors ?? [];
      expect(error).to.deep.include({ code: 'invalid_filter', source: 'filter' });
      expect(error?.detail).to.contain("operator 'eq' is not allowed on field 'external_product_refs'");
    });
  });
});
