import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../../src/adapters/http/console/console-endpoints.js';
import { CONSOLE_BUILD_DIR, consoleBuild, pickEncoding } from '../../../src/adapters/http/console-assets.js';
import { ensureConsoleBuilt } from '../../support/console-build.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

/** A GET with the given Accept-Encoding, read as raw bytes, so what is on the wire is what is checked. */
const rawGet = (
  url: string,
  acceptEncoding: string | undefined,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });

const assetUrls = (html: string): string[] =>
  [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '').filter((u) => u !== 'data:,');

describe('Console: served by the service', () => {
  let api: TestApi;
  before(async () => {
    await ensureConsoleBuilt();
    api = await startTestApi();
  });
  after(() => api.close());

  it('answers GET /console without a token, under a policy that allows only its own files and API, and no framing', async () => {
    const response = await api.request('/console', { token: null });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).to.equal(CONSOLE_CONTENT_SECURITY_POLICY);
    expect(CONSOLE_CONTENT_SECURITY_POLICY)
      .to.include("script-src 'self'")
      .and.include("style-src 'self'")
      .and.include("connect-src 'self'")
      .and.not.include('unsafe');
    expect(response.headers.get('x-frame-options')).to.equal('DENY');
    expect(response.headers.get('cache-control')).to.equal('no-cache');
    const html = await response.text();
    expect(html).not.to.match(/https?:|\/\//);
    expect(html).not.to.match(/\bstyle=/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).to.have.length(1);
    expect(scripts.every((m) => /\bsrc="\/console\/assets\//.test(m[1] ?? '') && (m[2] ?? '').trim() === '')).to.equal(
      true,
    );
    const urls = assetUrls(html);
    expect(urls).to.have.length(2);
    for (const url of urls) expect(url).to.match(/^\/console\/assets\/main-[A-Z0-9]{8}\.(js|css)$/);
  });

  it('serves each file as built, under its digest-bearing name, cached for a year, brotli or gzip as the browser accepts', async () => {
    const html = await (await api.request('/console', { token: null })).text();
    for (const url of assetUrls(html)) {
      const onDisk = await readFile(new URL(`assets/${url.slice('/console/assets/'.length)}`, CONSOLE_BUILD_DIR));
      const type = url.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      const cases: [string | undefined, string | undefined, (b: Buffer) => Buffer][] = [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
        [undefined, undefined, (b) => b],
        ['identity', undefined, (b) => b],
      ];
      for (const [accept, encoding, decode] of cases) {
        const answer = await rawGet(`${api.url}${url}`, accept);
        expect(answer.status, `${url} ${accept}`).to.equal(200);
        expect(answer.headers['content-type'], url).to.equal(type);
        expect(answer.headers['cache-control'], url).to.equal('public, max-age=31536000, immutable');
        expect(answer.headers['vary'], url).to.equal('Accept-Encoding');
        expect(answer.headers['content-encoding'], `${url} ${accept}`).to.equal(encoding);
        expect(decode(answer.body).equals(onDisk), `${url} ${accept}`).to.equal(true);
        if (encoding !== undefined) expect(answer.body.length).to.be.below(onDisk.length);
      }
      // The answer as a client that decodes it sees it, held to the OpenAPI document.
      await api.request(url, { token: null });
    }
  });

  it('answers a name that is not in the build 404 with an error document, and other methods 405', async () => {
    for (const file of ['main-AAAAAAAA.js', 'manifest.json', '..%2Fmanifest.json', 'main.js']) {
      const response = await api.request(`/console/assets/${file}`, { token: null });
      expect(response.status, file).to.equal(404);
      expect(((await response.json()) as { errors: { status: string }[] }).errors[0]?.status).to.equal('404');
    }
    expect((await api.request('/console', { method: 'POST', token: null })).status).to.equal(405);
  });
});

describe('Console: a package built without it', () => {
  it('answers /console and its files 404 with an error document that says why, until a build is there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'console-none-'));
    const empty = pathToFileURL(`${dir}/`);
    const api = await startTestApi({ consoleBuildDir: empty });
    try {
      expect(await consoleBuild(empty)).to.equal(undefined);
      for (const url of ['/console', '/console/assets/main-AAAAAAAA.js']) {
        const response = await api.request(url, { token: null });
        expect(response.status, url).to.equal(404);
        const body = (await response.json()) as { errors: { detail: string }[] };
        expect(body.errors[0]?.detail).to.include('built without the console');
      }
      // A build swapped in while the service runs (tools/build.mjs) is found by the next request.
      await ensureConsoleBuilt();
      await cp(CONSOLE_BUILD_DIR, empty, { recursive: true });
      expect((await api.request('/console', { token: null })).status).to.equal(200);
    } finally {
      await api.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Console: choosing an encoding', () => {
  const table: [string | undefined, ReturnType<typeof pickEncoding>][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0', 'identity'],
    ['br;q=0.5', 'br'],
    ['gzip;q=1, br;q=0.001', 'br'],
  ];
  for (const [header, expected] of table)
    it(`${JSON.stringify(header)} → ${expected}`, () => expect(pickEncoding(header)).to.equal(expected));
});
