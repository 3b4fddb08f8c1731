import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
type ListDoc = {
  data: Resource[];
  links: Record<string, string | null>;
  meta: { page: Record<string, number>; results: { total: number } };
};

const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

describe('HTTP: subscribers', () => {
  let api: TestApi;

  const create = (attributes: Record<string, unknown>, init: RequestInit & { token?: string } = {}) =>
    api.request('/v2/subscriptions/subscribers', {
      ...jsonBody({ data: { type: 'subscription_subscriber', attributes } }),
      ...init,
    });
  const created = async (attributes: Record<string, unknown> = {}) => {
    const response = await create({
      account_id: ACCOUNT,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      ...attributes,
    });
    expect(response.status).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const put = (id: string, data: unknown, path = `/v2/subscriptions/subscribers/${id}`) =>
    api.request(path, { ...jsonBody({ data }), method: 'PUT' });
  const list = async (query: string) => {
    const response = await api.request(`/v2/subscriptions/subscribers${query}`);
    expect(response.status, query).to.equal(200);
    return (await response.json()) as ListDoc;
  };

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it("creates a subscriber shaped as EPCC's: type, attributes with timestamps, meta with owner and timestamps", async () => {
    const subscriber = await created({ account_id: ACCOUNT.toUpperCase(), colour: 'ignored' });
    expect(subscriber.type).to.equal('subscription_subscriber');
    expect(subscriber.attributes).to.deep.include({
      account_id: ACCOUNT,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(subscriber.attributes).to.have.all.keys('account_id', 'name', 'email', 'created_at', 'updated_at');
    expect(subscriber.attributes['created_at']).to.match(TIMESTAMP);
    expect(subscriber.meta).to.deep.equal({
      owner: 'store',
      timestamps: { created_at: subscriber.attributes['created_at'], updated_at: subscriber.attributes['updated_at'] },
    });
    for (const prefix of ['/v2', '']) {
      const read = await api.request(`${prefix}/subscriptions/subscribers/${subscriber.id}`);
      expect(read.status, prefix).to.equal(200);
      expect(((await read.json()) as { data: Resource }).data, prefix).to.deep.equal(subscriber);
    }
  });

  it('answers 400 listing every problem of a create body, each with its source, and stores nothing', async () => {
    const response = await create({ account_id: 'not-a-uuid', name: 'ab', email: 'no-at-sign' });
    expect(response.status).to.equal(400);
    expect((await errorBody(response)).errors).to.deep.equal([
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'data.attributes.account_id must be a UUID',
        source: 'data.attributes.account_id',
      },
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'data.attributes.name must be 3 to 1024 characters long',
        source: 'data.attributes.name',
      },
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'data.attributes.email must be an email address',
        source: 'data.attributes.email',
      },
    ]);
    const wrongType = await api.request(
      '/v2/subscriptions/subscribers',
      jsonBody({ data: { type: 'subscriber', attributes: {} } }),
    );
    expect((await errorBody(wrongType)).errors.map((e) => e['source'])).to.deep.equal(['data.type']);
    const missing = await create({});
    expect((await errorBody(missing)).errors.map((e) => e['source'])).to.deep.equal([
      'data.attributes.account_id',
      'data.attributes.name',
      'data.attributes.email',
    ]);
    expect((await list('')).meta.results.total).to.equal(0);
  });

  it('updates name and email partially; account_id stays; 400 on null or bad values leaves the subscriber as it was', async () => {
    const subscriber = await created();
    const renamed = await put(subscriber.id, {
      id: subscriber.id,
      type: 'subscription_subscriber',
      attributes: { name: 'Ada King', account_id: '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e' },
    });
    expect(renamed.status).to.equal(200);
    const after = ((await renamed.json()) as { data: Resource }).data;
    expect(after.attributes).to.deep.include({
      account_id: ACCOUNT,
      name: 'Ada King',
      email: 'ada@example.com',
      created_at: subscriber.attributes['created_at'],
    });
    expect(after.attributes['updated_at'] >= subscriber.attributes['updated_at']).to.equal(true);

    const refused = await put(
      subscriber.id,
      { type: 'subscription_subscriber', attributes: { name: null, email: 'x' } },
      `/subscriptions/subscribers/${subscriber.id}`,
    );
    expect(refused.status).to.equal(400);
    expect((await errorBody(refused)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
      ['data.attributes.name', 'data.attributes.name cannot be null'],
      ['data.attributes.email', 'data.attributes.email must be 3 to 1024 characters long'],
    ]);
    const read = await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`);
    expect(((await read.json()) as { data: Resource }).data).to.deep.equal(after);
  });

  it('answers 404 for unknown ids, ids that are not UUIDs, and on every method', async () => {
    const subscriber = await created();
    const unknown = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e';
    for (const id of [unknown, 'not-a-uuid']) {
      const path = `/v2/subscriptions/subscribers/${id}`;
      for (const response of [
        await api.request(path),
        await put(id, { type: 'subscription_subscriber', attributes: { name: 'Nobody' } }),
        await api.request(path, { method: 'DELETE' }),
      ]) {
        expect(response.status, id).to.equal(404);
        expect((await errorBody(response)).errors[0]).to.include({ code: 'not_found', detail: 'subscriber not found' });
      }
    }
    expect((await list('')).data.map((s) => s.id)).to.deep.equal([subscriber.id]);
  });

  it('deletes with 204, after which the subscriber is gone', async () => {
    const subscriber = await created();
    const deleted = await api.request(`/subscriptions/subscribers/${subscriber.id}`, { method: 'DELETE' });
    expect(deleted.status).to.equal(204);
    expect(await deleted.text()).to.equal('');
    expect((await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`)).status).to.equal(404);
    expect((await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`, { method: 'DELETE' })).status).to.equal(
      404,
    );
  });

  it('lists newest first with paging, meta and links, and filters on account_id, name and email', async () => {
    const other = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e';
    const a = await created({ name: 'Smith, Jane', email: 'jane+tag@example.com' });
    const b = await created({ account_id: other, name: 'Ada Lovelace' });
    const c = await created({ name: 'Grace Hopper', email: 'grace@example.com' });
    // Newest first, ties (creates within one millisecond) broken by id, descending, as every list is ordered.
    const [newest, second, oldest] = [a, b, c].sort((x, y) =>
      x.attributes['created_at'] === y.attributes['created_at']
        ? x.id < y.id
          ? 1
          : -1
        : x.attributes['created_at'] < y.attributes['created_at']
          ? 1
          : -1,
    ) as [Resource, Resource, Resource];

    const first = await list('?page[limit]=2');
    expect(first.data.map((s) => s.id)).to.deep.equal([newest.id, second.id]);
    expect(first.meta).to.deep.include({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3, total_method: 'exact' },
    });
    const next = new URL(first.links['next']!);
    expect([next.pathname, next.searchParams.get('page[limit]'), next.searchParams.get('page[offset]')]).to.deep.equal([
      '/v2/subscriptions/subscribers',
      '2',
      '2',
    ]);
    expect(first.links['prev']).to.equal(null);
    expect((await list('?page[limit]=2&page[offset]=2')).data.map((s) => s.id)).to.deep.equal([oldest.id]);

    expect((await list(`?filter=eq(account_id,${other})`)).data.map((s) => s.id)).to.deep.equal([b.id]);
    expect((await list('?filter=eq(name,"Smith, Jane")')).data.map((s) => s.id)).to.deep.equal([a.id]);
    expect((await list('?filter=eq(email,jane%2Btag@example.com)')).data.map((s) => s.id)).to.deep.equal([a.id]);
    expect(
      (await list(`?filter=in(email,grace@example.com,ada@example.com):eq(account_id,${ACCOUNT})`)).data.map(
        (s) => s.id,
      ),
    ).to.deep.equal([c.id]);
    const none = await list('?filter=eq(name,ada lovelace)');
    expect(none.data).to.deep.equal([]);
    expect(none.meta.results.total).to.equal(0);
  });

  it('answers bad list parameters with 400s naming the parameter', async () => {
    const badFilter = await api.request('/v2/subscriptions/subscribers?filter=eq(external_ref,x)');
    expect(badFilter.status).to.equal(400);
    const [filterError] = (await errorBody(badFilter)).errors;
    expect(filterError).to.include({
      code: 'invalid_filter',
      source: 'filter',
      title: 'Could not parse the supplied filter',
    });
    expect(filterError!['detail'])
      .to.include("unknown field 'external_ref'")
      .and.include('allowed: account_id, email, name');
    const badLimit = await api.request('/v2/subscriptions/subscribers?page[limit]=101');
    expect(badLimit.status).to.equal(400);
    expect((await errorBody(badLimit)).errors[0]).to.include({ source: 'page[limit]' });
  });

  it('keeps subscribers from implicit tokens: 403 on every read and write, without the personal data', async () => {
    const subscriber = await created();
    const implicit = await api.token('implicit');
    const responses = [
      await api.request('/v2/subscriptions/subscribers', { token: implicit }),
      await api.request(`/subscriptions/subscribers?filter=eq(email,ada@example.com)`, { token: implicit }),
      await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`, { token: implicit }),
      await create({ account_id: ACCOUNT, name: 'Eve', email: 'eve@example.com' }, { token: implicit }),
      await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`, {
        ...jsonBody({ data: { type: 'subscription_subscriber', attributes: { name: 'Eve' } } }),
        method: 'PUT',
        token: implicit,
      }),
      await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`, { method: 'DELETE', token: implicit }),
    ];
    for (const response of responses) {
      expect(response.status).to.equal(403);
      const text = await response.text();
      expect(text).to.include('token_not_permitted').and.not.include('ada@example.com');
    }
    expect((await list('')).data).to.have.length(1);
    expect((await api.request(`/v2/subscriptions/subscribers/${subscriber.id}`)).status).to.equal(200);
  });

  it('replays a create retried with the same Idempotency-Key, and answers 422 when the key is reused for another body', async () => {
    const send = (name: string) =>
      create(
        { account_id: ACCOUNT, name, email: 'ada@example.com' },
        { headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'subscriber-1' } },
      );
    const first = await send('Ada Lovelace');
    expect(first.status).to.equal(201);
    const again = await send('Ada Lovelace');
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(((await again.json()) as { data: Resource }).data.id).to.equal(
      ((await first.json()) as { data: Resource }).data.id,
    );
    const reused = await send('Someone Else');
    expect(reused.status).to.equal(422);
    expect((await errorBody(reused)).errors[0]).to.include({ code: 'idempotency_key_reused' });
    expect((await list('')).meta.results.total).to.equal(1);
  });
});
