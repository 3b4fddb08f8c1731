import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import fc from 'fast-check';
import { COMPRESS_FROM_BYTES } from '../../../src/adapters/http/middleware/compress-answers.js';
import { propertyRuns } from '../../properties/property-runs.js';
import { assertDocumented } from '../../support/openapi-contract.js';
import { productData } from '../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../support/test-api.js';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
}

/** One request over a socket of its own, its answer's bytes as they came, not decoded. */
const send = (
  api: TestApi,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = request(`${api.url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

const decoded = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === undefined) return answer.bytes.toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(answer.bytes).toString('utf8');
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
};

/** Holds the answer, decoded, to the OpenAPI document, as every answer a test receives is. */
const documented = (method: string, path: string, answer: RawAnswer): string => {
  const body = method === 'HEAD' ? '' : decoded(answer);
  assertDocumented({
    method,
    path,
    status: answer.status,
    header: (name) => String(answer.headers[name.toLowerCase()] ?? '') || undefined,
    body,
  });
  return body;
};

const vary = (answer: RawAnswer): string[] =>
  String(answer.headers['vary'] ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('HTTP: compressed answers for clients that ask', () => {
  let api: TestApi;
  let auth: Record<string, string>;
  const LIST = '/v2/subscriptions/subscribers?page[limit]=25';
  const TINY = '/v2/subscriptions/subscribers?page[limit]=1&filter=eq(email,nobody@example.com)';

  before(async () => {
    api = await startTestApi();
    auth = { Authorization: `Bearer ${await api.token()}` };
    for (let n = 0; n < 20; n += 1) {
      const created = await api.request(
        '/v2/subscriptions/subscribers',
        jsonBody({
          data: {
            type: 'subscription_subscriber',
            attributes: {
              account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
              name: `Subscriber ${n}`,
              email: `s${n}@example.com`,
            },
          },
        }),
      );
      expect(created.status).to.equal(201);
    }
  });
  after(async () => api.close());

  const get = async (
    path: string,
    acceptEncoding?: string,
    method = 'GET',
  ): Promise<{ answer: RawAnswer; body: string }> => {
    const answer = await send(api, method, path, {
      ...auth,
      ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }),
    });
    return { answer, body: documented(method, path, answer) };
  };

  it('sends a large JSON answer as it is to a client that does not ask, saying it varies with Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, '', 'identity', 'deflate', 'gzip;q=0, br;q=0', 'compress, zstd']) {
      const { answer, body } = await get(LIST, acceptEncoding);
      expect(answer.status).to.equal(200);
      expect(answer.headers['content-encoding'], String(acceptEncoding)).to.equal(undefined);
      expect(Number(answer.headers['content-length'])).to.equal(answer.bytes.length);
      expect(answer.bytes.length).to.be.above(COMPRESS_FROM_BYTES);
      expect((JSON.parse(body) as { data: unknown[] }).data).to.have.length(20);
      expect(vary(answer)).to.include('accept-encoding');
    }
  });

  it('compresses a large JSON answer with gzip or br as asked, into the same JSON in fewer bytes', async () => {
    const { body: plain } = await get(LIST);
    for (const [acceptEncoding, expected] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'gzip'],
      ['br, gzip', 'br'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['gzip;q=0, br', 'br'],
      ['GZIP', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const { answer, body } = await get(LIST, acceptEncoding);
      expect(answer.status).to.equal(200);
      expect(answer.headers['content-encoding'], acceptEncoding).to.equal(expected);
      expect(answer.headers['content-length'], 'streamed').to.equal(undefined);
      expect(answer.headers['content-type']).to.match(/^application\/json/);
      expect(vary(answer)).to.include('accept-encoding');
      expect(body).to.equal(plain);
      expect(answer.bytes.length, 'compressed bytes').to.be.below(Buffer.byteLength(plain) / 2);
    }
  });

  it('sends an answer under the threshold as it is, and a HEAD answer without an encoding or a body', async () => {
    const { answer: tiny, body } = await get(TINY, 'gzip, br');
    expect(tiny.status).to.equal(200);
    expect(Buffer.byteLength(body)).to.be.below(COMPRESS_FROM_BYTES);
    expect(tiny.headers['content-encoding']).to.equal(undefined);
    expect(vary(tiny)).to.include('accept-encoding');
    const { answer: head } = await get(LIST, 'gzip', 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.headers['content-encoding']).to.equal(undefined);
    expect(vary(head)).to.include('accept-encoding');
    expect(head.bytes.length).to.equal(0);
  });

  it('never compresses the answer to a write, however large', async () => {
    const path = '/v2/subscriptions/products';
    const answer = await send(
      api,
      'POST',
      path,
      { ...auth, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip, br' },
      JSON.stringify({ data: productData({ name: 'n'.repeat(1024), description: 'd'.repeat(1024) }) }),
    );
    const body = documented('POST', path, answer);
    expect(answer.status).to.equal(201);
    expect(Buffer.byteLength(body)).to.be.above(COMPRESS_FROM_BYTES);
    expect(answer.headers['content-encoding']).to.equal(undefined);
    expect(vary(answer), 'every answer says it').to.include('accept-encoding');
  });

  it('answers any Accept-Encoding with the same JSON, compressed only with an encoding the header accepts', async () => {
    const { body: plain } = await get(LIST);
    const coding = fc.constantFrom(
      'gzip',
      'br',
      'deflate',
      'identity',
      '*',
      'zstd',
      'GZip',
      'x-gzip',
      'br;',
      ';q=1',
      '',
    );
    const q = fc.option(fc.constantFrom('0', '0.0', '0.001', '0.5', '1', '1.000', 'abc', '2'), { nil: undefined });
    const header = fc
      .array(
        fc.tuple(coding, q).map(([c, v]) => (v === undefined ? c : `${c};q=${v}`)),
        { maxLength: 5 },
      )
      .map((parts) => parts.join(', '));
    await fc.assert(
      fc.asyncProperty(header, async (acceptEncoding) => {
        const { answer, body } = await get(LIST, acceptEncoding);
        expect(answer.status).to.equal(200);
        expect(body).to.equal(plain);
        const encoding = answer.headers['content-encoding'];
        if (encoding === undefined) return;
        expect(['gzip', 'br']).to.include(encoding);
        // The chosen encoding is named in the header, or the header has `*`, with a q above 0.
        const named = acceptEncoding.split(',').map((part) => part.trim().toLowerCase().split(';'));
        const accepted = named.some(
          ([name, ...params]) =>
            (name === encoding || name === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p.trim())),
        );
        expect(accepted, `${acceptEncoding} -> ${encoding}`).to.equal(true);
      }),
      { numRuns: propertyRuns(40) },
    );
  });
});
