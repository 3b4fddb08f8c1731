import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { ACCOUNT_TOKENS } from '../../../../src/application/account-tokens.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Doc = { data: Record<string, unknown> & { id: string } };
type List = { data: (Record<string, unknown> & { id: string })[] };
type Init = RequestInit & { token?: string | null };

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'stapled battery horse';
const TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';
const CREDENTIALS_TYPE = 'user_authentication_password_profile_info';

describe('HTTP: an account member managing their own details (account_member_self_management)', () => {
  let api: TestApi;
  /** Every body the service answered, to show no password appears in one. */
  const answered: string[] = [];
  const call = async (path: string, init: Init = {}) => {
    const response = await api.request(path, init);
    answered.push(await response.clone().text());
    return response;
  };
  const send = (method: string, path: string, data: unknown, init: Init = {}) =>
    call(path, {
      ...jsonBody({ data }),
      method,
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    });
  const json = async <T = Doc>(response: Response): Promise<T> => (await response.json()) as T;

  let realmId: string;
  let profileId: string;
  let implicit: string;
  const users = (rest = '') => `/v2/authentication-realms/${realmId}/user-authentication-info${rest}`;
  const credentialsOf = (memberId: string, rest = '') =>
    users(`/${memberId}/user-authentication-password-profile-info${rest}`);

  /** A member with a username and password, in an account of their own; by the merchant. */
  const aMember = async (name: string) => {
    const member = await json(
      await send('POST', users(), { type: 'user_authentication_info', name, email: `${name}@example.com` }),
    );
    const credential = await json(
      await send('POST', credentialsOf(member.data.id), {
        type: CREDENTIALS_TYPE,
        username: name,
        password: PASSWORD,
        password_profile_id: profileId,
      }),
    );
    const now = new Date();
    const account = {
      id: randomIds.uuid(),
      storeId: api.store.store.id,
      name,
      ancestorIds: [],
      createdAt: now,
      updatedAt: now,
    };
    const membership = {
      id: randomIds.uuid(),
      storeId: api.store.store.id,
      accountId: account.id,
      accountMemberId: member.data.id as never,
      createdAt: now,
      updatedAt: now,
    };
    const stored = await api.container
      .get(ACCOUNT_TOKENS.AccountRepository)
      .insertWithMembership(account, membership, 100, []);
    expect(E.isRight(stored)).to.equal(true);
    return { id: member.data.id, credentialId: credential.data.id, username: name };
  };
  const signIn = (username: string, password: string) =>
    send(
      'POST',
      '/v2/account-members/tokens',
      {
        type: 'account_management_authentication_token',
        authentication_mechanism: 'password',
        password_profile_id: profileId,
        username,
        password,
      },
      { token: implicit },
    );
  /** A new account member token of the member, by signing in with their password. */
  const tokenOf = async (username: string, password = PASSWORD): Promise<string> => {
    const signed = await json<{ data: { token: string }[] }>(await signIn(username, password));
    const token = signed.data[0]?.token;
    if (token === undefined) throw new Error(`${username} got no token`);
    return token;
  };
  const asShopper = (token: string, init: Init = {}): Init => ({
    ...init,
    token: implicit,
    headers: { ...init.headers, [TOKEN_HEADER]: token },
  });
  const allowSelfManagement = async (value: 'disabled' | 'update_only') =>
    expect(
      (
        await send('PUT', '/v2/settings/account-authentication', {
          type: 'account_authentication_settings',
          account_member_self_management: value,
        })
      ).status,
    ).to.equal(200);

  beforeEach(async () => {
    answered.length = 0;
    api = await startTestApi();
    const settings = await json(await call('/v2/settings/account-authentication'));
    realmId = (settings.data['relationships'] as { authentication_realm: { data: { id: string } } })
      .authentication_realm.data.id;
    profileId = (
      await json(
        await send('POST', `/v2/authentication-realms/${realmId}/password-profiles`, {
          type: 'password_profile',
          name: 'Shoppers',
        }),
      )
    ).data.id;
    implicit = await api.token('implicit');
  });
  afterEach(async () => {
    for (const body of answered) {
      expect(body).not.to.include(PASSWORD);
      expect(body).not.to.include(NEW_PASSWORD);
    }
    await api.close();
  });

  it('refuses every self-management call while the setting is disabled (403), its own records included', async () => {
    const ada = await aMember('ada');
    const bob = await aMember('bob');
    const token = await tokenOf('ada');
    const calls: [string, string, unknown][] = [
      ['GET', users(`/${ada.id}`), undefined],
      ['PUT', users(`/${ada.id}`), { type: 'user_authentication_info', name: 'Ada L' }],
      ['GET', credentialsOf(ada.id), undefined],
      ['GET', credentialsOf(ada.id, `/${ada.credentialId}`), undefined],
      ['PUT', credentialsOf(ada.id, `/${ada.credentialId}`), { type: CREDENTIALS_TYPE, password: NEW_PASSWORD }],
      ['GET', users(`/${bob.id}`), undefined],
    ];
    for (const [method, path, data] of calls) {
      const answer =
        data === undefined
          ? await call(path, asShopper(token, { method }))
          : await send(method, path, data, asShopper(token));
      expect(answer.status, `${method} ${path}`).to.equal(403);
      expect((await errorBody(answer)).errors[0]).to.include({ status: '403', code: 'self_management_disabled' });
    }
    expect((await signIn('ada', PASSWORD)).status, 'the password is unchanged').to.equal(201);
    expect((await json(await call(users(`/${ada.id}`)))).data['name'], 'the name is unchanged').to.equal('ada');
  });

  it('with update_only, reads and changes its own name and email; another member or realm is not found', async () => {
    await allowSelfManagement('update_only');
    const ada = await aMember('ada');
    const bob = await aMember('bob');
    const token = await tokenOf('ada');

    const own = await call(users(`/${ada.id}`), asShopper(token));
    expect(own.status).to.equal(200);
    expect((await json(own)).data).to.include({ id: ada.id, name: 'ada', email: 'ada@example.com' });
    const renamed = await send(
      'PUT',
      users(`/${ada.id}`),
      { type: 'user_authentication_info', name: 'Ada Lovelace', email: 'ada@lovelace.example' },
      asShopper(token),
    );
    expect(renamed.status).to.equal(200);
    expect((await json(renamed)).data).to.include({ name: 'Ada Lovelace', email: 'ada@lovelace.example' });
    expect((await json(await call(`/v2/account-members/${ada.id}`))).data, 'as the merchant sees it').to.include({
      name: 'Ada Lovelace',
      email: 'ada@lovelace.example',
    });
    const taken = await send(
      'PUT',
      users(`/${ada.id}`),
      { type: 'user_authentication_info', email: 'bob@example.com' },
      asShopper(token),
    );
    expect(taken.status, "bob's email").to.equal(409);
    const invalid = await send(
      'PUT',
      users(`/${ada.id}`),
      { type: 'user_authentication_info', name: '' },
      asShopper(token),
    );
    expect(invalid.status).to.equal(400);

    const otherRealm = `/v2/authentication-realms/${randomIds.uuid()}/user-authentication-info/${ada.id}`;
    const notFound: [string, string, unknown][] = [
      ['GET', users(`/${bob.id}`), undefined],
      ['PUT', users(`/${bob.id}`), { type: 'user_authentication_info', name: 'Not Bob' }],
      ['GET', users('/not-a-uuid'), undefined],
      ['GET', otherRealm, undefined],
      ['PUT', otherRealm, { type: 'user_authentication_info', name: 'Elsewhere' }],
    ];
    for (const [method, path, data] of notFound) {
      const answer =
        data === undefined
          ? await call(path, asShopper(token, { method }))
          : await send(method, path, data, asShopper(token));
      expect(answer.status, `${method} ${path}`).to.equal(404);
    }
    expect((await json(await call(users(`/${bob.id}`)))).data['name'], "bob's record as stored").to.equal('bob');
  });

  it('with update_only, lists, reads and changes only its own credentials; it never creates or deletes', async () => {
    await allowSelfManagement('update_only');
    const ada = await aMember('ada');
    const bob = await aMember('bob');
    const token = await tokenOf('ada');

    const listed = await call(credentialsOf(ada.id), asShopper(token));
    expect(listed.status).to.equal(200);
    expect((await json<List>(listed)).data.map((c) => c.id)).to.deep.equal([ada.credentialId]);
    expect((await call(credentialsOf(ada.id, `/${ada.credentialId}`), asShopper(token))).status).to.equal(200);
    const notFound = [
      credentialsOf(bob.id),
      credentialsOf(bob.id, `/${bob.credentialId}`),
      credentialsOf(ada.id, `/${bob.credentialId}`),
    ];
    for (const path of notFound) expect((await call(path, asShopper(token))).status, `GET ${path}`).to.equal(404);
    for (const path of [credentialsOf(bob.id, `/${bob.credentialId}`), credentialsOf(ada.id, `/${bob.credentialId}`)]) {
      const changed = await send('PUT', path, { type: CREDENTIALS_TYPE, password: NEW_PASSWORD }, asShopper(token));
      expect(changed.status, `PUT ${path}`).to.equal(404);
    }
    expect((await signIn('bob', PASSWORD)).status, "bob's password is unchanged").to.equal(201);

    const merchantOnly: [string, string, unknown][] = [
      ['POST', users(), { type: 'user_authentication_info', name: 'Eve', email: 'eve@example.com' }],
      ['DELETE', users(`/${ada.id}`), undefined],
      [
        'POST',
        credentialsOf(ada.id),
        { type: CREDENTIALS_TYPE, username: 'ada2', password: PASSWORD, password_profile_id: profileId },
      ],
      ['DELETE', credentialsOf(ada.id, `/${ada.credentialId}`), undefined],
      ['GET', users(), undefined],
    ];
    for (const [method, path, data] of merchantOnly) {
      const answer =
        data === undefined
          ? await call(path, asShopper(token, { method }))
          : await send(method, path, data, asShopper(token));
      expect(answer.status, `${method} ${path}`).to.equal(403);
      expect((await errorBody(answer)).errors[0]).to.include({ code: 'token_not_permitted' });
    }
    expect((await json<List>(await call(credentialsOf(ada.id)))).data, 'nothing made or deleted').to.have.length(1);
  });

  it("a new password signs in and the old one does not; the member's other tokens end, the one that changed it stays", async () => {
    await allowSelfManagement('update_only');
    const ada = await aMember('ada');
    const bob = await aMember('bob');
    const [changing, otherDevice, bobs] = [await tokenOf('ada'), await tokenOf('ada'), await tokenOf('bob')];

    const changed = await send(
      'PUT',
      credentialsOf(ada.id, `/${ada.credentialId}`),
      { type: CREDENTIALS_TYPE, username: 'ada.l', password: NEW_PASSWORD },
      asShopper(changing),
    );
    expect(changed.status).to.equal(200);
    const answered = (await json(changed)).data;
    expect(answered).to.include({ id: ada.credentialId, username: 'ada.l' });
    expect(answered).not.to.have.property('password');

    expect((await signIn('ada.l', NEW_PASSWORD)).status, 'the new username and password').to.equal(201);
    expect((await signIn('ada.l', PASSWORD)).status, 'the old password').to.equal(401);
    expect((await signIn('ada', NEW_PASSWORD)).status, 'the old username').to.equal(401);
    expect((await call(users(`/${ada.id}`), asShopper(changing))).status, 'the token that changed it').to.equal(200);
    expect((await call(users(`/${ada.id}`), asShopper(otherDevice))).status, 'another token of hers').to.equal(401);
    expect((await call(users(`/${bob.id}`), asShopper(bobs))).status, "another member's token").to.equal(200);

    const renamedOnly = await send(
      'PUT',
      credentialsOf(ada.id, `/${ada.credentialId}`),
      { type: CREDENTIALS_TYPE, username: 'ada' },
      asShopper(changing),
    );
    expect(renamedOnly.status).to.equal(200);
    const fresh = await tokenOf('ada', NEW_PASSWORD);
    await send(
      'PUT',
      credentialsOf(ada.id, `/${ada.credentialId}`),
      { type: CREDENTIALS_TYPE, username: 'ada.lovelace' },
      asShopper(changing),
    );
    expect((await call(users(`/${ada.id}`), asShopper(fresh))).status, 'a new username alone ends nothing').to.equal(
      200,
    );

    const merchant = await send('PUT', credentialsOf(ada.id, `/${ada.credentialId}`), {
      type: CREDENTIALS_TYPE,
      password: PASSWORD,
    });
    expect(merchant.status).to.equal(200);
    for (const token of [changing, fresh])
      expect(
        (await call(users(`/${ada.id}`), asShopper(token))).status,
        "the merchant's change ends every token",
      ).to.equal(401);
  });

  it('opens the shopper routes to browsers, and only the methods a shopper may call', async () => {
    const preflight = (path: string, method: string) =>
      fetch(`${api.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://shop.example',
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': `authorization, content-type, ${TOKEN_HEADER.toLowerCase()}`,
        },
      });
    const member = randomIds.uuid();
    const credential = randomIds.uuid();
    const cases: [string, string, number][] = [
      [users(`/${member}`), 'GET', 204],
      [users(`/${member}`), 'PUT', 204],
      [users(`/${member}`), 'DELETE', 403],
      [credentialsOf(member), 'GET', 204],
      [credentialsOf(member), 'POST', 403],
      [credentialsOf(member, `/${credential}`), 'PUT', 204],
      [credentialsOf(member, `/${credential}`), 'DELETE', 403],
      [users(), 'POST', 403],
    ];
    for (const [path, method, status] of cases)
      expect((await preflight(path, method)).status, `OPTIONS ${method} ${path}`).to.equal(status);
  });
});
