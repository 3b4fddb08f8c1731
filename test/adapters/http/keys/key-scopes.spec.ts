import { expect } from 'chai';
import { productData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface CreatedKey {
  readonly id: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly scopes?: string[];
}
type Errors = { errors: { status: string; code: string; detail: string; source?: string }[] };

describe('HTTP: application key scopes', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const createKey = async (scopes?: unknown): Promise<CreatedKey> => {
    const response = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'Scoped', ...(scopes === undefined ? {} : { scopes }) } }),
    );
    expect(response.status).to.equal(201);
    return ((await response.json()) as { data: CreatedKey }).data;
  };
  const tokenOf = async (key: CreatedKey): Promise<string> => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.client_id,
      client_secret: key.client_secret,
    });
    const response = await api.request('/oauth/access_token', { method: 'POST', body: form, token: null });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const createProduct = (token: string) =>
    api.request('/v2/subscriptions/products', { ...jsonBody({ data: productData() }), token });
  const createSubscriber = (token: string) =>
    api.request('/v2/subscriptions/subscribers', {
      ...jsonBody({
        data: {
          type: 'subscription_subscriber',
          attributes: { account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60', name: 'Ada', email: 'ada@example.com' },
        },
      }),
      token,
    });
  const refusal = async (response: Response): Promise<Errors['errors'][number]> => {
    expect(response.status).to.equal(403);
    const [error] = ((await response.json()) as Errors).errors;
    expect(error?.code).to.equal('scope_missing');
    return error!;
  };

  it('lets a read-only key read the catalogue and billing data, and refuses writes naming the scope they need', async () => {
    const key = await createKey(['read-only']);
    expect(key.scopes).to.deep.equal(['read-only']);
    const token = await tokenOf(key);
    expect((await api.request('/v2/subscriptions/products', { token })).status).to.equal(200);
    expect((await api.request('/v2/subscriptions/subscriptions', { token })).status).to.equal(200);
    expect((await api.request('/v2/subscriptions/invoices', { token })).status).to.equal(200);
    expect((await refusal(await createProduct(token))).detail).to.equal(
      "the key's scopes (read-only) do not allow this request: it needs the scope catalogue",
    );
    expect((await refusal(await createSubscriber(token))).detail).to.match(/it needs the scope billing$/);
    expect((await refusal(await api.request('/v2/application-keys', { token }))).detail).to.match(
      /needs a key without scopes \(full access\)$/,
    );
    expect((await refusal(await api.request('/v2/settings', { token }))).detail).to.match(/full access/);
  });

  it('lets a catalogue key edit the catalogue only', async () => {
    const token = await tokenOf(await createKey(['catalogue']));
    expect((await createProduct(token)).status).to.equal(201);
    expect((await api.request('/v2/subscriptions/offerings', { token })).status).to.equal(200);
    expect((await refusal(await api.request('/v2/subscriptions/subscriptions', { token }))).detail).to.match(
      /it needs the scope read-only$/,
    );
    await refusal(await createSubscriber(token));
  });

  it('lets a billing key write billing data and read the catalogue, but not edit it; scopes add up', async () => {
    const billing = await tokenOf(await createKey(['billing']));
    expect((await createSubscriber(billing)).status).to.equal(201);
    expect((await api.request('/v2/subscriptions/products', { token: billing })).status).to.equal(200);
    await refusal(await createProduct(billing));
    const both = await tokenOf(await createKey(['catalogue', 'billing']));
    expect((await createProduct(both)).status).to.equal(201);
    expect((await createSubscriber(both)).status).to.equal(201);
  });

  it('keeps a key without scopes at full access, with no scopes field (as EPCC)', async () => {
    const key = await createKey();
    expect(key).not.to.have.property('scopes');
    const token = await tokenOf(key);
    expect((await api.request('/v2/application-keys', { token })).status).to.equal(200);
    expect((await createProduct(token)).status).to.equal(201);
  });

  it('applies a change of scopes to the tokens already minted, at once', async () => {
    const key = await createKey();
    const token = await tokenOf(key);
    expect((await createProduct(token)).status).to.equal(201);
    const narrowed = await api.request(`/v2/application-keys/${key.id}`, {
      ...jsonBody({ data: { type: 'application_key', scopes: ['read-only'] } }),
      method: 'PUT',
    });
    expect(((await narrowed.json()) as { data: CreatedKey }).data.scopes).to.deep.equal(['read-only']);
    await refusal(await createProduct(token));
    const widened = await api.request(`/v2/application-keys/${key.id}`, {
      ...jsonBody({ data: { type: 'application_key', scopes: null } }),
      method: 'PUT',
    });
    expect((await widened.json()) as { data: CreatedKey })
      .to.have.nested.property('data')
      .that.not.has.property('scopes');
    expect((await createProduct(token)).status).to.equal(201);
  });

  it('refuses bad scopes on create and on update with 400s naming each entry, storing nothing', async () => {
    const before = (
      (await (await api.request('/v2/application-keys')).json()) as { meta: { results: { total: number } } }
    ).meta.results.total;
    const bad = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'x', scopes: ['admin', 'billing', 'billing'] } }),
    );
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as Errors).errors.map((e) => e.source)).to.deep.equal([
      'data.scopes.0',
      'data.scopes.2',
    ]);
    const empty = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'x', scopes: [] } }),
    );
    expect(((await empty.json()) as Errors).errors[0]).to.include({ source: 'data.scopes' });
    const after = (
      (await (await api.request('/v2/application-keys')).json()) as { meta: { results: { total: number } } }
    ).meta.results.total;
    expect(after).to.equal(before);
    const key = await createKey(['billing']);
    const update = await api.request(`/v2/application-keys/${key.id}`, {
      ...jsonBody({ data: { type: 'application_key', scopes: 'read-only' } }),
      method: 'PUT',
    });
    expect(update.status).to.equal(400);
    const read = ((await (await api.request(`/v2/application-keys/${key.id}`)).json()) as { data: CreatedKey }).data;
    expect(read.scopes).to.deep.equal(['billing']);
  });
});
