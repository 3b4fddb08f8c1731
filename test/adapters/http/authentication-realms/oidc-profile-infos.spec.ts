import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { PEOPLE_TOKENS } from '../../../../src/application/people-tokens.js';
import { newMerchantUser } from '../../../../src/domain/people/merchant-user.js';
import { errorBody } from '../../../support/error-body.js';
import { startTestProvider, type TestProvider } from '../../../support/oidc-provider.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Link = {
  id: string;
  type: string;
  subject: string;
  issuer: string;
  oidc_profile_id: string;
  meta: { created_at: string; updated_at: string };
  links: { self: string };
};

describe("HTTP: a realm user's links to an identity provider's subject", () => {
  let api: TestApi;
  let provider: TestProvider;
  let merchantRealm: string;
  let accountRealm: string;
  let profileId: string;

  const send = (method: string, path: string, data: unknown) =>
    api.request(path, { ...jsonBody({ data }), method, headers: { 'Content-Type': 'application/json' } });
  const linksOf = (realm: string, userId: string, rest = '') =>
    `/v2/authentication-realms/${realm}/user-authentication-info/${userId}/user-authentication-oidc-profile-info${rest}`;
  const aLink = (subject: string, more: Record<string, unknown> = {}) => ({
    type: 'user_authentication_oidc_profile_info',
    subject,
    oidc_profile_id: profileId,
    ...more,
  });
  const newProfile = async (realm: string): Promise<string> => {
    const made = await send('POST', `/v2/authentication-realms/${realm}/oidc-profiles`, {
      type: 'oidc-profile',
      name: 'Staff SSO',
      discovery_url: provider.discoveryUrl,
      client_id: 'console',
      client_secret: 'a secret',
    });
    expect(made.status).to.equal(201);
    return ((await made.json()) as { data: { id: string } }).data.id;
  };
  const aPerson = async (n: number): Promise<string> => {
    const person = newMerchantUser(
      randomIds.uuid(),
      api.store.store.id,
      { name: `Person ${n}`, email: `person${n}@example.com`, role: 'billing' },
      new Date(),
    );
    expect(E.isRight(await api.container.get(PEOPLE_TOKENS.MerchantUserRepository).insert(person))).to.equal(true);
    return person.id;
  };

  before(async () => {
    api = await startTestApi();
    provider = await startTestProvider([]);
    const mapping = (await (await api.request('/v2/merchant-realm-mappings')).json()) as { data: { realm_id: string } };
    merchantRealm = mapping.data.realm_id;
    const realms = (await (await api.request('/v2/authentication-realms')).json()) as { data: { id: string }[] };
    accountRealm = realms.data.find((realm) => realm.id !== merchantRealm)?.id ?? '';
    profileId = await newProfile(merchantRealm);
  });
  after(async () => {
    await provider.close();
    await api.close();
  });

  it("links one of the merchant's people, with the profile's issuer unless given, and lists, changes and deletes the link", async () => {
    const ada = await aPerson(1);
    const made = await send('POST', linksOf(merchantRealm, ada), aLink('ada-sub'));
    expect(made.status).to.equal(201);
    const link = ((await made.json()) as { data: Link }).data;
    expect(link).to.include({
      type: 'user_authentication_oidc_profile_info',
      subject: 'ada-sub',
      issuer: provider.issuer,
      oidc_profile_id: profileId,
    });
    expect(link.links.self).to.equal(`${api.url}${linksOf(merchantRealm, ada, `/${link.id}`)}`);
    const second = await send('POST', linksOf(merchantRealm, ada), aLink('ada-2', { issuer: 'https://other.example' }));
    expect(((await second.json()) as { data: Link }).data.issuer).to.equal('https://other.example');

    const listed = (await (await api.request(linksOf(merchantRealm, ada))).json()) as {
      data: Link[];
      meta: { results: { total: number } };
    };
    expect(listed.data.map((l) => l.subject)).to.deep.equal(['ada-2', 'ada-sub']);
    expect(listed.meta.results.total).to.equal(2);
    expect(
      ((await (await api.request(linksOf(merchantRealm, ada, `/${link.id}`))).json()) as { data: Link }).data,
    ).to.deep.equal(link);

    const changed = await send('PUT', linksOf(merchantRealm, ada, `/${link.id}`), {
      type: 'user_authentication_oidc_profile_info',
      subject: 'ada-renamed',
      oidc_profile_id: randomIds.uuid(),
    });
    expect(changed.status).to.equal(200);
    const after = ((await changed.json()) as { data: Link }).data;
    expect(after).to.include({ subject: 'ada-renamed', issuer: provider.issuer, oidc_profile_id: profileId });

    expect((await api.request(linksOf(merchantRealm, ada, `/${link.id}`), { method: 'DELETE' })).status).to.equal(204);
    expect((await api.request(linksOf(merchantRealm, ada, `/${link.id}`))).status).to.equal(404);
    expect((await api.request(linksOf(merchantRealm, ada, `/${link.id}`), { method: 'DELETE' })).status).to.equal(404);
  });

  it('holds a subject once per profile: another person gets 409 subject_linked, on create and on change', async () => {
    const [grace, alan] = [await aPerson(2), await aPerson(3)];
    expect((await send('POST', linksOf(merchantRealm, grace), aLink('shared'))).status).to.equal(201);
    const refused = await send('POST', linksOf(merchantRealm, alan), aLink('shared'));
    expect(refused.status).to.equal(409);
    expect((await errorBody(refused)).errors[0]?.['code']).to.equal('subject_linked');
    const own = ((await (await send('POST', linksOf(merchantRealm, alan), aLink('alan'))).json()) as { data: Link })
      .data;
    const moved = await send('PUT', linksOf(merchantRealm, alan, `/${own.id}`), {
      type: 'user_authentication_oidc_profile_info',
      subject: 'shared',
    });
    expect(moved.status).to.equal(409);
    expect((await send('POST', linksOf(merchantRealm, alan), aLink('SHARED'))).status, 'compared exactly').to.equal(
      201,
    );
  });

  it("answers 404 for a user, link or profile out of the realm's reach, and 400 for a link without its fields", async () => {
    const ada = await aPerson(4);
    const bob = await aPerson(5);
    const link = ((await (await send('POST', linksOf(merchantRealm, ada), aLink('ada-4'))).json()) as { data: Link })
      .data;
    expect((await api.request(linksOf(merchantRealm, bob, `/${link.id}`))).status, "another person's").to.equal(404);
    expect((await api.request(linksOf(merchantRealm, randomIds.uuid()))).status, 'nobody').to.equal(404);
    expect((await api.request(linksOf(merchantRealm, 'not-a-uuid'))).status).to.equal(404);
    expect((await api.request(linksOf(randomIds.uuid(), ada))).status, 'no such realm').to.equal(404);
    expect((await api.request(linksOf(accountRealm, ada))).status, 'a person is no account member').to.equal(404);
    const unknownProfile = await send(
      'POST',
      linksOf(merchantRealm, bob),
      aLink('bob', { oidc_profile_id: randomIds.uuid() }),
    );
    expect(unknownProfile.status).to.equal(404);
    const accountProfile = await newProfile(accountRealm);
    const otherRealm = await send(
      'POST',
      linksOf(merchantRealm, bob),
      aLink('bob', { oidc_profile_id: accountProfile }),
    );
    expect(otherRealm.status, "a profile of the account realm is not the merchant realm's").to.equal(404);
    const missing = await send('POST', linksOf(merchantRealm, bob), { type: 'user_authentication_oidc_profile_info' });
    expect(missing.status).to.equal(400);
    expect((await errorBody(missing)).errors.map((e) => e['source']).sort()).to.deep.equal([
      'data.oidc_profile_id',
      'data.subject',
    ]);
  });

  it("links an account realm's user (an account member) through that realm's profile", async () => {
    const member = await send('POST', `/v2/authentication-realms/${accountRealm}/user-authentication-info`, {
      type: 'user_authentication_info',
      name: 'Ron',
      email: 'ron@example.com',
    });
    expect(member.status).to.equal(201);
    const memberId = ((await member.json()) as { data: { id: string } }).data.id;
    const accountProfile = await newProfile(accountRealm);
    const made = await send('POST', linksOf(accountRealm, memberId), aLink('ron', { oidc_profile_id: accountProfile }));
    expect(made.status).to.equal(201);
    expect((await api.request(linksOf(merchantRealm, memberId))).status, 'not a person of the merchant').to.equal(404);
  });
});
