import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

interface KeyDocument {
  data: Record<string, unknown> & { id: string; meta: { timestamps: Record<string, string | null> } };
  links: { self: string };
}

describe('HTTP: /v2/application-keys', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ rateLimit: 100 });
  });
  afterEach(async () => api.close());

  const createKey = async (data: Record<string, unknown>) =>
    api.request('/v2/application-keys', jsonBody({ data: { type: 'application_key', ...data } }));

  it('creates a key: 201, the secret once, links.self beside data', async () => {
    const response = await createKey({ name: 'Storefront', reserved_rate_limit: 5 });
    expect(response.status).to.equal(201);
    const body = (await response.json()) as KeyDocument;
    expect(body.data).to.include({ type: 'application_key', name: 'Storefront', reserved_rate_limit: 5 });
    expect(body.data['client_id']).to.be.a('string');
    expect(body.data['client_secret']).to.match(/^[0-9a-f]{64}$/);
    expect(body.data.meta.timestamps['created_at']).to.match(TIMESTAMP);
    expect(body.data.meta.timestamps['updated_at']).to.match(TIMESTAMP);
    expect(body.data.meta.timestamps['last_used_at']).to.equal(null);
    expect(body.links.self).to.equal(`${api.url}/v2/application-keys/${body.data.id}`);

    const read = (await (
      await api.request(`/v2/application-keys/${body.data.id}`, { headers: { 'Content-Type': 'application/json' } })
    ).json()) as KeyDocument;
    expect(read.data).not.to.have.property('client_secret');
    expect(read.data).to.include({ name: 'Storefront', reserved_rate_limit: 5 });
  });

  it('replays an Idempotency-Key create without the secret, saying it was shown once; the one secret still works', async () => {
    const create = () =>
      api.request('/v2/application-keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-once' },
        body: JSON.stringify({ data: { type: 'application_key', name: 'Retried' } }),
      });
    const first = (await (await create()).json()) as KeyDocument;
    expect(first.data['client_secret']).to.match(/^[0-9a-f]{64}$/);
    expect(first).not.to.have.property('meta');
    const replay = await create();
    expect(replay.status).to.equal(201);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    const replayed = (await replay.json()) as KeyDocument & { meta: unknown };
    expect(replayed.data).not.to.have.property('client_secret');
    expect(replayed.meta).to.deep.equal({ shown_once: ['data.client_secret'] });
    const { client_secret: _secret, ...withoutSecret } = first.data;
    expect(replayed.data).to.deep.equal(withoutSecret);
    expect(replayed.links).to.deep.equal(first.links);
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: String(first.data['client_id']),
      client_secret: String(first.data['client_secret']),
    });
    expect((await api.request('/oauth/access_token', { method: 'POST', body: form, token: null })).status).to.equal(
      200,
    );
  });

  it('leaves reserved_rate_limit out when it was never set', async () => {
    const body = (await (await createKey({ name: 'plain' })).json()) as KeyDocument;
    expect(body.data).not.to.have.property('reserved_rate_limit');
  });

  it('lists with page meta, results, total_reserved_rate_limit and absolute links', async () => {
    for (const n of [1, 2, 3]) await createKey({ name: `k${n}`, reserved_rate_limit: n });
    const response = await api.request('/v2/application-keys?page[limit]=2&page[offset]=2', {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as {
      data: { name: string }[];
      meta: unknown;
      links: Record<string, string | null>;
    };
    expect(body.data.map((k) => k.name)).to.deep.equal(['k1', 'Default key']);
    expect(body.meta).to.deep.equal({
      page: { limit: 2, offset: 2, current: 2, total: 2 },
      results: { total: 4, total_method: 'exact' },
      total_reserved_rate_limit: 6,
    });
    expect(body.links).to.deep.equal({
      current: `${api.url}/v2/application-keys?page%5Boffset%5D=2&page%5Blimit%5D=2`,
      first: `${api.url}/v2/application-keys?page%5Boffset%5D=0&page%5Blimit%5D=2`,
      last: `${api.url}/v2/application-keys?page%5Boffset%5D=2&page%5Blimit%5D=2`,
      next: null,
      prev: `${api.url}/v2/application-keys?page%5Boffset%5D=0&page%5Blimit%5D=2`,
    });
    expect(JSON.stringify(body)).not.to.include('client_secret');
    for (const link of Object.values(body.links))
      if (link !== null) expect(new URL(link).href, 'a link is a URI as written').to.equal(link);
    const followed = await api.request(new URL(body.links['prev']!).pathname + new URL(body.links['prev']!).search);
    expect(((await followed.json()) as { meta: { page: unknown } }).meta.page).to.deep.equal({
      limit: 2,
      offset: 0,
      current: 1,
      total: 2,
    });
  });

  it('answers 400 naming each bad page parameter', async () => {
    const response = await api.request('/v2/application-keys?page[limit]=0&page[offset]=10001');
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'page[offset]',
      'page[limit]',
    ]);
  });

  it('updates partially and keeps the rest', async () => {
    const created = (await (await createKey({ name: 'before', reserved_rate_limit: 7 })).json()) as KeyDocument;
    const response = await api.request(`/v2/application-keys/${created.data.id}`, {
      ...jsonBody({ data: { type: 'application_key', name: 'after' } }),
      method: 'PUT',
    });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as KeyDocument;
    expect(body.data).to.include({ name: 'after', reserved_rate_limit: 7, client_id: created.data['client_id'] });
    expect(body.links.self).to.equal(`${api.url}/v2/application-keys/${created.data.id}`);
  });

  it('answers 409 when reservations would pass the budget, on create and on update', async () => {
    expect((await createKey({ name: 'a', reserved_rate_limit: 80 })).status).to.equal(201);
    const refused = await createKey({ name: 'b', reserved_rate_limit: 21 });
    expect(refused.status).to.equal(409);
    expect(await errorBody(refused)).to.deep.equal({
      errors: [
        {
          status: '409',
          title: 'Conflict',
          code: 'reservation_over_budget',
          detail: 'requested reserved rate limit will exceed the maximum',
        },
      ],
    });
    // 99 of 100 reserved: the unreserved key making these requests keeps a pool of one request a second.
    const b = (await (await createKey({ name: 'b', reserved_rate_limit: 19 })).json()) as KeyDocument;
    const raise = await api.request(`/v2/application-keys/${b.data.id}`, {
      ...jsonBody({ data: { type: 'application_key', reserved_rate_limit: 21 } }),
      method: 'PUT',
    });
    expect(raise.status).to.equal(409);
  });

  it('deletes with 204 and an empty body; tokens minted from the key stop working at once', async () => {
    const created = (await (await createKey({ name: 'doomed' })).json()) as KeyDocument;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: String(created.data['client_id']),
      client_secret: String(created.data['client_secret']),
    });
    const token = (
      (await (await fetch(`${api.url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
        access_token: string;
      }
    ).access_token;
    expect((await api.request('/v2/application-keys', { token })).status).to.equal(200);

    const deleted = await api.request(`/v2/application-keys/${created.data.id}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deleted.status).to.equal(204);
    expect(await deleted.text()).to.equal('');
    expect((await api.request('/v2/application-keys', { token })).status).to.equal(401);
    expect((await fetch(`${api.url}/oauth/access_token`, { method: 'POST', body: form })).status).to.equal(401);
    expect((await api.request(`/v2/application-keys/${created.data.id}`)).status).to.equal(404);
  });

  it('sets last_used_at once a token is minted with the key', async () => {
    await api.token();
    const body = (await (await api.request(`/v2/application-keys/${api.store.key.id}`)).json()) as KeyDocument;
    expect(body.data.meta.timestamps['last_used_at']).to.match(TIMESTAMP);
  });

  it('answers 404 for ids that are not UUIDs, unknown, or of another store', async () => {
    const other = await api.container.get(CreateStore).execute('Other store');
    if (E.isLeft(other)) throw new Error('store not created');
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', other.right.key.id]) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const init = method === 'PUT' ? { ...jsonBody({ data: { type: 'application_key' } }), method } : { method };
        const response = await api.request(`/v2/application-keys/${id}`, init);
        expect(response.status, `${method} ${id}`).to.equal(404);
        expect(await errorBody(response)).to.deep.equal({
          errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: 'application key not found' }],
        });
      }
    }
  });

  it('lists every problem of a create body with its source', async () => {
    const response = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { name: '', reserved_rate_limit: '5' } }),
    );
    expect(response.status).to.equal(400);
    expect(await errorBody(response)).to.deep.equal({
      errors: [
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: 'data.type is required',
          source: 'data.type',
        },
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: 'data.name must be 1 to 255 characters long',
          source: 'data.name',
        },
        {
          status: '400',
          title: 'Bad Request',
          code: 'invalid_value',
          detail: 'data.reserved_rate_limit must be an integer',
          source: 'data.reserved_rate_limit',
        },
      ],
    });
  });

  it('requires a client-credentials token: 401 without one, 403 for an implicit one', async () => {
    const none = await api.request('/v2/application-keys', { token: null });
    expect(none.status).to.equal(401);
    expect(none.headers.get('www-authenticate')).to.equal('Bearer');
    expect(await errorBody(none)).to.deep.equal({
      errors: [{ status: '401', title: 'Unauthorized', code: 'unauthenticated', detail: 'a bearer token is required' }],
    });
    expect((await api.request('/v2/application-keys', { token: 'f'.repeat(40) })).status).to.equal(401);
    const implicit = await api.token('implicit');
    for (const init of [{}, jsonBody({ data: { type: 'application_key', name: 'x' } })]) {
      const response = await api.request('/v2/application-keys', { ...init, token: implicit });
      expect(response.status).to.equal(403);
      expect(((await response.json()) as { errors: { title: string }[] }).errors[0]?.title).to.equal('Forbidden');
    }
  });
});
