import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

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
    api.request(path, {
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      ...(token === undefined ? {} : { token }),
    });
  const json = async <D = Doc>(response: Response) => (await response.json()) as D;
  const subscribe = async (fields: Record<string, unknown> = {}) => {
    const response = await send('POST', SUBSCRIPTIONS, subscriptionData(offering.id, planId, fields));
    expect(response.status, await response.clone().text()).to.equal(201);
    return (await json(response)).data;
  };
  const act = (id: string, action: string) =>
    send('POST', `${SUBSCRIPTIONS}/${id}/states`, { type: 'subscription_state', attributes: { action } });

  beforeEach(async () => {
    api = await startTestApi();
    const product = await json(
      await send('POST', '/v2/subscriptions/products', productData({ external_ref: 'beans' })),
    );
    const plan = await json(await send('POST', '/v2/subscriptions/plans', planData()));
    const built = await send('POST', '/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.data.id],
      plans: [plan.data.id],
    });
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
        expect((await errorBody(response)).errors[0]).to.include({
          code: 'not_found',
          detail: 'subscription not found',
        });
      }
      const list = await json<ListDoc>(await api.request(SUBSCRIPTIONS));
      expect(list.data).to.deep.equal([]);
      expect(list.meta.results).to.deep.equal({ total: 0, total_method: 'exact' });
      const again = await subscribe();
      expect((await json<ListDoc>(await api.request(SUBSCRIPTIONS))).meta.results.total).to.equal(1);
      expect(again['attributes'].offering.id).to.equal(offering.id);
    });

    it('answers 404 for an unknown, malformed or already deleted id, and 403 to implicit tokens', async () => {
      const subscription = await subscribe();
      const implicit = await api.token('implicit');
      expect((await send('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`, undefined, implicit)).status).to.equal(403);
      for (const id of [UNKNOWN, 'nope'])
        expect((await send('DELETE', `${SUBSCRIPTIONS}/${id}`)).status, id).to.equal(404);
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
      expect(
        statuses.slice(3).every((s) => s === 204 || s === 404 || s === 422),
        String(statuses),
      ).to.equal(true);
      expect((await json<ListDoc>(await api.request(SUBSCRIPTIONS))).meta.results.total).to.equal(0);
    });
  });

  describe('GET /subscriptions/subscriptions/:id/states/:state_id', () => {
    it('answers one state change as the history lists it, with and without /v2; 404 through another subscription', async () => {
      const subscription = await subscribe();
      const sibling = await subscribe();
      expect((await act(subscription.id, 'pause')).status).to.equal(204);
      expect((await act(subscription.id, 'resume')).status).to.equal(204);
      const history = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/states`));
      for (const [n, prefix] of [
        [0, '/v2'],
        [1, ''],
      ] as const) {
        const state = history.data[n]!;
        const response = await api.request(
          `${prefix}/subscriptions/subscriptions/${subscription.id}/states/${state.id}`,
        );
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
        expect((await errorBody(response)).errors[0], path).to.include({
          code: 'not_found',
          detail: 'subscription state not found',
        });
      }
      const implicit = await api.token('implicit');
      expect(
        (await api.request(`${SUBSCRIPTIONS}/${subscription.id}/states/${history.data[0]!.id}`, { token: implicit }))
          .status,
      ).to.equal(403);
    });
  });

  describe('GET /subscriptions/subscriptions/:id/plans and /products', () => {
    it("lists the subscription's plans with meta.active_plan on the one it is on, and its products, paged", async () => {
      const yearly = await json(
        await send(
          'POST',
          '/v2/subscriptions/plans',
          planData({ name: 'Yearly', billing_interval_type: 'year', fixed_price: { USD: { amount: 9000 } } }),
        ),
      );
      const attached = await json<ListDoc>(
        await send('POST', `/v2/subscriptions/offerings/${offering.id}/plans/attach`, { plans: [yearly.data.id] }),
      );
      const yearlyCopy = attached.data.find((p) => p['relationships'].origin.data.id === yearly.data.id)!;
      const subscription = await subscribe({ plan_id: yearlyCopy.id });
      for (const prefix of ['/v2', '']) {
        const plans = await json<ListDoc>(
          await api.request(`${prefix}/subscriptions/subscriptions/${subscription.id}/plans`, {
            headers: { 'X-Moltin-Currency': 'EUR' },
          }),
        );
        expect(plans.data.map((p) => [p.id, p['meta'].active_plan])).to.deep.equal([
          [planId, null],
          [yearlyCopy.id, true],
        ]);
        expect(plans.data[0]!['meta'].price).to.deep.equal({
          USD: { amount: 1000, includes_tax: false },
          EUR: { amount: 900, includes_tax: false },
        });
        expect(plans.data[1]!['meta'].price.USD).to.deep.equal({ amount: 9000 });
        expect(plans.data[1]!['meta'].display_price.without_tax).to.deep.equal({
          amount: 900,
          currency: 'EUR',
          formatted: '€9.00',
        });
        expect(plans.meta.results).to.deep.equal({ total: 2, total_method: 'exact' });
      }
      const page = await json<ListDoc>(
        await api.request(`${SUBSCRIPTIONS}/${subscription.id}/plans?page[limit]=1&page[offset]=1`),
      );
      expect(page.data.map((p) => p.id)).to.deep.equal([yearlyCopy.id]);
      expect(page.links.prev).to.match(/\/plans\?page%5Boffset%5D=0&page%5Blimit%5D=1$/);
      const products = await json<ListDoc>(
        await api.request(`/subscriptions/subscriptions/${subscription.id}/products`),
      );
      expect(products.data.map((p) => [p['type'], p['attributes'].name, p['attributes'].external_ref])).to.deep.equal([
        ['subscription_offering_product', 'Coffee beans', 'beans'],
      ]);
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
        expect(
          (await api.request(`${SUBSCRIPTIONS}/${subscription.id}/${list}`, { token: implicit })).status,
          list,
        ).to.equal(403);
      }
    });
  });

  describe('PUT /subscriptions/subscriptions/:id', () => {
    const update = (id: string, attributes: Record<string, unknown>, prefix = '/v2') =>
      send('PUT', `${prefix}/subscriptions/subscriptions/${id}`, { id, type: 'subscription', attributes });
    const attachPlan = async (attributes: Record<string, unknown>) => {
      const plan = await json(await send('POST', '/v2/subscriptions/plans', planData(attributes)));
      const attached = await json<ListDoc>(
        await send('POST', `/v2/subscriptions/offerings/${offering.id}/plans/attach`, { plans: [plan.data.id] }),
      );
      return attached.data.find((p) => p['relationships'].origin.data.id === plan.data.id)!.id;
    };

    it('updates partially, with and without /v2, and answers the subscription; null clears', async () => {
      const subscription = await subscribe({ external_ref: 'ref-1' });
      const renamed = await update(subscription.id, {
        name: 'Grace Hopper',
        external_ref: null,
        address_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f61',
      });
      expect(renamed.status).to.equal(200);
      const { data } = await json(renamed);
      expect(data['attributes']).to.deep.include({
        name: 'Grace Hopper',
        email: 'ada@example.com',
        plan_id: planId,
        address_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f61',
      });
      expect(data['attributes']).not.to.have.property('external_ref');
      expect(data['meta'].timestamps.updated_at >= data['meta'].timestamps.created_at).to.equal(true);
      const again = await update(
        subscription.id,
        { email: 'grace@example.com', payment_authority: { type: 'platform_payments_processor', card_id: 'card_9' } },
        '',
      );
      expect(again.status).to.equal(200);
      const read = (await json(await api.request(`${SUBSCRIPTIONS}/${subscription.id}`))).data;
      expect(read['attributes']).to.deep.include({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        payment_authority: { type: 'platform_payments_processor', card_id: 'card_9' },
      });
      const found = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}?filter=eq(email,grace@example.com)`));
      expect(found.data.map((s) => s.id)).to.deep.equal([subscription.id]);
    });

    it('changes the plan within the offering snapshot; the plans list and the state actions follow it', async () => {
      const noPause = await attachPlan({ name: 'No pause', can_pause: false });
      const subscription = await subscribe();
      const later = await attachPlan({ name: 'Later' });
      const moved = await update(subscription.id, { plan_id: later });
      expect(moved.status, 'a plan attached after the subscription was made is not in its snapshot').to.equal(400);
      expect(
        (await errorBody(moved)).errors.map(({ code, detail, source }) => ({ code, detail, source })),
      ).to.deep.equal([
        {
          code: 'invalid_value',
          detail: "data.attributes.plan_id must be one of the plans of the subscription's offering",
          source: 'data.attributes.plan_id',
        },
      ]);
      const changed = await update(subscription.id, { plan_id: noPause });
      expect(changed.status).to.equal(200);
      expect((await json(changed)).data['attributes'].plan_id).to.equal(noPause);
      const plans = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/plans`));
      expect(plans.data.filter((p) => p['meta'].active_plan === true).map((p) => p.id)).to.deep.equal([noPause]);
      const paused = await act(subscription.id, 'pause');
      expect(paused.status).to.equal(403);
      expect((await errorBody(paused)).errors[0]).to.include({ code: 'plan_not_permitted' });
      const offeringNow = await json(await api.request(`/v2/subscriptions/offerings/${offering.id}`));
      expect(offeringNow.data['relationships'].plans.data).to.have.length(3);
    });

    it('answers 400 listing every bad field, 403 and 422 where the state forbids a plan change, 404 and 403 to implicit tokens', async () => {
      const subscription = await subscribe();
      const bad = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}`, { type: 'subscriptions', attributes: {} });
      expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal(['data.type']);
      const fields = await update(subscription.id, {
        plan_id: 'nope',
        name: 'Al',
        email: 'no',
        payment_authority: { type: 'cash' },
        external_ref: 7,
        address_id: 'x',
      });
      expect(fields.status).to.equal(400);
      expect((await errorBody(fields)).errors.map((e) => e['source'])).to.deep.equal([
        'data.attributes.plan_id',
        'data.attributes.name',
        'data.attributes.email',
        'data.attributes.payment_authority.type',
        'data.attributes.external_ref',
        'data.attributes.address_id',
      ]);
      expect((await errorBody(await update(subscription.id, { name: null }))).errors[0]).to.include({
        source: 'data.attributes.name',
        detail: 'data.attributes.name cannot be null',
      });
      const unchanged = (await json(await api.request(`${SUBSCRIPTIONS}/${subscription.id}`))).data;
      expect(unchanged['attributes'].name).to.equal('Ada Lovelace');

      const strict = await attachPlan({ name: 'No resume', can_resume: false });
      const strictSubscription = await subscribe();
      expect((await act(strictSubscription.id, 'pause')).status).to.equal(204);
      const forbidden = await update(strictSubscription.id, { plan_id: strict });
      expect(forbidden.status).to.equal(403);
      expect((await errorBody(forbidden)).errors[0]).to.include({ code: 'plan_not_permitted' });
      expect((await act(strictSubscription.id, 'cancel')).status).to.equal(204);
      const canceled = await update(strictSubscription.id, { plan_id: strict });
      expect(canceled.status).to.equal(422);
      expect((await errorBody(canceled)).errors[0]).to.include({
        code: 'state_transition_not_allowed',
        detail: 'a canceled subscription cannot change its plan',
      });

      for (const id of [UNKNOWN, 'nope']) expect((await update(id, { name: 'Grace Hopper' })).status, id).to.equal(404);
      const implicit = await api.token('implicit');
      expect(
        (
          await send(
            'PUT',
            `${SUBSCRIPTIONS}/${subscription.id}`,
            { type: 'subscription', attributes: { name: 'Mallory' } },
            implicit,
          )
        ).status,
      ).to.equal(403);
    });

    it('refuses a plan not priced in the subscription currency, naming plan_id', async () => {
      const pounds = await attachPlan({ name: 'In pounds', fixed_price: { GBP: { amount: 500 } } });
      const subscription = await subscribe({ plan_id: pounds, currency: 'GBP' });
      const refused = await update(subscription.id, { plan_id: planId });
      expect(refused.status).to.equal(400);
      expect((await errorBody(refused)).errors[0]).to.include({
        source: 'data.attributes.plan_id',
        detail: "data.attributes.plan_id must be a plan priced in the subscription's currency, GBP",
      });
    });

    it('keeps every concurrent plan change, rename and state change of one subscription consistent', async () => {
      const other = await attachPlan({ name: 'Other' });
      const subscription = await subscribe();
      const requests = [
        ...Array.from({ length: 4 }, (_, n) =>
          update(subscription.id, { plan_id: n % 2 ? other : planId, name: `Name ${n}` }),
        ),
        act(subscription.id, 'pause'),
        act(subscription.id, 'resume'),
      ];
      const statuses = (await Promise.all(requests)).map((r) => r.status);
      expect(statuses.slice(0, 4)).to.deep.equal([200, 200, 200, 200]);
      const read = (await json(await api.request(`${SUBSCRIPTIONS}/${subscription.id}`))).data;
      expect([planId, other]).to.include(read['attributes'].plan_id);
      const history = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/states`));
      expect(history.data.length).to.equal(statuses.slice(4).filter((s) => s === 204).length);
      expect(read['meta'].paused).to.equal(history.data.at(-1)?.['meta'].paused ?? false);
    });
  });

  describe('payment authorities and meta.state', () => {
    it('stores and returns every payment authority type the spec lists, and updates one to another', async () => {
      const authorities = [
        { type: 'platform_payments_processor', customer_id: 'cus_1' },
        {
          type: 'elastic_path_payments_stripe',
          customer_id: 'cus_OPfKlxWV3hp9h6',
          card_id: 'card_8Diw3FQPhxK27WADPVMeXieP',
        },
        { type: 'authorize_net', payment_profile_id: '1511660856', customer_profile_id: '1511736979' },
      ];
      for (const payment_authority of authorities) {
        const created = await subscribe({ payment_authority });
        expect(created['attributes'].payment_authority).to.deep.equal(payment_authority);
        const read = (await json(await api.request(`${SUBSCRIPTIONS}/${created.id}`))).data;
        expect(read['attributes'].payment_authority).to.deep.equal(payment_authority);
      }
      const subscription = await subscribe();
      const moved = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}`, {
        type: 'subscription',
        attributes: { payment_authority: authorities[2] },
      });
      expect((await json(moved)).data['attributes'].payment_authority).to.deep.equal(authorities[2]);
      const refused = await send(
        'POST',
        SUBSCRIPTIONS,
        subscriptionData(offering.id, planId, { payment_authority: { type: 'cash' } }),
      );
      expect(refused.status).to.equal(400);
      expect((await errorBody(refused)).errors.map((e) => e['source'])).to.deep.equal(['data.payment_authority.type']);
    });

    it('carries the latest state change in meta.state as well as attributes.state', async () => {
      const subscription = await subscribe();
      expect(subscription['meta']).not.to.have.property('state');
      expect((await act(subscription.id, 'pause')).status).to.equal(204);
      const read = (await json(await api.request(`${SUBSCRIPTIONS}/${subscription.id}`))).data;
      expect(read['meta'].state).to.deep.equal(read['attributes'].state);
      expect(read['meta'].state.attributes.action).to.equal('pause');
      const listed = await json<ListDoc>(await api.request(SUBSCRIPTIONS));
      expect(listed.data[0]!['meta'].state.id).to.equal(read['meta'].state.id);
    });
  });

  describe('pending subscriptions and go_live', () => {
    it('creates a pending subscription, inactive until a go_live action starts it; the history records it', async () => {
      const pending = await subscribe({ pending: true });
      expect(pending['meta']).to.deep.include({ pending: true, status: 'inactive' });
      expect(pending['attributes']).to.deep.include({ status: 'inactive' }).and.not.have.property('go_live_after');
      const paused = await act(pending.id, 'pause');
      expect(paused.status).to.equal(422);
      expect((await errorBody(paused)).errors[0]).to.include({
        code: 'state_transition_not_allowed',
        detail: 'a pending subscription cannot be paused; it goes live first',
      });
      expect((await act(pending.id, 'go_live')).status).to.equal(204);
      const live = (await json(await api.request(`${SUBSCRIPTIONS}/${pending.id}`))).data;
      expect(live['meta']).to.deep.include({ pending: false, status: 'active' });
      expect(live['attributes'].go_live_after).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
      expect(live['meta'].state.attributes.action).to.equal('go_live');
      const again = await act(pending.id, 'go_live');
      expect(again.status).to.equal(422);
      expect((await errorBody(again)).errors[0]).to.include({
        detail: 'the subscription is not pending: it is live already',
      });
      expect((await act(pending.id, 'pause')).status).to.equal(204);
    });

    it('schedules going live with go_live_after, changeable by PUT while pending, backdated by a past time; refuses contradictions', async () => {
      const at = new Date(Date.now() + 86_400_000);
      const scheduled = await subscribe({ go_live_after: at.toISOString() });
      expect(scheduled['meta']).to.deep.include({ pending: true, status: 'inactive' });
      expect(scheduled['attributes'].go_live_after).to.equal(`${at.toISOString().slice(0, -1)}000000Z`);
      const moved = await send('PUT', `${SUBSCRIPTIONS}/${scheduled.id}`, {
        type: 'subscription',
        attributes: { go_live_after: null },
      });
      expect(moved.status).to.equal(200);
      expect((await json(moved)).data['attributes']).not.to.have.property('go_live_after');
      const past = await send('PUT', `${SUBSCRIPTIONS}/${scheduled.id}`, {
        type: 'subscription',
        attributes: { go_live_after: '2020-01-01T00:00:00Z' },
      });
      expect(past.status, 'backdated (EPCC): live at once').to.equal(200);
      expect((await json(past)).data['meta']).to.deep.include({ pending: false });

      const bad = await send(
        'POST',
        SUBSCRIPTIONS,
        subscriptionData(offering.id, planId, { pending: 'yes', go_live_after: 'tomorrow' }),
      );
      expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal([
        'data.pending',
        'data.go_live_after',
      ]);
      const contradiction = await send(
        'POST',
        SUBSCRIPTIONS,
        subscriptionData(offering.id, planId, { pending: false, go_live_after: at.toISOString() }),
      );
      expect(contradiction.status).to.equal(400);
      expect((await errorBody(contradiction)).errors.map((e) => e['source'])).to.deep.equal(['data.pending']);

      const live = await subscribe();
      const refused = await send('PUT', `${SUBSCRIPTIONS}/${live.id}`, {
        type: 'subscription',
        attributes: { go_live_after: at.toISOString() },
      });
      expect(refused.status).to.equal(422);
      expect((await errorBody(refused)).errors[0]).to.include({
        code: 'state_transition_not_allowed',
        detail: 'only a pending subscription can change when it goes live',
      });
      const list = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}?page[limit]=100`));
      expect(list.meta.results.total).to.equal(2);
    });

    it("holds a scheduled subscription pending with EPCC's pending action; refuses it once live", async () => {
      const at = new Date(Date.now() + 86_400_000);
      const scheduled = await subscribe({ go_live_after: at.toISOString() });
      expect((await act(scheduled.id, 'pending')).status).to.equal(204);
      const held = (await json(await api.request(`${SUBSCRIPTIONS}/${scheduled.id}`))).data;
      expect(held['attributes']).not.to.have.property('go_live_after');
      expect(held['meta']).to.deep.include({ pending: true, status: 'inactive' });
      expect(held['meta'].state.attributes.action).to.equal('pending');
      expect((await act(scheduled.id, 'go_live')).status).to.equal(204);
      const again = await act(scheduled.id, 'pending');
      expect(again.status).to.equal(422);
      expect((await errorBody(again)).errors[0]).to.include({
        code: 'state_transition_not_allowed',
        detail: 'the subscription has gone live: it cannot be pending again',
      });
    });

    it('goes live once when go_live actions and a cancel race', async () => {
      const pending = await subscribe({ pending: true });
      const statuses = (
        await Promise.all([
          act(pending.id, 'go_live'),
          act(pending.id, 'go_live'),
          act(pending.id, 'go_live'),
          act(pending.id, 'cancel'),
        ])
      ).map((r) => r.status);
      const history = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${pending.id}/states`));
      expect(history.data.filter((s) => s['attributes'].action === 'go_live').length).to.be.at.most(1);
      expect(history.data.length).to.equal(statuses.filter((s) => s === 204).length);
      expect(statuses.every((s) => s === 204 || s === 422)).to.equal(true);
    });
  });

  describe('PUT /subscriptions/subscriptions/:id/products', () => {
    it("changes the subscription's products within its snapshot with 204, with and without /v2; the shared snapshot and other subscriptions keep theirs", async () => {
      const filters = await json(
        await send(
          'POST',
          '/v2/subscriptions/products',
          productData({ name: 'Filters', price: { USD: { amount: 500 } } }),
        ),
      );
      const attached = await json<ListDoc>(
        await send('POST', `/v2/subscriptions/offerings/${offering.id}/products/attach`, {
          products: [filters.data.id],
        }),
      );
      const [beans, filtersCopy] = attached.data.map((p) => p.id);
      const subscription = await subscribe();
      const neighbour = await subscribe();
      const held = async (id: string) =>
        (await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${id}/products`))).data.map((p) => p.id);
      const detached = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [
        { type: 'detach', products: [filtersCopy] },
      ]);
      expect(detached.status).to.equal(204);
      expect(await detached.text()).to.equal('');
      expect(await held(subscription.id)).to.deep.equal([beans]);
      expect(await held(neighbour.id)).to.deep.equal([beans, filtersCopy]);
      const plans = await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/plans`));
      expect(plans.data[0]!['meta'].price.USD.amount).to.equal(1000);
      expect(
        (
          await send('PUT', `/subscriptions/subscriptions/${subscription.id}/products`, [
            { type: 'replace', products: [filtersCopy] },
          ])
        ).status,
      ).to.equal(204);
      expect(await held(subscription.id)).to.deep.equal([filtersCopy]);
      const read = (await json(await api.request(`${SUBSCRIPTIONS}/${subscription.id}?include=products`))).data;
      expect(read['attributes'].offering.relationships.products.data.map((p: { id: string }) => p.id)).to.deep.equal([
        beans,
        filtersCopy,
      ]);
    });

    it('answers 400 naming each bad change, 422 once canceled, 404 and 403 to implicit tokens', async () => {
      const subscription = await subscribe();
      const beans = offering['relationships'].products.data[0].id;
      const notAList = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, {
        type: 'attach',
        products: [beans],
      });
      expect((await errorBody(notAList)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
        ['data', 'data must be a list'],
      ]);
      const bad = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [
        { type: 'swap', products: [beans] },
        { type: 'attach', products: [UNKNOWN, 'nope'] },
      ]);
      expect(bad.status).to.equal(400);
      expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal(['data.0.type', 'data.1.products.1']);
      const foreign = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [
        { type: 'attach', products: [UNKNOWN] },
      ]);
      expect((await errorBody(foreign)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
        ['data.0.products.0', "data.0.products.0 is not a product of the subscription's offering"],
      ]);
      const emptied = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [
        { type: 'detach', products: [beans] },
      ]);
      expect((await errorBody(emptied)).errors.map((e) => e['source'])).to.deep.equal(['data']);
      expect((await act(subscription.id, 'cancel')).status).to.equal(204);
      const canceled = await send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [
        { type: 'attach', products: [beans] },
      ]);
      expect(canceled.status).to.equal(422);
      expect((await errorBody(canceled)).errors[0]).to.include({ code: 'state_transition_not_allowed' });
      for (const id of [UNKNOWN, 'nope'])
        expect(
          (await send('PUT', `${SUBSCRIPTIONS}/${id}/products`, [{ type: 'attach', products: [beans] }])).status,
          id,
        ).to.equal(404);
      const implicit = await api.token('implicit');
      expect(
        (
          await send(
            'PUT',
            `${SUBSCRIPTIONS}/${subscription.id}/products`,
            [{ type: 'attach', products: [beans] }],
            implicit,
          )
        ).status,
      ).to.equal(403);
    });

    it('keeps every concurrent product change: none is lost under the row lock', async () => {
      const extra = await Promise.all(
        ['Filters', 'Mugs', 'Scoops'].map(
          async (name) => (await json(await send('POST', '/v2/subscriptions/products', productData({ name })))).data.id,
        ),
      );
      const attached = await json<ListDoc>(
        await send('POST', `/v2/subscriptions/offerings/${offering.id}/products/attach`, { products: extra }),
      );
      const copies = attached.data.map((p) => p.id);
      const subscription = await subscribe();
      const statuses = await Promise.all(
        copies
          .slice(1)
          .map((id) =>
            send('PUT', `${SUBSCRIPTIONS}/${subscription.id}/products`, [{ type: 'detach', products: [id] }]),
          ),
      );
      expect(statuses.map((r) => r.status)).to.deep.equal([204, 204, 204]);
      const held = (await json<ListDoc>(await api.request(`${SUBSCRIPTIONS}/${subscription.id}/products`))).data.map(
        (p) => p.id,
      );
      expect(held).to.deep.equal([copies[0]]);
    });
  });
});
