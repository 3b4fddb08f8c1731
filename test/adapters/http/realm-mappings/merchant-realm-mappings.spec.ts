import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { type CreatedStore, CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { forEachBackend } from '../../../support/backends.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const put = (prefix: unknown, type: unknown = 'merchant-realm-mappings'): RequestInit => ({
  ...jsonBody({ data: { type, prefix } }),
  method: 'PUT',
});

describe('HTTP: /v2/merchant-realm-mappings', () => {
  let api: TestApi;
  let other: CreatedStore;
  beforeEach(async () => {
    api = await startTestApi();
    const created = await api.container.get(CreateStore).execute('Other store');
    if (E.isLeft(created)) throw new Error('store not created');
    other = created.right;
  });
  afterEach(async () => api.close());

  const mine = () => api.store.realmMapping;

  it("returns the store's one mapping as a single object, and by id", async () => {
    const expected = {
      data: {
        id: mine().id,
        type: 'merchant-realm-mappings',
        prefix: null,
        realm_id: mine().realmId,
        store_id: api.store.store.id,
      },
    };
    const collection = await api.request('/v2/merchant-realm-mappings', {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(collection.status).to.equal(200);
    expect(await collection.json()).to.deep.equal(expected);
    expect(await (await api.request(`/v2/merchant-realm-mappings/${mine().id}`)).json()).to.deep.equal(expected);
  });

  it("answers 404 for another store's mapping and for ids that are not UUIDs", async () => {
    for (const id of [other.realmMapping.id, 'not-a-uuid']) {
      for (const init of [{}, put('abc')]) {
        const response = await api.request(`/v2/merchant-realm-mappings/${id}`, init);
        expect(response.status).to.equal(404);
        expect(await errorBody(response)).to.deep.equal({
          errors: [
            { status: '404', title: 'Not Found', code: 'not_found', detail: 'merchant realm mapping not found' },
          ],
        });
      }
    }
  });

  it('sets the prefix: 200 with id, type, prefix, realm_id and store_id', async () => {
    const response = await api.request(`/v2/merchant-realm-mappings/${mine().id}`, put('MyStore01'));
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      data: {
        id: mine().id,
        type: 'merchant-realm-mappings',
        prefix: 'MyStore01',
        realm_id: mine().realmId,
        store_id: api.store.store.id,
      },
    });
    const again = await api.request(`/v2/merchant-realm-mappings/${mine().id}`, put('MyStore01'));
    expect(again.status).to.equal(200);
  });

  it('lists every problem of a bad body', async () => {
    const cases: ReadonlyArray<[RequestInit, string[]]> = [
      [{ ...jsonBody({ data: {} }), method: 'PUT' }, ['data.type', 'data.prefix']],
      [put('x', 'merchant_realm_mapping'), ['data.type', 'data.prefix']],
      [put('has space'), ['data.prefix']],
      [put('a'.repeat(25)), ['data.prefix']],
      [put(42), ['data.prefix']],
    ];
    for (const [init, sources] of cases) {
      const response = await api.request(`/v2/merchant-realm-mappings/${mine().id}`, init);
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal(
        sources,
      );
    }
  });

  it('answers 409 for a prefix another store holds, compared without case', async () => {
    const token = await otherToken(api, other);
    expect(
      (await api.request(`/v2/merchant-realm-mappings/${other.realmMapping.id}`, { ...put('shared'), token })).status,
    ).to.equal(200);
    const taken = await api.request(`/v2/merchant-realm-mappings/${mine().id}`, put('SHARED'));
    expect(taken.status).to.equal(409);
    expect(await errorBody(taken)).to.deep.equal({
      errors: [{ status: '409', title: 'Conflict', code: 'prefix_taken', detail: 'the prefix is already in use' }],
    });
  });

  it('gives implicit tokens a 403', async () => {
    const implicit = await api.token('implicit');
    expect((await api.request('/v2/merchant-realm-mappings', { token: implicit })).status).to.equal(403);
    expect(
      (await api.request(`/v2/merchant-realm-mappings/${mine().id}`, { ...put('abc'), token: implicit })).status,
    ).to.equal(403);
  });
});

/** A client-credentials token for another store of the same service. */
const otherToken = async (api: TestApi, store: CreatedStore): Promise<string> => {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: store.key.clientId,
    client_secret: store.clientSecret,
  });
  return (
    (await (await fetch(`${api.url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    }
  ).access_token;
};

forEachBackend('HTTP: stores racing for one prefix', (_backend, persistence) => {
  it('lets exactly one win; the others get 409, never 500', async () => {
    const api = await startTestApi({ persistence: persistence() });
    try {
      const contenders = [api.store];
      for (let n = 0; n < 5; n += 1) {
        const created = await api.container.get(CreateStore).execute(`Store ${n}`);
        if (E.isLeft(created)) throw new Error('store not created');
        contenders.push(created.right);
      }
      const tokens = await Promise.all(contenders.map((c) => otherToken(api, c)));
      const responses = await Promise.all(
        contenders.map((c, n) =>
          api.request(`/v2/merchant-realm-mappings/${c.realmMapping.id}`, {
            ...put(n % 2 ? 'Race' : 'race'),
            token: tokens[n] ?? null,
          }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409, 409]);
    } finally {
      await api.close();
    }
  });
});
