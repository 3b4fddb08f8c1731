import { expect } from 'chai';
import { parseRawResponse, rawExchange } from '../../support/raw-http.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

describe('HTTP: headers every answer carries', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  it('sends nosniff and no-store on every API answer, errors included, and keeps a route’s own caching', async () => {
    const token = await api.token();
    const answers = [
      await api.request('/v2/settings', { token }),
      await api.request('/v2/settings', { token: null }),
      await api.request('/no/such/path', { token: null }),
      await api.request('/v2/application-keys', { method: 'PATCH', token }),
      await api.request('/v2/application-keys', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
        token,
      }),
      await api.request('/v2/application-keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"data":',
        token,
      }),
      await api.request('/health/live', { token: null }),
    ];
    expect(
      answers.map((r) => [r.status, r.headers.get('x-content-type-options'), r.headers.get('cache-control')]),
    ).to.deep.equal([200, 401, 404, 405, 415, 400, 200].map((status) => [status, 'nosniff', 'no-store']));
    const document = await api.request('/v2/openapi.json', { token: null });
    expect([document.headers.get('x-content-type-options'), document.headers.get('cache-control')]).to.deep.equal([
      'nosniff',
      'no-cache',
    ]);
    const raw = parseRawResponse((await rawExchange(api.url, 'NOT HTTP\r\n\r\n', 2000)).text);
    expect(
      [raw.status, raw.headers['x-content-type-options'], raw.headers['cache-control']],
      'the server’s own answers too',
    ).to.deep.equal([400, 'nosniff', 'no-store']);
  });

  it('serves the reference page under a Content-Security-Policy that allows only its own files and no framing', async () => {
    const page = await api.request('/docs', { token: null });
    const policy = page.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
    expect(directives).to.deep.include({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
    });
    expect(page.headers.get('x-frame-options')).to.equal('DENY');
    expect(page.headers.get('x-content-type-options')).to.equal('nosniff');
    // Everything the page loads is a file of this origin: the policy allows it.
    const html = await page.text();
    const loaded = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(loaded.length).to.be.at.least(4);
    expect(loaded.every((u) => u.startsWith('/docs/'))).to.equal(true);
    expect(html).to.not.match(/<script>(?!<\/script>)|<style>|\sstyle="/);
  });

  it('answers every 401 of a guarded route with the same headers, whatever was wrong with the token', async () => {
    const headerNames = (r: Response) => [...r.headers.keys()].filter((h) => h !== 'date').sort();
    const answers = [
      await api.request('/v2/settings', { token: null }),
      await api.request('/v2/settings', { token: 'unknown-token' }),
      await api.request('/v2/settings', { headers: { Authorization: 'Basic dXNlcjpwYXNz' }, token: null }),
      await api.request('/v2/settings', { headers: { Authorization: 'Bearer' }, token: null }),
      await api.request('/v2/application-keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
        token: 'unknown-token',
      }),
    ];
    expect(answers.map((r) => r.status)).to.deep.equal([401, 401, 401, 401, 401]);
    const [first, ...rest] = answers.map(headerNames);
    for (const names of rest) expect(names).to.deep.equal(first);
    expect(first).to.include.members(['www-authenticate', 'x-content-type-options', 'cache-control', 'x-request-id']);
    expect(first!.filter((h) => h.startsWith('x-ratelimit'))).to.deep.equal([]);
  });
});
