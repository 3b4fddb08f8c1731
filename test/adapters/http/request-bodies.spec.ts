import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { BODY_LIMITS } from '../../../src/adapters/http/middleware/body-rules.js';
import { errorBody } from '../../support/error-body.js';
import { parseRawResponse, rawExchange } from '../../support/raw-http.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

const KEY = JSON.stringify({ data: { type: 'application_key', name: 'Compressed' } });

const errorsOf = async (response: Response) => (await errorBody(response)).errors;

describe('HTTP: request bodies, their limits and their encodings', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  const post = (path: string, body: Uint8Array | string, headers: Record<string, string>) =>
    api.request(path, { method: 'POST', headers, body });

  it('states the JSON limit in the 413 of a JSON body over it', async () => {
    expect(BODY_LIMITS.json).to.equal(1024 * 1024);
    const body = JSON.stringify({ data: { type: 'application_key', name: 'x'.repeat(BODY_LIMITS.json) } });
    const response = await post('/v2/application-keys', body, { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(413);
    expect(await errorsOf(response)).to.deep.equal([
      {
        status: '413',
        title: 'Payload Too Large',
        code: 'payload_too_large',
        detail: 'the request body is larger than 1 MiB',
      },
    ]);
  });

  it('states the form limit in the 413 of a token form over it', async () => {
    expect(BODY_LIMITS.form).to.equal(64 * 1024);
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'x'.repeat(BODY_LIMITS.form),
      client_secret: 'y',
    }).toString();
    const response = await post('/oauth/access_token', form, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(response.status).to.equal(413);
    expect(await errorsOf(response)).to.deep.equal([
      {
        status: '413',
        title: 'Payload Too Large',
        code: 'payload_too_large',
        detail: 'the request body is larger than 64 KiB',
      },
    ]);
  });

  it('takes no more JSON than form at the token endpoint, which reads its body before anyone is authenticated', async () => {
    const json = JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'x'.repeat(BODY_LIMITS.form),
      client_secret: 'y',
    });
    const response = await post('/oauth/access_token', json, { 'Content-Type': 'application/json' });
    expect(response.status).to.equal(413);
    expect(await errorsOf(response)).to.deep.equal([
      {
        status: '413',
        title: 'Payload Too Large',
        code: 'payload_too_large',
        detail: 'the request body is larger than 64 KiB',
      },
    ]);
  });

  it('counts the limit after decompression', async () => {
    const body = gzipSync(JSON.stringify({ data: { type: 'application_key', name: ' '.repeat(BODY_LIMITS.json) } }));
    expect(body.length).to.be.below(BODY_LIMITS.json / 10);
    const response = await post('/v2/application-keys', body, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(response.status).to.equal(413);
    expect((await errorsOf(response))[0]?.['detail']).to.equal('the request body is larger than 1 MiB');
  });

  it('reads gzip, deflate and br bodies, whatever the case of the coding', async () => {
    const encoded: Array<[string, Uint8Array]> = [
      ['gzip', gzipSync(KEY)],
      ['deflate', deflateSync(KEY)],
      ['br', brotliCompressSync(KEY)],
      ['GZip', gzipSync(KEY)],
      ['identity', Buffer.from(KEY)],
    ];
    for (const [coding, body] of encoded) {
      const response = await post('/v2/application-keys', body, {
        'Content-Type': 'application/json',
        'Content-Encoding': coding,
      });
      expect(response.status, coding).to.equal(201);
    }
  });

  it('answers a body that does not decompress with a 400, once the route is known and the caller authenticated', async () => {
    const cases: Array<[string, string, Uint8Array]> = [
      ['/v2/application-keys', 'gzip', Buffer.from('not gzip at all')],
      ['/oauth/access_token', 'deflate', Buffer.from('not deflate either')],
      ['/v2/application-keys', 'gzip', gzipSync(KEY).subarray(0, 12)],
      ['/v2/application-keys', 'br', Buffer.from('garbage garbage garbage')],
    ];
    for (const [path, coding, body] of cases) {
      const response = await post(path, body, { 'Content-Type': 'application/json', 'Content-Encoding': coding });
      expect(response.status, `${path} ${coding}`).to.equal(400);
      expect(await errorsOf(response)).to.deep.equal([
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_body',
          detail: `the request body is not valid ${coding} data`,
        },
      ]);
    }
  });

  it('reads no body before the route is matched and the caller authenticated: an unknown path is a 404, no token a 401', async () => {
    const garbage = Buffer.from('not gzip at all');
    const unrouted = await post('/no/such/path', garbage, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(unrouted.status).to.equal(404);
    const anonymous = await api.request('/v2/application-keys', {
      method: 'POST',
      body: garbage,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      token: null,
    });
    expect(anonymous.status).to.equal(401);
    const unreadable = await api.request('/v2/application-keys', {
      method: 'POST',
      body: '{"data": ',
      headers: { 'Content-Type': 'application/json' },
      token: 'not-a-token',
    });
    expect(unreadable.status).to.equal(401);
  });

  it('answers a coding it cannot undo with a 415 naming the ones it can', async () => {
    for (const coding of ['compress', 'zstd', 'gzip, br']) {
      const response = await post('/v2/application-keys', Buffer.from(KEY), {
        'Content-Type': 'application/json',
        'Content-Encoding': coding,
      });
      expect(response.status, coding).to.equal(415);
      expect(await errorsOf(response)).to.deep.equal([
        {
          status: '415',
          title: 'Unsupported Media Type',
          code: 'unsupported_media_type',
          detail: `Content-Encoding "${coding}" is not supported; use one of identity, gzip, deflate, br`,
        },
      ]);
    }
  });

  it('reads a gzip body sent in chunks, without a Content-Length', async () => {
    const token = await api.token();
    const head = `POST /v2/application-keys HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    const zipped = gzipSync(KEY);
    const chunked = Buffer.concat([
      Buffer.from(`${zipped.length.toString(16)}\r\n`),
      zipped,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const response = parseRawResponse(
      (await rawExchange(api.url, Buffer.concat([Buffer.from(head), chunked]), 2_000)).text,
    );
    expect(response.status, 'a chunked gzip body is read').to.equal(201);
  });

  it('keeps the malformed-JSON detail', async () => {
    const json = await post('/v2/application-keys', '{"data":', { 'Content-Type': 'application/json' });
    expect((await errorsOf(json))[0]?.['detail']).to.equal('the request body is not valid JSON');
  });
});
