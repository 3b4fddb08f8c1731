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
    expect(await response.json()).to.deep.equal({ data: { type: 'settings', page_length: 25 } });
  });

  it('changes the page length that lists use when page[limit] is absent', async () => {
    const response = await api.request('/v2/settings', putSettings({ type: 'settings', page_length: 1 }));
    expect(await response.json()).to.deep.equal({ data: { type: 'settings', page_length: 1 } });
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
      data: { type: 'settings', page_length: 25 },
    });
  });

  it('resets to the defaults on DELETE', async () => {
    await api.request('/v2/settings', putSettings({ type: 'settings', page_length: 3 }));
    const reset = await api.request('/v2/settings', { method: 'DELETE' });
    expect(reset.status).to.equal(204);
    expect(await (await api.request('/v2/settings')).json()).to.deep.equal({
      data: { type: 'settings', page_length: 25 },
    });
  });

  it('gives implicit tokens a 403', async () => {
    expect((await api.request('/v2/settings', { token: await api.token('implicit') })).status).to.equal(403);
  });
});
