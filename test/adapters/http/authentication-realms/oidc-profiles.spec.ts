import { expect } from 'chai';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { errorBody } from '../../../support/error-body.js';
import { startTestProvider, type TestProvider } from '../../../support/oidc-provider.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Profile = {
  id: string;
  type: string;
  name: string;
  discovery_url: string;
  client_id: string;
  redirect_uris: string[];
  meta: { issuer: string; created_at: string; updated_at: string };
  links: Record<string, string>;
};
type ProfileDoc = { data: Profile; links: Record<string, string> };

const SECRET = 'the client secret the provider gave, never to be answered';
const NEW_SECRET = 'a replacement secret, never to be answered either';

describe('HTTP: OpenID Connect profiles of a realm', () => {
  let api: TestApi;
  let provider: TestProvider;
  let other: TestProvider;
  let realmId: string;
  /** Every body the service answered, to show the client secret is in none. */
  const answered: string[] = [];

  const call = async (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const response = await api.request(path, init);
    answered.push(await response.clone().text());
    return response;
  };
  const send = (method: string, path: string, data: unknown) =>
    call(path, { ...jsonBody({ data }), method, headers: { 'Content-Type': 'application/json' } });
  const oidc = (rest = '', spelling: 'oidc-profiles' | 'openid-connect-profiles' = 'oidc-profiles') =>
    `/v2/authentication-realms/${realmId}/${spelling}${rest}`;
  const fields = (discoveryUrl: string, more: Record<string, unknown> = {}) => ({
    type: 'oidc-profile',
    name: 'Staff SSO',
    discovery_url: discoveryUrl,
    client_id: 'console-client',
    client_secret: SECRET,
    ...more,
  });

  before(async () => {
    api = await startTestApi();
    [provider, other] = await Promise.all([startTestProvider([]), startTestProvider([])]);
    const mapping = (await (await api.request('/v2/merchant-realm-mappings')).json()) as { data: { realm_id: string } };
    realmId = mapping.data.realm_id;
  });
  after(async () => {
    await Promise.all([provider.close(), other.close()]);
    await api.close();
  });

  it('makes a profile with the issuer its provider names, and answers it at both spellings of the path', async () => {
    const made = await send('POST', oidc(), fields(provider.discoveryUrl, { redirect_uris: ['https://a.example/cb'] }));
    expect(made.status).to.equal(201);
    const { data, links } = (await made.json()) as ProfileDoc;
    expect(data).to.include({
      type: 'oidc-profile',
      name: 'Staff SSO',
      discovery_url: provider.discoveryUrl,
      client_id: 'console-client',
    });
    expect(data.redirect_uris).to.deep.equal(['https://a.example/cb']);
    expect(data.meta.issuer).to.equal(provider.issuer);
    expect(data).not.to.have.property('client_secret');
    expect(data.links).to.deep.equal({
      self: `${api.url}${oidc(`/${data.id}`)}`,
      'callback-endpoint': `${api.url}/console/oidc/callback`,
    });
    expect(links).to.deep.equal(data.links);

    for (const spelling of ['oidc-profiles', 'openid-connect-profiles'] as const) {
      const got = await call(oidc(`/${data.id}`, spelling));
      expect(got.status, spelling).to.equal(200);
      expect(((await got.json()) as ProfileDoc).data, spelling).to.deep.equal(data);
    }
  });

  it("takes the newer API's type and path, and lists the realm's profiles newest first at both", async () => {
    const older = (await (
      await send('POST', oidc(), fields(provider.discoveryUrl, { name: 'Older' }))
    ).json()) as ProfileDoc;
    const newer = await send(
      'POST',
      oidc('', 'openid-connect-profiles'),
      fields(other.issuer, { type: 'openid_connect_profile', name: 'Newer' }),
    );
    expect(newer.status).to.equal(201);
    const newerDoc = (await newer.json()) as ProfileDoc;
    expect(newerDoc.data.type, 'answered in the developer documents’ spelling').to.equal('oidc-profile');
    expect(newerDoc.data.meta.issuer, 'a discovery URL may be the issuer itself').to.equal(other.issuer);
    expect(newerDoc.data.redirect_uris).to.deep.equal([]);
    for (const spelling of ['oidc-profiles', 'openid-connect-profiles'] as const) {
      const listed = (await (await call(oidc('?page[limit]=2', spelling))).json()) as {
        data: Profile[];
        meta: { results: { total: number } };
      };
      expect(
        listed.data.map((p) => p.name),
        spelling,
      ).to.deep.equal(['Newer', 'Older']);
      expect(listed.data[1]).to.deep.equal(older.data);
    }
  });

  it('changes a profile in part, reading the issuer again when its discovery URL changes', async () => {
    const { data } = (await (await send('POST', oidc(), fields(provider.discoveryUrl))).json()) as ProfileDoc;
    const renamed = await send('PUT', oidc(`/${data.id}`), { type: 'oidc-profile', name: 'Renamed' });
    expect(renamed.status).to.equal(200);
    const renamedDoc = (await renamed.json()) as ProfileDoc;
    expect(renamedDoc.data).to.include({ name: 'Renamed', discovery_url: provider.discoveryUrl });
    expect(renamedDoc.data.meta.issuer).to.equal(provider.issuer);

    const moved = await send('PUT', oidc(`/${data.id}`, 'openid-connect-profiles'), {
      type: 'openid_connect_profile',
      discovery_url: other.discoveryUrl,
      client_secret: NEW_SECRET,
    });
    expect(moved.status).to.equal(200);
    const movedDoc = (await moved.json()) as ProfileDoc;
    expect(movedDoc.data).to.include({ name: 'Renamed', discovery_url: other.discoveryUrl });
    expect(movedDoc.data.meta.issuer).to.equal(other.issuer);
    expect(((await (await call(oidc(`/${data.id}`))).json()) as ProfileDoc).data).to.deep.equal(movedDoc.data);
  });

  it('refuses a provider that does not answer, and a URL that serves no discovery document for its issuer, with 422', async () => {
    const { data } = (await (await send('POST', oidc(), fields(provider.discoveryUrl))).json()) as ProfileDoc;
    const notAProvider = [
      'http://127.0.0.1:9/.well-known/openid-configuration',
      `${api.url}/.well-known/openid-configuration`,
      `${provider.issuer}/elsewhere/.well-known/openid-configuration`,
    ];
    for (const url of notAProvider) {
      for (const [method, path, body] of [
        ['POST', oidc(), fields(url)],
        ['PUT', oidc(`/${data.id}`), { type: 'oidc-profile', discovery_url: url }],
      ] as const) {
        const refused = await send(method, path, body);
        expect(refused.status, `${method} ${url}`).to.equal(422);
        const [error] = (await errorBody(refused)).errors;
        expect(error?.['code'], url).to.equal('provider_unreachable');
        expect(String(error?.['detail']), url).to.match(/^the identity provider at http:\/\/127\.0\.0\.1:\d+ did not/);
      }
    }
    const unchanged = ((await (await call(oidc(`/${data.id}`))).json()) as ProfileDoc).data;
    expect(unchanged.discovery_url).to.equal(provider.discoveryUrl);
  });

  it('refuses a discovery URL out of its rule, a wrong type and a missing field, with 400', async () => {
    const outOfRule = [
      'http://idp.example.com/.well-known/openid-configuration',
      'https://user:pass@idp.example.com/.well-known/openid-configuration',
      'https://idp.example.com/.well-known/openid-configuration#x',
      '/.well-known/openid-configuration',
      'ftp://127.0.0.1/x',
    ];
    for (const url of outOfRule) {
      const refused = await send('POST', oidc(), fields(url));
      expect(refused.status, url).to.equal(400);
      expect(
        (await errorBody(refused)).errors.map((e) => e['source']),
        url,
      ).to.deep.equal(['data.discovery_url']);
    }
    expect((await send('POST', oidc(), fields(provider.discoveryUrl, { type: 'password_profile' }))).status).to.equal(
      400,
    );
    const { client_secret: _secret, ...withoutSecret } = fields(provider.discoveryUrl);
    expect((await send('POST', oidc(), withoutSecret)).status).to.equal(400);
  });

  it("deletes a profile at either path, and answers 404 for another realm's or store's profile", async () => {
    const { data } = (await (await send('POST', oidc(), fields(provider.discoveryUrl))).json()) as ProfileDoc;
    const realms = (await (await call('/v2/authentication-realms')).json()) as { data: { id: string }[] };
    const accountRealm = realms.data.find((realm) => realm.id !== realmId)?.id ?? '';
    expect((await call(`/v2/authentication-realms/${accountRealm}/oidc-profiles/${data.id}`)).status).to.equal(404);
    expect((await call(`/v2/authentication-realms/${randomIds.uuid()}/oidc-profiles`)).status).to.equal(404);
    expect((await call(oidc('/not-a-uuid'))).status).to.equal(404);
    expect((await call(oidc(`/${data.id}`, 'openid-connect-profiles'), { method: 'DELETE' })).status).to.equal(204);
    expect((await call(oidc(`/${data.id}`))).status).to.equal(404);
    expect((await call(oidc(`/${data.id}`), { method: 'DELETE' })).status).to.equal(404);
  });

  it('never answers nor logs the client secret, nor keeps a body carrying it for a replay', async () => {
    const key = randomIds.uuid();
    const keyed = () =>
      call(oidc(), {
        ...jsonBody({ data: fields(provider.discoveryUrl) }),
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      });
    const [first, again] = [await keyed(), await keyed()];
    expect([first.status, again.status]).to.deep.equal([201, 201]);
    const ids = await Promise.all([first, again].map(async (r) => ((await r.json()) as ProfileDoc).data.id));
    expect(ids[0], 'the key is not honoured: nothing of the body was kept').not.to.equal(ids[1]);
    for (const body of answered) {
      expect(body).not.to.contain(SECRET);
      expect(body).not.to.contain(NEW_SECRET);
    }
    expect(answered.length).to.be.greaterThan(20);
    expect(api.logs.text).not.to.contain(SECRET);
    expect(api.logs.text).not.to.contain(NEW_SECRET);
  });
});
