import { expect } from 'chai';
import type { ApplicationKeyRepository } from '../../../src/application/ports/keys/application-key-repository.js';
import { StorageUnavailable } from '../../../src/application/ports/storage-unavailable.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { errorBody, withoutRequestIds } from '../../support/error-body.js';
import { rawExchange } from '../../support/raw-socket.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

describe('HTTP: conventions for every endpoint', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ baseUrl: 'https://api.example.com' });
  });
  after(async () => api.close());

  it('answers malformed JSON with a 400 error document', async () => {
    const response = await api.request('/v2/application-keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":',
    });
    expect(response.status).to.equal(400);
    expect(await errorBody(response)).to.deep.equal({
      errors: [
        { status: '400', title: 'Bad Request', code: 'invalid_body', detail: 'the request body is not valid JSON' },
      ],
    });
  });

  it('answers requests Node itself refuses with a JSON error document too: over-long headers, broken HTTP', async () => {
    const huge = await rawExchange(
      api.url,
      `GET /v2/application-keys?filter=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(huge).to.match(/^HTTP\/1\.1 431 /);
    const requestId = /\r\nX-Request-Id: ([^\r]+)\r\n/i.exec(huge)?.[1] ?? null;
    expect(withoutRequestIds(JSON.parse(huge.split('\r\n\r\n')[1]!), requestId)).to.deep.equal({
      errors: [
        {
          status: '431',
          title: 'Request Header Fields Too Large',
          code: 'header_fields_too_large',
          detail: 'the request line and headers are larger than 16 KiB',
        },
      ],
    });
    const broken = await rawExchange(api.url, 'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: nope\r\n\r\n');
    expect(broken).to.match(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.split('\r\n\r\n')[1]!).errors[0]).to.include({
      status: '400',
      detail: 'the request is not valid HTTP/1.1',
    });
  });

  it('answers bodies that are not an object or hold no data object with 400', async () => {
    for (const [body, source] of [
      ['[]', 'body'],
      ['{}', 'data'],
      ['{"data":[]}', 'data'],
      ['{"data":"x"}', 'data'],
    ] as const) {
      const response = await api.request('/v2/application-keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status, body).to.equal(400);
      expect(((await response.json()) as { errors: { source: string }[] }).errors[0]?.source).to.equal(source);
    }
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await api.request('/v2/application-keys', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).to.equal(415);
    expect(((await response.json()) as { errors: { status: string }[] }).errors[0]?.status).to.equal('415');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ data: { type: 'application_key', name: 'x'.repeat(1024 * 1024) } });
    const response = await api.request('/v2/application-keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    expect(response.status).to.equal(413);
    expect(((await response.json()) as { errors: { title: string }[] }).errors[0]?.title).to.equal('Payload Too Large');
  });

  it('accepts bodiless GET and DELETE requests that carry Content-Type: application/json', async () => {
    const response = await api.request('/v2/application-keys', { headers: { 'Content-Type': 'application/json' } });
    expect(response.status).to.equal(200);
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const unknown = await api.request('/v2/nothing-here');
    expect(unknown.status).to.equal(404);
    expect(await errorBody(unknown)).to.deep.equal({
      errors: [{ status: '404', title: 'Not Found', code: 'route_not_found', detail: 'no route matches this path' }],
    });
    const wrong = await api.request('/v2/application-keys', { method: 'PATCH' });
    expect(wrong.status).to.equal(405);
    expect(wrong.headers.get('allow')).to.include('POST');
    expect(((await wrong.json()) as { errors: { status: string }[] }).errors[0]?.status).to.equal('405');
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const echoed = await api.request('/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).to.equal('abc-123');
    const replaced = await api.request('/health', { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('uses the configured base URL in links', async () => {
    const body = (await (await api.request('/v2/application-keys')).json()) as { links: { first: string } };
    expect(body.links.first).to.equal(
      'https://api.example.com/v2/application-keys?page%5Boffset%5D=0&page%5Blimit%5D=25',
    );
  });

  it('writes one JSON log line per request without tokens or secrets', async () => {
    const token = await api.token();
    await api.request('/v2/application-keys?page[limit]=3', { token, headers: { 'X-Request-Id': 'log-line-check' } });
    const line = api.logs.lines.find((l) => l['request_id'] === 'log-line-check');
    expect(line).to.include({ method: 'GET', path: '/v2/application-keys', status: 200, msg: 'request' });
    expect(line?.['duration_ms']).to.be.a('number');
    expect(api.logs.text).not.to.include(token);
    expect(api.logs.text).not.to.include(api.store.clientSecret);
  });

  it('reports health as 200', async () => {
    const response = await api.request('/health', { token: null });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ status: 'ok', database: 'up', rate_limiter: 'in-process' });
  });
});

describe('HTTP: failures of the infrastructure', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({
      configure: (container) => {
        container
          .rebind(TOKENS.DatabaseHealth)
          .toConstantValue({ ping: async () => false, schema: async () => 'unknown' });
        const real = container.get(TOKENS.ApplicationKeyRepository);
        const broken: ApplicationKeyRepository = {
          insert: (...args) => real.insert(...args),
          update: (...args) => real.update(...args),
          delete: (...args) => real.delete(...args),
          findById: (...args) => real.findById(...args),
          findByClientId: (...args) => real.findByClientId(...args),
          markUsed: (...args) => real.markUsed(...args),
          list: async (_storeId, query) => {
            if (query.page.limit === 7) throw new StorageUnavailable('the connection failed (ECONNREFUSED)');
            throw new Error('connection refused: internal-detail-42');
          },
        };
        container.rebind(TOKENS.ApplicationKeyRepository).toConstantValue(broken);
      },
    });
  });
  after(async () => api.close());

  it('reports health as 503 while the database does not answer', async () => {
    const response = await api.request('/health', { token: null });
    expect(response.status).to.equal(503);
    expect(await response.json()).to.deep.equal({
      status: 'unavailable',
      database: 'down',
      rate_limiter: 'in-process',
    });
  });

  it('answers a generic 500 with the request id and logs the stack under the same id', async () => {
    const response = await api.request('/v2/application-keys', { headers: { 'X-Request-Id': 'failing-request' } });
    expect(response.status).to.equal(500);
    const text = await response.text();
    expect(text).not.to.include('internal-detail-42');
    expect(JSON.parse(text)).to.deep.equal({
      errors: [
        {
          status: '500',
          title: 'Internal Server Error',
          code: 'internal_error',
          detail: 'there was a problem processing your request',
          meta: { request_id: 'failing-request' },
        },
      ],
    });
    const logged = api.logs.lines.find((l) => l['request_id'] === 'failing-request' && l['msg'] === 'unexpected error');
    expect(JSON.stringify(logged)).to.include('internal-detail-42');
    expect((logged?.['err'] as { stack?: string } | undefined)?.stack).to.include('conventions.spec.ts');
  });

  it('answers 503 with Retry-After when the database cannot be reached, without an error-level log line', async () => {
    const before = api.logs.lines.length;
    const response = await api.request('/v2/application-keys?page[limit]=7', {
      headers: { 'X-Request-Id': 'unavailable-request' },
    });
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.equal('2');
    expect(await response.json()).to.deep.equal({
      errors: [
        {
          status: '503',
          title: 'Service Unavailable',
          code: 'database_unavailable',
          detail: 'the database is unavailable; retry shortly',
          meta: { request_id: 'unavailable-request' },
        },
      ],
    });
    expect(api.logs.lines.slice(before).filter((l) => Number(l['level']) >= 40)).to.deep.equal([]);
  });
});
