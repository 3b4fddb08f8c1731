import { expect } from 'chai';
import { MAX_JSON_DEPTH } from '../../../src/domain/shared/json-depth.js';
import { errorBody } from '../../support/error-body.js';
import { checkResponse } from '../../support/openapi-contract.js';
import { startTestApi, type TestApi } from '../../support/test-api.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** 1 MiB less a little: within the body limit, nesting half a million levels. */
const MEGABYTE_DEEP = nested(512 * 1024 - 8);

/**
 * What a request costs before it is known to be allowed: each hostile request, timed against a plain
 * unauthenticated one, must cost about the same. Each is timed by its fastest of up to ten runs, the best
 * estimate of its own cost on a busy machine (a slow run says more about the machine than about the
 * request), and the bound is wide; the costs it guards against are not: a quadratic path regex took
 * 250–600 ms, a parsed 1 MB body 90–170 ms, on every run.
 */
const BOUND_MS = 60;

describe('HTTP: nothing expensive before authentication', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  // Held to the document without the request body: checking a megabyte of nesting would time the test's own parse.
  const postRaw = async (path: string, body: string, headers: Record<string, string>) =>
    checkResponse(
      'POST',
      path,
      await fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      }),
    );

  // Up to ten runs, ending at the first within the bound: noise passes once the machine has a quiet moment, a
  // cost of the request's own (the quadratic regex, the parsed megabyte) never does.
  const fastestMs = async (send: () => Promise<Response>, runs = 10): Promise<{ ms: number; status: number }> => {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < runs && !(Math.min(...times) <= BOUND_MS); i += 1) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      times.push(performance.now() - started);
      status = response.status;
    }
    return { ms: Math.min(...times), status };
  };

  it('answers hostile paths and headers in about the time of a plain 401', async () => {
    const token = await api.token();
    const json = { 'Content-Type': 'application/json' };
    const cases: readonly [string, () => Promise<Response>, number][] = [
      [
        'a plain POST without a token',
        () => api.request('/v2/subscriptions/products', { method: 'POST', headers: json, body: '{}', token: null }),
        401,
      ],
      [
        'POST / and 16,000 slashes and a letter',
        () => api.request(`/${'/'.repeat(16_000)}a`, { method: 'POST', headers: json, body: '{}', token: null }),
        404,
      ],
      [
        'POST a route and 16,000 slashes and a letter',
        () =>
          api.request(`/v2/subscriptions/imports${'/'.repeat(16_000)}a`, {
            method: 'POST',
            headers: json,
            body: '{}',
            token: null,
          }),
        404,
      ],
      [
        'a path of 8,000 segments',
        () => api.request(`/v2${'/a'.repeat(8_000)}`, { method: 'POST', headers: json, body: '{}', token: null }),
        404,
      ],
      [
        'an id of 16,000 characters',
        () => api.request(`/v2/subscriptions/subscriptions/${'a'.repeat(16_000)}/x`, { token }),
        404,
      ],
      [
        'Authorization: Bearer, 12,000 spaces, two words',
        () =>
          api.request('/v2/settings', { headers: { Authorization: `Bearer ${' '.repeat(12_000)}x y` }, token: null }),
        401,
      ],
      [
        'Authorization: Bearer, a 12,000-character token, spaces, a letter',
        () =>
          api.request('/v2/settings', {
            headers: { Authorization: `Bearer ${'a'.repeat(12_000)}${' '.repeat(2_000)}!` },
            token: null,
          }),
        401,
      ],
      [
        'X-Request-Id of 14,000 characters',
        () => api.request('/v2/settings', { headers: { 'X-Request-Id': `${'a'.repeat(14_000)}!` }, token: null }),
        401,
      ],
      [
        'Content-Type with 2,000 parameters',
        () =>
          api.request('/v2/subscriptions/products', {
            method: 'POST',
            headers: { 'Content-Type': `application/json${'; a=b'.repeat(2_000)}` },
            body: '{}',
            token: null,
          }),
        401,
      ],
      [
        'Content-Encoding padded with 12,000 spaces',
        () =>
          api.request('/v2/subscriptions/products', {
            method: 'POST',
            headers: { ...json, 'Content-Encoding': `${'\t'.repeat(12_000)}gzip` },
            body: '{}',
            token: null,
          }),
        401,
      ],
      [
        'Idempotency-Key of 12,000 spaces and a Latin-1 letter',
        () =>
          api.request('/v2/subscriptions/products', {
            method: 'POST',
            headers: { ...json, 'Idempotency-Key': `a${' '.repeat(12_000)}é` },
            body: '{}',
            token,
          }),
        400,
      ],
      [
        'a filter of 800 conditions',
        () => api.request(`/v2/subscriptions/subscriptions?filter=${'eq(name,a):'.repeat(800)}`, { token }),
        400,
      ],
      ['1 MB of nested [ without a token', () => postRaw('/v2/subscriptions/products', MEGABYTE_DEEP, {}), 401],
      [
        '1 MB of nested [ with a token',
        () => postRaw('/v2/subscriptions/products', MEGABYTE_DEEP, { Authorization: `Bearer ${token}` }),
        400,
      ],
      [
        '1 MB of nested [ with a token and an Idempotency-Key',
        () =>
          postRaw('/v2/subscriptions/products', MEGABYTE_DEEP, {
            Authorization: `Bearer ${token}`,
            'Idempotency-Key': `k-${Math.random()}`,
          }),
        400,
      ],
      ['1 MB of nested [ to the token endpoint', () => postRaw('/oauth/access_token', MEGABYTE_DEEP, {}), 413],
    ];
    const measured = [];
    for (const [name, send, status] of cases) measured.push({ name, expected: status, ...(await fastestMs(send)) });
    expect(measured.map((m) => [m.name, m.status])).to.deep.equal(measured.map((m) => [m.name, m.expected]));
    const slow = measured.filter((m) => m.ms > BOUND_MS).map((m) => `${m.name}: ${m.ms.toFixed(1)} ms`);
    expect(slow, `a plain 401 took ${measured[0]!.ms.toFixed(1)} ms`).to.deep.equal([]);
  });

  it('refuses a body nesting deeper than the limit with a 400 that says so, with or without Idempotency-Key, and takes one at the limit', async () => {
    const token = await api.token();
    const post = (body: string, headers: Record<string, string> = {}) =>
      postRaw('/v2/application-keys', body, { Authorization: `Bearer ${token}`, ...headers });
    // `{"data": {..., "extra": [[...]]}}`: the object and `data` take two of the levels.
    const withExtra = (depth: number) =>
      JSON.stringify({ data: { type: 'application_key', name: 'Deep' } }).replace(
        /}}$/,
        `,"extra":${nested(depth - 2)}}}`,
      );
    expect((await post(withExtra(MAX_JSON_DEPTH))).status, 'at the limit').to.equal(201);
    for (const [body, headers] of [
      [withExtra(MAX_JSON_DEPTH + 1), {}],
      [MEGABYTE_DEEP, {}],
      [MEGABYTE_DEEP, { 'Idempotency-Key': 'deep-1' }],
      [withExtra(MAX_JSON_DEPTH + 1), { 'Idempotency-Key': 'deep-2' }],
    ] as const) {
      const response = await post(body, headers);
      expect(response.status).to.equal(400);
      expect(await errorBody(response)).to.deep.equal({
        errors: [
          {
            status: '400',
            title: 'Bad Request',
            code: 'invalid_body',
            detail: 'the request body is not accepted: the JSON nests deeper than 64 levels',
          },
        ],
      });
    }
    const tokenRequest = await postRaw('/oauth/access_token', nested(MAX_JSON_DEPTH + 1), {});
    expect(tokenRequest.status, 'the token endpoint reads JSON too').to.equal(400);
    expect((await errorBody(tokenRequest)).errors[0]?.['detail']).to.equal(
      'the request body is not accepted: the JSON nests deeper than 64 levels',
    );
  });
});
