import { expect } from 'chai';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

describe('HTTP: /v2/settings', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const putSettings = (data: unknown): RequestInit => ({ ...jsonBody({ data }), method: 'PUT' });

  it('reads the default page length of 25', async () => {
    const response = await api.request('/v2/settings');
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      data: { type: 'settings', page_length: 25, subscriptions_generation: '2024' },
    });
  });

  it('changes the page length that lists use when page[limit] is absent', async () => {
    const response = await api.request('/v2/settings', putSettings({ type: 'settings', page_length: 1 }));
    expect(await response.json()).to.deep.equal({
      data: { type: 'settings', page_length: 1, subscriptions_generation: '2024' },
    });
    const list = (await (await api.request('/v2/application-keys')).json()) as {
      meta: { page: { limit: number } };
      links: { first: string };
    };
    expect(list.meta.page.limit).to.equal(1);
    expect(list.links.first).to.include('page%5Blimit%5D=1');
    const explicit = (await (await api.request('/v2/application-keys?page[limit]=50')).json()) as {
      meta: { page: { limit: number } };
    };
    expect(explicit.meta.page.limit).to.equal(50);
  });

  it('refuses a page length outside 1..100 and a missing type, naming each', async () => {
    const response = await api.request('/v2/settings', putSettings({ page_length: 101 }));
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'data.type',
      'data.page_length',
    ]);
    expect(await (await api.request('/v2/settings')).json()).to.deep.equal({
      data: { type: 'settings', page_length: 25, subscriptions_generation: '2024' },
    });
  });

  it('changes the subscriptions generation alone, keeping the page length, and refuses one that is not 2024 or 2025', async () => {
    await api.request('/v2/settings', putSettings({ type: 'settings', page_length: 7 }));
    const changed = await api.request(
      '/v2/settings',
      putSettings({ type: 'settings', subscriptions_generation: '2025' }),
    );
    expect(await changed.json()).to.deep.equal({
      data: { type: 'settings', page_length: 7, subscriptions_generation: '2025' },
    });
    for (const wrong of ['2026', 2025, '', null]) {
      const refused = await api.request(
        '/v2/settings',
        putSettings({ type: 'settings', subscriptions_generation: wrong }),
      );
      expect(refused.status, JSON.stringify(wrong)).to.equal(400);
      expect(((await refused.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
        'data.subscriptions_generation',
      ]);
    }
    expect(await (await api.request('/v2/settings')).json()).to.deep.equal({
      data: { type: 'settings', page_length: 7, subscriptions_generation: '2025' },
    });
  });

  it('resets to the defaults on DELETE, the subscriptions generation included', async () => {
    await api.request(
      '/v2/settings',
      putSettings({ type: 'settings', page_length: 3, subscriptions_generation: '2025' }),
    );
    const reset = await api.request('/v2/settings', { method: 'DELETE' });
    expect(reset.status).to.equal(204);
    expect(await (await api.request('/v2/settings')).json()).to.deep.equal({
      data: { type: 'settings', page_length: 25, subscriptions_generation: '2024' },
    });
  });

  it('gives implicit tokens a 403', async () => {
    expect((await api.request('/v2/settings', { token: await api.token('implicit') })).status).to.equal(403);
  });
});
