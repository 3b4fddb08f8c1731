import { expect } from 'chai';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { errorBody } from '../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../support/test-api.js';

type Resource = Record<string, any> & { id: string };
type Doc = { data: Resource; meta?: any; links?: any };
type ListDoc = { data: Resource[]; meta: any; links: any };

const SUBSCRIPTIONS = '/v2/subscriptions/subscriptions';
const UNKNOWN = '11111111-1111-4111-8111-111111111111';

describe('HTTP: managing one subscription', () => {
  let api: TestApi;
  let offering: Resource;
  let planId: string;

  const send = async (method: string, path: string, data?: unknown, token?: string) =>
    api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method, ...(token === undefined ? {} : { token }) });
  const json = async <D = Doc>(response: Response) => (await response.json()) as D;
  const subscribe = async (fields: Record<string, unknown> = {}) => {
    const response = await send('POST', SUBSCRIPTIONS, subscriptionData(offering.id, planId, fields));
    expect(response.status, await response.clone().text()).to.equal(201);
    return (await json(response)).data;
  };
  const act = (id: string, action: string) => send('POST', `${SUBSCRIPTIONS}/${id}/states`, { type: 'subscription_state', attributes: { action } });

  beforeEach(async () => {
    api = await startTestApi();
    const product = await json(await send('POST', '/v2/subscriptions/products', productData({ external_ref: 'beans' })));
    const plan = await json(await send('POST', '/v2/subscriptions/plans', planData()));
    const built = await send('POST', '/v2/subscriptions/offerings/build', { name: 'Coffee club', products: [product.data.id], plans: [plan.data.id] });
    expect(built.status).to.equal(201);
    offering = (await json(built)).data;
    planId = offering['relationships'].plans.data[0].id;
  });
  afterEach(async () => api.close());

  describe('DELETE /subscriptions/subscriptions/:id', () => {
    it('answers 204 with no body, with and without /v2; the subscription, its states and its place in the total are gone', async () => {
      const first = await subscribe();
      const second = await subscribe();
      expect((await act(first.id, 'pause')).status).to.equal(204);
      const deleted = await send('DELETE', `${SUBSCRIPTIONS}/${first.id}`);
      expect(deleted.status).to.equal(204);
      expect(await deleted.text()).to.equal('');
      expect((await send('DELETE', `/subscriptions/subscriptions/${second.id}`)).status).to.equal(204);
      for (const path of [`${SUBSCRIPTIONS}/${first.id}`, `${SUBSCRIPTIONS}/${first.id}/states`]) {
        const response = await api.request(path);
        expect(response.status, path).to.equal(404);
        expect((await errorBody(response)).errors[0]).to.include({ code: 'not_found', detail: 'subscription not found' });
      }
      const list = await json<ListDoc>(await api.request(SUBSCRIPTIONS));
      expect(list.data).to.deep.equal([]);
      expect(list.meta.results).to.deep.equal({ total: 0, total_method: 'exact' });
      const again = await subscribe();
      expect((await json<ListDoc>(await api.request(SUBSCRIPTIONS))).meta.results.total).to.equal(1);
      expect(again.attributes.offering.id).to.equal(offering.id);
    });

    it('answers 404 for an unknown, malformed or already deleted id, and 403 to implicit tokens', async () => {
      const subscription = await subscribe();
      const implicit = await api.token('implicit');
      expect((await send('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`, undefined, implicit)).status).to.equal(403);
      for (const id of [UNKNOWN, 'nope']) expect((await send('DELETE', `${SUBSCRIPTIONS}/${id}`)).status, id).to.equal(404);
      expect((await send('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`)).status).to.equal(204);
      expect((await send('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`)).status).to.equal(404);
    });

    it('deletes once when deletes and state changes race', async () => {
      const subscription = await subscribe();
      const statuses = await Promise.all([
        ...Array.from({ length: 3 }, () => send('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`)),
        ...Array.from({ length: 3 }, () => act(subscription.id, 'pause')),
      ]).then((responses) => responses.map((r) => r.status));
      expect(statuses.slice(0, 3).filter((s) => s === 204)).to.have.length(1);
      expect(statuses.slice(0, 3).filter((s) => s === 404)).to.have.length(2);
      expect(statuses.slice(3).every((s) => s === 204 || s === 404 || s === 422), String(statuses)).to.equal(true);
      expect((await json<ListDoc>(await api.request(SUBSCRIPTIONS))).meta.results.total).to.equal(0);
    });
  });

  describe('GET /subscriptions/subscriptions/:id/states/:state_id', () => {
    it("answers one state change as the history lists it, with and without /v2; 404 through another subscription", async () => {
      const subscription = await subscribe();
      const sibling = await subscribe();
      expect((await act(subscription.id, 'pause')).status).to.equal(204);
      expect((await act(subscription.id, 'resume')).status).to.equal(204);
      const history = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/states`));
      for (const [n, prefix] of [[0, '/v2'], [1, '']] as const) {
        const state = history.data[n]!;
        const response = await api.request(`${prefix}/subscriptions/subscriptions/${subscription.id}/states/${state.id}`);
        expect(response.status).to.equal(200);
        expect((await json(response)).data).to.deep.equal(state);
      }
      for (const path of [
        `${SUBSCRIPTIONS}/${sibling.id}/states/${history.data[0]!.id}`,
        `${SUBSCRIPTIONS}/${subscription.id}/states/${UNKNOWN}`,
        `${SUBSCRIPTIONS}/${subscription.id}/states/nope`,
        `${SUBSCRIPTIONS}/${UNKNOWN}/states/${history.data[0]!.id}`,
      ]) {
        const response = await api.request(path);
        expect(response.status, path).to.equal(404);
        expect((await errorBody(response)).errors[0], path).to.include({ code: 'not_found', detail: 'subscription state not found' });
      }
      const implicit = await api.token('implicit');
      expect((await api.request(`${SUBSCRIPTIONS}/${subscription.id}/states/${history.data[0]!.id}`, { token: implicit })).status).to.equal(403);
    });
  });

  describe('GET /subscriptions/subscriptions/:id/plans and /products', () => {
    it("lists the subscription's plans with meta.active_plan on the one it is on, and its products, paged", async () => {
      const yearly = await json(await send('POST', '/v2/subscriptions/plans', planData({ name: 'Yearly', billing_interval_type: 'year', fixed_price: { USD: { amount: 9000 } } })));
      const attached = await json<ListDoc>(await send('POST', `/v2/subscriptions/offerings/${offering.id}/plans/attach`, { plans: [yearly.data.id] }));
      const yearlyCopy = attached.data.find((p) => p['relationships'].origin.data.id === yearly.data.id)!;
      const subscription = await subscribe({ plan_id: yearlyCopy.id });
      for (const prefix of ['/v2', '']) {
        const plans = await json<ListDoc>(await api.request(`${prefix}/subscriptions/subscriptions/${subscription.id}/plans`, { headers: { 'X-Moltin-Currency': 'EUR' } }));
        expect(plans.data.map((p) => [p.id, p['meta'].active_plan])).to.deep.equal([
          [planId, null],
          [yearlyCopy.id, true],
        ]);
        expect(plans.data[0]!['meta'].price).to.deep.equal({ USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: false } });
        expect(plans.data[1]!['meta'].price.USD).to.deep.equal({ amount: 9000 });
        expect(plans.data[1]!['meta'].display_price.without_tax).to.deep.equal({ amount: 900, currency: 'EUR', formatted: '€9.00' });
        expect(plans.meta.results).to.deep.equal({ total: 2, total_method: 'exact' });
      }
      const page = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/plans?page[limit]=1&page[offset]=1`));
      expect(page.data.map((p) => p.id)).to.deep.equal([yearlyCopy.id]);
      expect(page.links.prev).to.match(/\/plans\?page%5Boffset%5D=0&page%5Blimit%5D=1$/);
      const products = await json<ListDoc>(await api.request(`/subscriptions/subscriptions/${subscription.id}/products`));
      expect(products.data.map((p) => [p['type'], p['attributes'].name, p['attributes'].external_ref])).to.deep.equal([['subscription_offering_product', 'Coffee beans', 'beans']]);
    });

    it('answers 404 for an unknown subscription, 400 for bad paging and 403 to implicit tokens', async () => {
      const subscription = await subscribe();
      const implicit = await api.token('implicit');
      for (const list of ['plans', 'products']) {
        expect((await api.request(`${SUBSCRIPTIONS}/${UNKNOWN}/${list}`)).status, list).to.equal(404);
        expect((await api.request(`${SUBSCRIPTIONS}/nope/${list}`)).status, list).to.equal(404);
        const bad = await api.request(`${SUBSCRIPTIONS}/${subscription.id}/${list}?page[limit]=101`);
        expect(bad.status, list).to.equal(400);
        expect((await errorBody(bad)).errors[0]).to.include({ source: 'page[limit]' });
        expect((await api.request(`${SUBSCRIPTIONS}/${subscription.id}/${list}`, { token: implicit })).status, list).to.equal(403);
      }
    });
  });
});
