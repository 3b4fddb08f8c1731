import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const PATH = '/v2/settings/cors';
type CorsDoc = { data: { type: string; allowed_origins: string[] } };

describe('HTTP: CORS settings', () => {
  let api: TestApi;
  const put = (data: unknown, init: RequestInit & { token?: string } = {}) =>
    api.request(PATH, { ...jsonBody({ data }), method: 'PUT', ...init });
  const current = async () => ((await (await api.request(PATH)).json()) as CorsDoc).data;

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it('answers any origin before a change, and the origins as browsers write them after one', async () => {
    expect(await current()).to.deep.equal({ type: 'settings', allowed_origins: ['*'] });
    const changed = await put({
      type: 'settings',
      allowed_origins: ['HTTPS://Shop.Example:443', 'http://localhost:5173', 'https://shop.example'],
    });
    expect(changed.status).to.equal(200);
    const expected = { type: 'settings', allowed_origins: ['https://shop.example', 'http://localhost:5173'] };
    expect(((await changed.json()) as CorsDoc).data).to.deep.equal(expected);
    expect(await current()).to.deep.equal(expected);
    // Left out, the list stays; the other settings are apart.
    expect((await put({ type: 'settings' })).status).to.equal(200);
    expect(await current()).to.deep.equal(expected);
    expect((await put({ type: 'settings', allowed_origins: [] })).status).to.equal(200);
    expect(await current()).to.deep.equal({ type: 'settings', allowed_origins: [] });
  });

  it('answers 400 naming every bad origin by its index, and changes nothing', async () => {
    await put({ type: 'settings', allowed_origins: ['https://shop.example'] });
    const response = await put({
      type: 'settings',
      allowed_origins: ['https://ok.example', 'https://shop.example/', '*', 'shop.example'],
    });
    expect(response.status).to.equal(400);
    const body = await errorBody(response);
    expect(body.errors.map((e) => e['source'])).to.deep.equal([
      'data.allowed_origins.1',
      'data.allowed_origins.2',
      'data.allowed_origins.3',
    ]);
    expect(await current()).to.deep.equal({ type: 'settings', allowed_origins: ['https://shop.example'] });
  });

  it('is store administration: an implicit token gets 403, no token 401', async () => {
    const implicit = await api.token('implicit');
    expect((await api.request(PATH, { token: implicit })).status).to.equal(403);
    expect((await put({ type: 'settings', allowed_origins: ['*'] }, { token: implicit })).status).to.equal(403);
    expect((await api.request(PATH, { token: null })).status).to.equal(401);
  });
});
