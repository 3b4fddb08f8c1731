import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

interface Client {
  readonly clientId: string;
  readonly clientSecret: string;
}

describe('HTTP: POST /oauth/revoke (RFC 7009)', () => {
  let api: TestApi;
  let owner: Client;
  beforeEach(async () => {
    api = await startTestApi();
    owner = { clientId: api.store.key.clientId, clientSecret: api.store.clientSecret };
  });
  afterEach(async () => api.close());

  const mint = async (
    client: Client,
    grant: 'client_credentials' | 'implicit' = 'client_credentials',
  ): Promise<string> => {
    const form = new URLSearchParams({
      grant_type: grant,
      client_id: client.clientId,
      ...(grant === 'implicit' ? {} : { client_secret: client.clientSecret }),
    });
    const response = await api.request('/oauth/access_token', { method: 'POST', body: form, token: null });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const revoke = (fields: Record<string, string>, authorization?: string) =>
    api.request('/oauth/revoke', {
      method: 'POST',
      body: new URLSearchParams(fields),
      token: null,
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });
  const basic = (client: Client) =>
    `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
  const works = async (token: string) => (await api.request('/v2/settings', { token })).status;
  const anotherKey = async (): Promise<Client> => {
    const created = await api.request('/v2/application-keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'application_key', name: 'Other' } }),
    });
    const data = ((await created.json()) as { data: { client_id: string; client_secret: string } }).data;
    return { clientId: data.client_id, clientSecret: data.client_secret };
  };

  it('counts wrong secrets as failed authentications, as the token endpoint does: the address is blocked after its free failures, and the store budget is untouched', async () => {
    const token = await mint(owner);
    const wrong = basic({ clientId: owner.clientId, clientSecret: 'not-the-secret' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await revoke({ token }, wrong)).status);
    expect(statuses.slice(0, 10)).to.deep.equal(Array(10).fill(401));
    const refused = await revoke({ token }, basic(owner));
    expect(refused.status, 'blocked before the secret is compared, right or not').to.equal(429);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]!.code).to.equal(
      'authentication_blocked',
    );
    expect(refused.headers.get('retry-after')).to.match(/^[0-9]+$/);
    expect(await works(token), 'nothing was revoked, and the store still answers its tokens').to.equal(200);
  });

  it('lets the owner revoke from its own address while other addresses fail with its client id, each of them past its free failures', async () => {
    await api.close();
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    owner = { clientId: api.store.key.clientId, clientSecret: api.store.clientSecret };
    const token = await mint(owner);
    const wrong = basic({ clientId: owner.clientId, clientSecret: 'not-the-secret' });
    const from = (address: string) => ({ Authorization: wrong, 'X-Forwarded-For': address });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await api.request('/oauth/revoke', {
        method: 'POST',
        body: new URLSearchParams({ token }),
        token: null,
        headers: from(`192.0.2.${(i % 5) + 1}`),
      });
      statuses.push(response.status);
    }
    expect(
      statuses.filter((s) => s === 401),
      'ten free failures for each of the five addresses',
    ).to.have.length(55);
    expect(statuses.filter((s) => s === 429)).to.have.length(5);
    const revoked = await api.request('/oauth/revoke', {
      method: 'POST',
      body: new URLSearchParams({ token }),
      token: null,
      headers: { Authorization: basic(owner), 'X-Forwarded-For': '198.51.100.1' },
    });
    expect(revoked.status, 'the owner, from elsewhere').to.equal(200);
    expect(await works(token)).to.equal(401);
  });

  it('revokes one token for the client that owns it (HTTP Basic): 200, empty, and the token is a 401 at once; its siblings keep working', async () => {
    const [doomed, sibling] = [await mint(owner), await mint(owner)];
    expect(await works(doomed)).to.equal(200);
    const response = await revoke({ token: doomed, token_type_hint: 'access_token' }, basic(owner));
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(await response.text()).to.equal('');
    expect(await works(doomed)).to.equal(401);
    expect(await works(sibling)).to.equal(200);
  });

  it('takes the client credentials in the form as well', async () => {
    const token = await mint(owner);
    expect((await revoke({ token, client_id: owner.clientId, client_secret: owner.clientSecret })).status).to.equal(
      200,
    );
    expect(await works(token)).to.equal(401);
  });

  it('lets a bearer revoke itself, an implicit one too, and nothing else', async () => {
    const [self, other, implicit] = [await mint(owner), await mint(owner), await mint(owner, 'implicit')];
    expect((await revoke({ token: other }, `Bearer ${self}`)).status).to.equal(200);
    expect(await works(other), 'another token is left alone').to.equal(200);
    expect((await revoke({ token: self }, `Bearer ${self}`)).status).to.equal(200);
    expect(await works(self)).to.equal(401);
    expect((await api.request('/v2/subscriptions/products', { token: implicit })).status).to.equal(200);
    expect((await revoke({ token: implicit }, `Bearer ${implicit}`)).status).to.equal(200);
    expect((await api.request('/v2/subscriptions/products', { token: implicit })).status).to.equal(401);
  });

  it('answers 200 for an unknown token, and for a token of another key, which it leaves working', async () => {
    expect((await revoke({ token: 'x'.repeat(40) }, basic(owner))).status).to.equal(200);
    const stranger = await anotherKey();
    const theirs = await mint(stranger);
    expect((await revoke({ token: theirs }, basic(owner))).status).to.equal(200);
    expect(await works(theirs)).to.equal(200);
    expect((await revoke({ token: theirs }, basic(stranger))).status).to.equal(200);
    expect(await works(theirs)).to.equal(401);
  });

  it('refuses a caller that does not authenticate (401, WWW-Authenticate) and a request without a token (400)', async () => {
    const token = await mint(owner);
    const anonymous = await revoke({ token });
    expect(anonymous.status).to.equal(401);
    expect(anonymous.headers.get('www-authenticate')).to.match(/^Basic/);
    expect((await revoke({ token }, basic({ ...owner, clientSecret: `${owner.clientSecret}0` }))).status).to.equal(401);
    const badBearer = await revoke({ token }, 'Bearer not-a-token');
    expect(badBearer.status).to.equal(401);
    expect(badBearer.headers.get('www-authenticate')).to.equal('Bearer');
    const missing = await revoke({}, basic(owner));
    expect(missing.status).to.equal(400);
    expect(((await missing.json()) as { errors: { source: string }[] }).errors[0]?.source).to.equal('token');
    expect(await works(token), 'nothing was revoked by a refused request').to.equal(200);
  });
});
