import { expect } from 'chai';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const FEATURES = '/generations/2025/v2/subscriptions/features';

interface FeatureAnswer {
  readonly data: { id: string; type: string; attributes: Record<string, unknown>; meta: Record<string, unknown> };
}
interface ErrorAnswer {
  readonly errors: { status: string; source?: string; detail?: string; code?: string }[];
}

const feature = (attributes: Record<string, unknown>) =>
  jsonBody({ data: { type: 'subscription_feature', attributes } });
const put = (id: string, attributes: Record<string, unknown>): RequestInit => ({
  ...jsonBody({ data: { id, type: 'subscription_feature', attributes } }),
  method: 'PUT',
});

describe('HTTP: features (the 2025 generation)', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('creates, reads, lists, changes and deletes a feature of each kind', async () => {
    const made = await api.request(
      FEATURES,
      feature({
        name: 'Digital library',
        description: 'Over 100 ebooks',
        external_ref: 'library',
        configuration: { type: 'access', tag: 'digital_library' },
      }),
    );
    expect(made.status).to.equal(201);
    const { data } = (await made.json()) as FeatureAnswer;
    expect(data.type).to.equal('subscription_feature');
    expect(data.attributes).to.deep.equal({
      name: 'Digital library',
      description: 'Over 100 ebooks',
      external_ref: 'library',
      configuration: { type: 'access', tag: 'digital_library' },
    });
    expect(data.meta['owner']).to.equal('store');
    for (const configuration of [
      { type: 'usage', tag: 'downloads', label: 'Downloads', default_value: 10 },
      { type: 'promotion', promotions: [{ name: 'Ten off', tag: 'ten_off' }] },
    ])
      expect((await api.request(FEATURES, feature({ name: 'Another', configuration }))).status).to.equal(201);

    const read = (await (await api.request(`${FEATURES}/${data.id}`)).json()) as FeatureAnswer;
    expect(read.data).to.deep.equal(data);
    const listed = (await (await api.request(`${FEATURES}?filter=eq(external_ref,library)`)).json()) as {
      data: { id: string }[];
      meta: { results: { total: number } };
    };
    expect(listed.data.map((f) => f.id)).to.deep.equal([data.id]);
    expect(
      (await (await api.request(FEATURES)).json()) as { meta: { results: { total: number } } },
    ).to.have.nested.property('meta.results.total', 3);

    const changed = await api.request(
      `${FEATURES}/${data.id}`,
      put(data.id, {
        description: null,
        configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 2 },
      }),
    );
    expect(changed.status).to.equal(200);
    expect(((await changed.json()) as FeatureAnswer).data.attributes).to.deep.equal({
      name: 'Digital library',
      external_ref: 'library',
      configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 2 },
    });
    expect((await api.request(`${FEATURES}/${data.id}`, { method: 'DELETE' })).status).to.equal(204);
    expect((await api.request(`${FEATURES}/${data.id}`)).status).to.equal(404);
  });

  it('refuses every invalid field at once, and an external_ref another feature holds', async () => {
    const refused = await api.request(
      FEATURES,
      feature({
        name: 'ab',
        configuration: {
          type: 'promotion',
          promotions: [
            { name: 'One', tag: 'same' },
            { name: 'Two', tag: 'same' },
          ],
        },
      }),
    );
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as ErrorAnswer).errors.map((e) => e.source)).to.deep.equal([
      'data.attributes.name',
      'data.attributes.configuration.promotions[1].tag',
    ]);
    const access = { type: 'access', tag: 'x' };
    expect(
      (await api.request(FEATURES, feature({ name: 'First', external_ref: 'one', configuration: access }))).status,
    ).to.equal(201);
    const taken = await api.request(FEATURES, feature({ name: 'Second', external_ref: 'one', configuration: access }));
    expect(taken.status).to.equal(409);
    expect(((await taken.json()) as ErrorAnswer).errors[0]?.code).to.equal('external_ref_taken');
  });

  it("refuses a filter on tag, which is EPCC's but not served, naming it", async () => {
    const refused = await api.request(`${FEATURES}?filter=eq(tag,x)`);
    expect(refused.status).to.equal(400);
    expect(JSON.stringify(await refused.json())).to.include('tag');
  });

  it('lets a storefront read features with an implicit token, and write none', async () => {
    const implicit = await api.token('implicit');
    expect((await api.request(FEATURES, { token: implicit })).status).to.equal(200);
    const write = await api.request(FEATURES, {
      ...feature({ name: 'Library', configuration: { type: 'access', tag: 'x' } }),
      token: implicit,
    });
    expect(write.status).to.equal(403);
  });

  it('is served un-prefixed once the store speaks 2025, and is a 404 naming the generation while it speaks 2024', async () => {
    const onOld = await api.request('/v2/subscriptions/features');
    expect(onOld.status).to.equal(404);
    expect(((await onOld.json()) as ErrorAnswer).errors[0]?.detail).to.include(
      'belongs to the 2025 subscriptions generation, and this store speaks 2024',
    );
    expect((await api.request('/generations/2024/v2/subscriptions/features')).status).to.equal(404);
    const settings = await api.request('/v2/settings', {
      ...jsonBody({ data: { type: 'settings', subscriptions_generation: '2025' } }),
      method: 'PUT',
    });
    expect(settings.status).to.equal(200);
    expect((await api.request('/v2/subscriptions/features')).status).to.equal(200);
    expect((await api.request('/subscriptions/features')).status).to.equal(200);
  });
});
