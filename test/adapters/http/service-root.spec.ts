import { expect } from 'chai';
import { SERVICE_ROOT_CONTENT_SECURITY_POLICY } from '../../../src/adapters/http/service-root/service-root-endpoints.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('HTTP: GET / points to the console and the API reference', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ baseUrl: 'https://commerce.example.com' });
  });
  after(async () => api.close());

  it('gives an API client the links as JSON, absolute on the origin of the links, without a token', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const response = await api.request('/', {
        token: null,
        ...(accept === undefined ? {} : { headers: { Accept: accept } }),
      });
      expect(response.status, String(accept)).to.equal(200);
      expect(response.headers.get('content-type'), String(accept)).to.match(/^application\/json/);
      expect(response.headers.get('vary')).to.match(/Accept\b/);
      expect(await response.json(), String(accept)).to.deep.equal({
        links: {
          console: 'https://commerce.example.com/console',
          docs: 'https://commerce.example.com/docs',
          openapi: 'https://commerce.example.com/v2/openapi.json',
          health: 'https://commerce.example.com/health',
        },
      });
    }
  });

  it('gives a browser a page linking to /console and /docs, with nothing to load and no framing', async () => {
    const response = await api.request('/', { token: null, headers: { Accept: BROWSER_ACCEPT } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).to.equal(SERVICE_ROOT_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-frame-options')).to.equal('DENY');
    const page = await response.text();
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).to.include.members(['/console', '/docs']);
    expect(page).not.to.match(/<script|<style|style=/);
  });

  it('still answers an unknown path with a JSON 404', async () => {
    const response = await api.request('/nothing-here', { token: null, headers: { Accept: BROWSER_ACCEPT } });
    expect(response.status).to.equal(404);
  });
});
