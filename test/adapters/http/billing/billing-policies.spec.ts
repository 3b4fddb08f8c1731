import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { errorBody } from '../../../support/error-body.js';
import { StrictlyIncreasingClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
type ListDoc = {
  data: Resource[];
  links: Record<string, string | null>;
  meta: { page: Record<string, number>; results: { total: number } };
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;
const UNKNOWN = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e';
const POLICIES = '/v2/subscriptions/proration-policies';
const RULES = '/v2/subscriptions/dunning-rules';

describe('HTTP: proration policies and dunning rules', () => {
  let api: TestApi;

  const post = (
    path: string,
    type: string,
    attributes: Record<string, unknown>,
    init: RequestInit & { token?: string } = {},
  ) => api.request(path, { ...jsonBody({ data: { type, attributes } }), ...init });
  const put = (path: string, data: unknown, init: RequestInit & { token?: string } = {}) =>
    api.request(path, { ...jsonBody({ data }), method: 'PUT', ...init });
  const created = async (path: string, type: string, attributes: Record<string, unknown>) => {
    const response = await post(path, type, attributes);
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const aPolicy = (attributes: Record<string, unknown> = {}) =>
    created(POLICIES, 'subscription_proration_policy', { name: 'Main policy', rounding: 'up', ...attributes });
  const aRule = (attributes: Record<string, unknown> = {}) =>
    created(RULES, 'subscription_dunning_rule', {
      payment_retry_type: 'fixed',
      payment_retries_limit: 10,
      action: 'none',
      ...attributes,
    });
  const list = async (path: string) => {
    const response = await api.request(path);
    expect(response.status, path).to.equal(200);
    return (await response.json()) as ListDoc;
  };

  beforeEach(async () => {
    // The lists below are expected in creation order: each create gets a millisecond of its own.
    api = await startTestApi({
      configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(new StrictlyIncreasingClock()),
    });
  });
  afterEach(async () => api.close());

  describe('proration policies', () => {
    it("creates a policy shaped as EPCC's: attributes without timestamps, meta with owner and timestamps; both prefixes read it", async () => {
      const policy = await aPolicy({ external_ref: 'ext-1', colour: 'ignored' });
      expect(policy.type).to.equal('subscription_proration_policy');
      expect(policy.attributes).to.deep.equal({ name: 'Main policy', rounding: 'up', external_ref: 'ext-1' });
      expect(policy.meta['owner']).to.equal('store');
      expect(policy.meta['timestamps']['created_at']).to.match(TIMESTAMP);
      expect(policy.meta['timestamps']['updated_at']).to.equal(policy.meta['timestamps']['created_at']);
      for (const prefix of ['/v2', '']) {
        const read = await api.request(`${prefix}/subscriptions/proration-policies/${policy.id}`);
        expect(read.status, prefix).to.equal(200);
        expect(((await read.json()) as { data: Resource }).data, prefix).to.deep.equal(policy);
      }
    });

    it('answers 400 listing every problem, each with its source, and stores nothing', async () => {
      const response = await post(POLICIES, 'subscription_proration_policy', {
        name: 'ab',
        rounding: 'sideways',
        external_ref: 'r'.repeat(2049),
      });
      expect(response.status).to.equal(400);
      expect((await errorBody(response)).errors).to.deep.equal([
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: 'data.attributes.name must be 3 to 1024 characters long',
          source: 'data.attributes.name',
        },
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: "data.attributes.rounding must be one of 'up', 'down', 'nearest'",
          source: 'data.attributes.rounding',
        },
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: 'data.attributes.external_ref must be at most 2048 characters long',
          source: 'data.attributes.external_ref',
        },
      ]);
      const wrongType = await post(POLICIES, 'subscription_dunning_rule', { name: 'Main', rounding: 'up' });
      expect((await errorBody(wrongType)).errors.map((e) => e['source'])).to.deep.equal(['data.type']);
      expect((await list(POLICIES)).meta.results.total).to.equal(0);
    });

    it('answers 409 external_ref_taken for an external_ref another policy of the store holds, on create and on update', async () => {
      const first = await aPolicy({ external_ref: 'shared' });
      const second = await aPolicy({ external_ref: 'other' });
      const duplicate = await post(POLICIES, 'subscription_proration_policy', {
        name: 'Copy',
        rounding: 'down',
        external_ref: 'shared',
      });
      expect(duplicate.status).to.equal(409);
      expect((await errorBody(duplicate)).errors[0]).to.include({
        code: 'external_ref_taken',
        detail: 'another proration policy of the store has this external_ref',
      });
      const taken = await put(`${POLICIES}/${second.id}`, {
        id: second.id,
        type: 'subscription_proration_policy',
        attributes: { external_ref: 'shared', name: 'Renamed' },
      });
      expect(taken.status).to.equal(409);
      expect(((await (await api.request(`${POLICIES}/${second.id}`)).json()) as { data: Resource }).data).to.deep.equal(
        second,
      );
      // Removing the reference frees it.
      expect(
        (
          await put(`${POLICIES}/${first.id}`, {
            type: 'subscription_proration_policy',
            attributes: { external_ref: null },
          })
        ).status,
      ).to.equal(200);
      expect(
        (
          await put(`${POLICIES}/${second.id}`, {
            type: 'subscription_proration_policy',
            attributes: { external_ref: 'shared' },
          })
        ).status,
      ).to.equal(200);
    });

    it('updates partially; null clears external_ref and is refused for name and rounding, leaving the policy as it was', async () => {
      const policy = await aPolicy({ external_ref: 'ext' });
      const changed = await put(`/subscriptions/proration-policies/${policy.id}`, {
        id: policy.id,
        type: 'subscription_proration_policy',
        attributes: { rounding: 'nearest', external_ref: null },
      });
      expect(changed.status).to.equal(200);
      const after = ((await changed.json()) as { data: Resource }).data;
      expect(after.attributes).to.deep.equal({ name: 'Main policy', rounding: 'nearest' });
      expect(after.meta['timestamps']['created_at']).to.equal(policy.meta['timestamps']['created_at']);
      const refused = await put(`${POLICIES}/${policy.id}`, {
        type: 'subscription_proration_policy',
        attributes: { name: null, rounding: 'UP' },
      });
      expect(refused.status).to.equal(400);
      expect((await errorBody(refused)).errors.map((e) => e['source'])).to.deep.equal([
        'data.attributes.name',
        'data.attributes.rounding',
      ]);
      expect(((await (await api.request(`${POLICIES}/${policy.id}`)).json()) as { data: Resource }).data).to.deep.equal(
        after,
      );
    });

    it('answers 404 for unknown ids and ids that are not UUIDs, on every method', async () => {
      await aPolicy();
      for (const id of [UNKNOWN, 'not-a-uuid']) {
        for (const response of [
          await api.request(`${POLICIES}/${id}`),
          await put(`${POLICIES}/${id}`, { type: 'subscription_proration_policy', attributes: { name: 'Nobody' } }),
          await api.request(`${POLICIES}/${id}`, { method: 'DELETE' }),
        ]) {
          expect(response.status, id).to.equal(404);
          expect((await errorBody(response)).errors[0]).to.include({
            code: 'not_found',
            detail: 'proration policy not found',
          });
        }
      }
    });

    it('deletes with 204, after which the policy is gone', async () => {
      const policy = await aPolicy();
      const deleted = await api.request(`/subscriptions/proration-policies/${policy.id}`, { method: 'DELETE' });
      expect(deleted.status).to.equal(204);
      expect(await deleted.text()).to.equal('');
      expect((await api.request(`${POLICIES}/${policy.id}`)).status).to.equal(404);
    });

    it('lists newest first with paging, meta and links; filter is ignored, as the list has none', async () => {
      const [a, b, c] = [
        await aPolicy({ name: 'First' }),
        await aPolicy({ name: 'Second' }),
        await aPolicy({ name: 'Third' }),
      ];
      const first = await list(`${POLICIES}?page[limit]=2`);
      expect(first.data.map((p) => p.id)).to.deep.equal([c!.id, b!.id]);
      expect(first.meta).to.deep.include({
        page: { limit: 2, offset: 0, current: 1, total: 2 },
        results: { total: 3, total_method: 'exact' },
      });
      expect(first.links['prev']).to.equal(null);
      expect(new URL(first.links['next']!).searchParams.get('page[offset]')).to.equal('2');
      expect(
        (await list(`/subscriptions/proration-policies?page[limit]=2&page[offset]=2`)).data.map((p) => p.id),
      ).to.deep.equal([a!.id]);
      expect((await list(`${POLICIES}?filter=eq(name,First)`)).data).to.have.length(3);
      const badLimit = await api.request(`${POLICIES}?page[limit]=0`);
      expect(badLimit.status).to.equal(400);
      expect((await errorBody(badLimit)).errors[0]).to.include({ source: 'page[limit]' });
    });
  });

  describe('dunning rules', () => {
    it("creates a rule shaped as EPCC's, default written as false when not set", async () => {
      const rule = await aRule({ payment_retry_interval: 2, payment_retry_unit: 'day' });
      expect(rule.type).to.equal('subscription_dunning_rule');
      expect(rule.attributes).to.deep.equal({
        payment_retry_type: 'fixed',
        payment_retries_limit: 10,
        action: 'none',
        payment_retry_interval: 2,
        payment_retry_unit: 'day',
        default: false,
      });
      expect(rule.meta).to.have.all.keys('owner', 'timestamps');
      const read = await api.request(`/subscriptions/dunning-rules/${rule.id}`);
      expect(((await read.json()) as { data: Resource }).data).to.deep.equal(rule);
    });

    it('answers 400 for every field out of its range or enum, and for a multiplier on a fixed rule', async () => {
      const response = await post(RULES, 'subscription_dunning_rule', {
        payment_retry_type: 'random',
        payment_retry_interval: 1025,
        payment_retry_unit: 'month',
        payment_retries_limit: -1,
        action: 'cancel',
        default: 'yes',
      });
      expect(response.status).to.equal(400);
      expect((await errorBody(response)).errors.map((e) => e['source'])).to.deep.equal(
        [
          'payment_retry_type',
          'payment_retry_interval',
          'payment_retry_unit',
          'payment_retries_limit',
          'action',
          'default',
        ].map((f) => `data.attributes.${f}`),
      );
      const multiplier = await post(RULES, 'subscription_dunning_rule', {
        payment_retry_type: 'fixed',
        payment_retries_limit: 3,
        action: 'none',
        payment_retry_multiplier: 2,
      });
      expect(multiplier.status).to.equal(400);
      expect((await errorBody(multiplier)).errors).to.deep.equal([
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail:
            "data.attributes.payment_retry_multiplier may only be set when payment_retry_type is 'backoff' or 'tiered'",
          source: 'data.attributes.payment_retry_multiplier',
        },
      ]);
      expect((await list(RULES)).meta.results.total).to.equal(0);
    });

    it('checks the whole rule after a partial update: a fixed rule keeps no multiplier', async () => {
      const rule = await aRule({ payment_retry_type: 'backoff', payment_retry_multiplier: 1.5 });
      const refused = await put(`${RULES}/${rule.id}`, {
        type: 'subscription_dunning_rule',
        attributes: { payment_retry_type: 'fixed' },
      });
      expect(refused.status).to.equal(400);
      expect((await errorBody(refused)).errors[0]).to.include({ source: 'data.attributes.payment_retry_multiplier' });
      expect(((await (await api.request(`${RULES}/${rule.id}`)).json()) as { data: Resource }).data).to.deep.equal(
        rule,
      );
      const changed = await put(`${RULES}/${rule.id}`, {
        type: 'subscription_dunning_rule',
        attributes: { payment_retry_type: 'fixed', payment_retry_multiplier: null },
      });
      expect(changed.status).to.equal(200);
      expect(((await changed.json()) as { data: Resource }).data.attributes).to.not.have.property(
        'payment_retry_multiplier',
      );
    });

    it('keeps one default rule per store: 409 default_taken for a second, until the first is not the default or is deleted', async () => {
      const first = await aRule({ default: true });
      expect(first.attributes['default']).to.equal(true);
      const second = await post(RULES, 'subscription_dunning_rule', {
        payment_retry_type: 'fixed',
        payment_retries_limit: 1,
        action: 'close',
        default: true,
      });
      expect(second.status).to.equal(409);
      expect((await errorBody(second)).errors[0]).to.include({
        code: 'default_taken',
        detail: 'the store already has a default dunning rule; make it not the default first',
      });
      const other = await aRule();
      const promoted = await put(`${RULES}/${other.id}`, {
        type: 'subscription_dunning_rule',
        attributes: { default: true },
      });
      expect(promoted.status).to.equal(409);
      expect(
        (await put(`${RULES}/${first.id}`, { type: 'subscription_dunning_rule', attributes: { default: false } }))
          .status,
      ).to.equal(200);
      expect(
        (await put(`${RULES}/${other.id}`, { type: 'subscription_dunning_rule', attributes: { default: true } }))
          .status,
      ).to.equal(200);
      expect((await api.request(`${RULES}/${other.id}`, { method: 'DELETE' })).status).to.equal(204);
      expect(
        (
          await post(RULES, 'subscription_dunning_rule', {
            payment_retry_type: 'fixed',
            payment_retries_limit: 1,
            action: 'close',
            default: true,
          })
        ).status,
      ).to.equal(201);
    });

    it('answers 404 for unknown ids on every method, and lists newest first', async () => {
      const [a, b] = [await aRule(), await aRule({ action: 'pause' })];
      for (const response of [
        await api.request(`${RULES}/${UNKNOWN}`),
        await put(`${RULES}/not-a-uuid`, { type: 'subscription_dunning_rule', attributes: { action: 'close' } }),
        await api.request(`${RULES}/${UNKNOWN}`, { method: 'DELETE' }),
      ]) {
        expect(response.status).to.equal(404);
        expect((await errorBody(response)).errors[0]).to.include({
          code: 'not_found',
          detail: 'dunning rule not found',
        });
      }
      expect((await list(`/subscriptions/dunning-rules`)).data.map((r) => r.id)).to.deep.equal([b!.id, a!.id]);
    });
  });

  describe("an offering's proration policy", () => {
    const anOffering = async (name: string) => {
      const response = await post('/v2/subscriptions/offerings', 'subscription_offering', { name });
      expect(response.status).to.equal(201);
      return ((await response.json()) as { data: Resource }).data;
    };
    const relate = (offeringId: string, data: unknown, prefix = '/v2') =>
      put(`${prefix}/subscriptions/offerings/${offeringId}/relationships/proration-policies`, data);
    const offeringsUsing = async (policyId: string) =>
      (await list(`/v2/subscriptions/offerings?filter=eq(proration_policy_id,${policyId})`)).data.map((o) => o.id);

    it('attaches a policy (200 with the relationship), lists the offerings using it, and removes it with null (204)', async () => {
      const [club, box] = [await anOffering('Coffee club'), await anOffering('Tea box')];
      const policy = await aPolicy();
      const attached = await relate(club.id, { type: 'subscription_proration_policy', id: policy.id.toUpperCase() });
      expect(attached.status).to.equal(200);
      expect(await attached.json()).to.deep.equal({ data: { type: 'subscription_proration_policy', id: policy.id } });
      expect((await relate(box.id, { type: 'subscription_proration_policy', id: policy.id }, '')).status).to.equal(200);
      expect(await offeringsUsing(policy.id)).to.deep.equal([box.id, club.id]);
      expect(
        (
          await list(
            `/subscriptions/offerings?filter=in(proration_policy_id,${policy.id},${UNKNOWN}):eq(external_ref,none)`,
          )
        ).data,
      ).to.deep.equal([]);
      const removed = await relate(club.id, null);
      expect(removed.status).to.equal(204);
      expect(await removed.text()).to.equal('');
      expect(await offeringsUsing(policy.id)).to.deep.equal([box.id]);
      // The offering's own document is unchanged by the relationship.
      expect(
        ((await (await api.request(`/v2/subscriptions/offerings/${club.id}`)).json()) as { data: Resource }).data
          .attributes,
      ).to.deep.equal(club.attributes);
    });

    it('refuses to delete a policy an offering uses with 409 in_use, until it is removed from the offering', async () => {
      const club = await anOffering('Coffee club');
      const policy = await aPolicy();
      await relate(club.id, { type: 'subscription_proration_policy', id: policy.id });
      const refused = await api.request(`${POLICIES}/${policy.id}`, { method: 'DELETE' });
      expect(refused.status).to.equal(409);
      expect((await errorBody(refused)).errors[0]).to.include({
        code: 'in_use',
        detail: 'the proration policy is used by an offering; detach it first',
      });
      expect((await api.request(`${POLICIES}/${policy.id}`)).status).to.equal(200);
      await relate(club.id, null);
      expect((await api.request(`${POLICIES}/${policy.id}`, { method: 'DELETE' })).status).to.equal(204);
    });

    it('answers 400 for a body that is neither null nor a policy reference, and 404 for an unknown offering or policy', async () => {
      const club = await anOffering('Coffee club');
      const policy = await aPolicy();
      const bad = await relate(club.id, { type: 'subscription_plan', id: 'x' });
      expect(bad.status).to.equal(400);
      expect((await errorBody(bad)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
        ['data.type', "data.type must be 'subscription_proration_policy'"],
        ['data.id', 'data.id must be a UUID'],
      ]);
      const missingData = await api.request(`/v2/subscriptions/offerings/${club.id}/relationships/proration-policies`, {
        ...jsonBody({}),
        method: 'PUT',
      });
      expect(missingData.status).to.equal(400);
      expect((await errorBody(missingData)).errors[0]).to.include({ source: 'data' });
      const noOffering = await relate(UNKNOWN, { type: 'subscription_proration_policy', id: policy.id });
      expect(noOffering.status).to.equal(404);
      expect((await errorBody(noOffering)).errors[0]).to.include({ detail: 'subscription offering not found' });
      const noPolicy = await relate(club.id, { type: 'subscription_proration_policy', id: UNKNOWN });
      expect(noPolicy.status).to.equal(404);
      expect((await errorBody(noPolicy)).errors[0]).to.include({ detail: 'proration policy not found' });
      expect(await offeringsUsing(policy.id)).to.deep.equal([]);
      const implicit = await api.token('implicit');
      expect(
        (
          await put(
            `/v2/subscriptions/offerings/${club.id}/relationships/proration-policies`,
            { type: 'subscription_proration_policy', id: policy.id },
            { token: implicit },
          )
        ).status,
      ).to.equal(403);
      const badFilter = await api.request(`/v2/subscriptions/offerings?filter=gt(proration_policy_id,x)`);
      expect(badFilter.status).to.equal(400);
      expect((await errorBody(badFilter)).errors[0]).to.include({ code: 'invalid_filter' });
    });
  });

  it('keeps both from implicit tokens: 403 on every read and write', async () => {
    const policy = await aPolicy();
    const rule = await aRule();
    const implicit = await api.token('implicit');
    const responses = [
      await api.request(POLICIES, { token: implicit }),
      await api.request(`${POLICIES}/${policy.id}`, { token: implicit }),
      await post(POLICIES, 'subscription_proration_policy', { name: 'Sneaky', rounding: 'up' }, { token: implicit }),
      await put(
        `${POLICIES}/${policy.id}`,
        { type: 'subscription_proration_policy', attributes: { name: 'Sneaky' } },
        { token: implicit },
      ),
      await api.request(`${POLICIES}/${policy.id}`, { method: 'DELETE', token: implicit }),
      await api.request(`/subscriptions/dunning-rules`, { token: implicit }),
      await api.request(`${RULES}/${rule.id}`, { token: implicit }),
      await post(
        RULES,
        'subscription_dunning_rule',
        { payment_retry_type: 'fixed', payment_retries_limit: 1, action: 'none' },
        { token: implicit },
      ),
      await put(
        `${RULES}/${rule.id}`,
        { type: 'subscription_dunning_rule', attributes: { action: 'close' } },
        { token: implicit },
      ),
      await api.request(`${RULES}/${rule.id}`, { method: 'DELETE', token: implicit }),
    ];
    for (const response of responses) {
      expect(response.status).to.equal(403);
      expect((await errorBody(response)).errors[0]).to.include({ code: 'token_not_permitted' });
    }
    expect((await list(POLICIES)).data.map((p) => p.attributes)).to.deep.equal([policy.attributes]);
    expect((await list(RULES)).data.map((r) => r.attributes)).to.deep.equal([rule.attributes]);
  });
});
