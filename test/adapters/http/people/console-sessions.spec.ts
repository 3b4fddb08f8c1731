import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { AUTHENTICATION_REALM_TOKENS as R } from '../../../../src/application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../../../src/application/people-tokens.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { ADDRESS_BACKOFF } from '../../../../src/domain/auth/failed-authentication.js';
import { newMerchantUser } from '../../../../src/domain/people/merchant-user.js';
import type { Role } from '../../../../src/domain/people/role.js';
import { errorBody } from '../../../support/error-body.js';
import { TestClock, testIds } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

interface SessionDoc {
  readonly data: {
    readonly actor: { readonly type: string; readonly id: string; readonly role?: string; readonly name?: string };
    readonly store: { readonly id: string; readonly name: string };
    readonly csrf_token: string;
    readonly expires_at: { readonly idle: string; readonly absolute: string };
  };
}

/** A browser's cookie jar for one session: the cookie the sign-in set, sent back as a browser would. */
interface Browser {
  readonly cookie: string;
  readonly csrf: string;
  readonly setCookie: string;
  readonly body: SessionDoc;
}

describe('HTTP: console sessions (cookie, CSRF, expiry, sign-out)', () => {
  let api: TestApi;
  let container: Container;
  let clock: TestClock;
  afterEach(async () => api.close());

  const start = async (options: { trustedProxyHeader?: string } = {}) => {
    clock = new TestClock(new Date());
    api = await startTestApi({
      ...options,
      configure: (c) => {
        container = c;
        c.rebind(TOKENS.Clock).toConstantValue(clock);
      },
    });
  };

  const signIn = async (body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    api.request('/console/session', {
      ...jsonBody(body),
      token: null,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  const browserOf = async (response: Response): Promise<Browser> => {
    expect(response.status).to.equal(201);
    const setCookie = response.headers.get('set-cookie') ?? '';
    const body = (await response.json()) as SessionDoc;
    return { setCookie, cookie: setCookie.split(';')[0] ?? '', csrf: body.data.csrf_token, body };
  };

  const withKey = async (headers: Record<string, string> = {}) =>
    browserOf(await signIn({ client_id: api.store.key.clientId, client_secret: api.store.clientSecret }, headers));

  const asBrowser = (browser: Browser, path: string, init: RequestInit = {}, csrf?: string) =>
    api.request(path, {
      ...init,
      token: null,
      headers: {
        Cookie: browser.cookie,
        ...(csrf === undefined ? {} : { 'X-CSRF-Token': csrf }),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  /** A person of the store with a username and password in a password profile of the store's merchant realm. */
  const person = async (role: Role, username = 'ada') => {
    const realms = container.get(R.AuthenticationRealmRepository);
    const realm = await realms.findMerchantRealm(api.store.store.id);
    if (realm === undefined) throw new Error('no merchant realm');
    const profile = (await (
      await api.request(`/v2/authentication-realms/${realm.id}/password-profiles`, {
        ...jsonBody({ data: { type: 'password_profile', name: 'Staff' } }),
      })
    ).json()) as { data: { id: string } };
    const user = newMerchantUser(
      testIds.uuid(),
      api.store.store.id,
      { name: 'Ada Lovelace', email: `${username}@example.com`, role },
      clock.now(),
    );
    await container.get(PEOPLE_TOKENS.MerchantUserRepository).insert(user);
    const stored = await container.get(R.PasswordProfileInfoRepository).insert({
      id: testIds.uuid(),
      storeId: api.store.store.id,
      accountMemberId: user.id,
      passwordProfileId: profile.data.id as never,
      username,
      passwordHash: await container.get(R.PasswordHasher).hash(PASSWORD),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    expect(E.isRight(stored)).to.equal(true);
    await api.request(`/v2/merchant-realm-mappings/${api.store.realmMapping.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'merchant-realm-mappings', prefix: 'acme' } }),
    });
    return { user, profileId: profile.data.id, realmId: realm.id };
  };

  it('signs in with a key: an HttpOnly, SameSite=Strict cookie without Secure over plain HTTP, and never the id in the answer', async () => {
    await start();
    const browser = await withKey();
    expect(browser.setCookie).to.match(
      /^console-session=[A-Za-z0-9_-]{40,}; Path=\/; HttpOnly; SameSite=Strict; Expires=/,
    );
    expect(browser.setCookie).not.to.include('Secure');
    const sessionId = browser.cookie.split('=')[1] ?? '';
    expect(JSON.stringify(browser.body)).not.to.include(sessionId);
    expect(browser.body.data.actor).to.deep.equal({ type: 'application_key', id: api.store.key.id });
    expect(browser.body.data.store).to.deep.equal({ id: api.store.store.id, name: 'Test store' });
    const again = await asBrowser(browser, '/console/session');
    expect(again.status).to.equal(200);
    expect(((await again.json()) as SessionDoc).data.csrf_token).to.equal(browser.csrf);
    expect((await asBrowser(browser, '/v2/settings')).status).to.equal(200);
    expect(api.logs.toString()).not.to.include(sessionId);
  });

  it('names the cookie __Host- and marks it Secure when a trusted proxy says the request came over TLS', async () => {
    await start({ trustedProxyHeader: 'X-Forwarded-For' });
    const tls = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.4' };
    const browser = await withKey(tls);
    expect(browser.setCookie).to.match(
      /^__Host-console-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Secure; Expires=/,
    );
    expect((await asBrowser(browser, '/console/session', { headers: tls })).status).to.equal(200);
    expect((await asBrowser(browser, '/console/session'))?.status, 'the plain-HTTP name is another cookie').to.equal(
      204,
    );
  });

  it('ignores X-Forwarded-Proto without a trusted proxy', async () => {
    await start();
    const browser = await withKey({ 'X-Forwarded-Proto': 'https' });
    expect(browser.setCookie).to.match(/^console-session=/);
  });

  it('refuses a write made with the cookie without its CSRF token, or with a wrong one, and takes the right one', async () => {
    await start();
    const browser = await withKey();
    const write = (csrf?: string) =>
      asBrowser(
        browser,
        '/v2/settings',
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data: { type: 'settings', page_length: 30 } }),
        },
        csrf,
      );
    for (const [csrf, detail] of [
      [undefined, 'a write made with the console session needs its X-CSRF-Token header'],
      ['0'.repeat(64), "the X-CSRF-Token header is not this console session's"],
      [`${browser.csrf}x`, "the X-CSRF-Token header is not this console session's"],
    ] as const) {
      const refused = await write(csrf);
      expect(refused.status).to.equal(403);
      expect((await errorBody(refused)).errors[0]).to.deep.include({
        status: '403',
        detail,
        code: 'csrf_token_invalid',
      });
    }
    expect((await write(browser.csrf)).status).to.equal(200);
    const other = await withKey();
    expect((await write(other.csrf)).status, "another session's token").to.equal(403);
  });

  it('honours the cookie from another origin for nothing: its writes lack the CSRF token, and no answer lets the page read it', async () => {
    await start();
    const browser = await withKey();
    const read = await asBrowser(browser, '/v2/settings', { headers: { Origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-credentials')).to.equal(null);
    const write = await asBrowser(browser, '/console/session', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    });
    expect(write.status).to.equal(403);
    expect((await asBrowser(browser, '/console/session')).status, 'still signed in').to.equal(200);
  });

  it('keeps a bearer token working exactly as before, and prefers it to a cookie', async () => {
    await start();
    const browser = await withKey();
    const token = await api.token();
    const response = await api.request('/v2/settings', {
      method: 'PUT',
      token,
      headers: { Cookie: browser.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'settings', page_length: 40 } }),
    });
    expect(response.status, 'no CSRF token asked of a bearer').to.equal(200);
  });

  it('signs a person in through the prefix (any case); their role bounds them, and a role change applies at once', async () => {
    await start();
    const { user } = await person('read-only');
    const browser = await browserOf(await signIn({ prefix: 'ACME', username: 'ADA', password: PASSWORD }));
    expect(browser.body.data.actor).to.deep.equal({
      type: 'merchant_user',
      id: user.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'read-only',
    });
    const write = () =>
      asBrowser(
        browser,
        '/v2/settings',
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data: { type: 'settings', page_length: 30 } }),
        },
        browser.csrf,
      );
    expect((await asBrowser(browser, '/v2/accounts')).status).to.equal(200);
    const refused = await write();
    expect(refused.status).to.equal(403);
    expect((await errorBody(refused)).errors[0]?.['code']).to.equal('role_not_permitted');
    await container
      .get(PEOPLE_TOKENS.MerchantUserRepository)
      .update(api.store.store.id, user.id, (u) => ({ ...u, role: 'admin' }));
    expect((await write()).status).to.equal(200);
    const signedIn = await container.get(PEOPLE_TOKENS.MerchantUserRepository).findById(api.store.store.id, user.id);
    expect(signedIn?.lastSignedInAt).to.deep.equal(clock.now());
  });

  it('refuses a wrong password, an unknown username and an unknown prefix alike', async () => {
    await start();
    await person('admin');
    for (const body of [
      { prefix: 'acme', username: 'ada', password: 'wrong password' },
      { prefix: 'acme', username: 'nobody', password: PASSWORD },
      { prefix: 'nosuch', username: 'ada', password: PASSWORD },
    ]) {
      const refused = await signIn(body);
      expect(refused.status).to.equal(401);
      expect((await errorBody(refused)).errors[0]?.['detail']).to.equal(
        'the prefix, username and password do not match a person of the store',
      );
      expect(refused.headers.get('set-cookie')).to.equal(null);
    }
    expect((await signIn({ prefix: 'acme', username: 'ada' })).status).to.equal(400);
  });

  it('blocks an address that failed too often, while the right password from another address gets in', async () => {
    await start({ trustedProxyHeader: 'X-Forwarded-For' });
    await person('admin');
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    for (let i = 0; i <= ADDRESS_BACKOFF.freeFailures; i += 1)
      expect(
        (await signIn({ prefix: 'acme', username: 'ada', password: `wrong ${i}` }, from('203.0.113.7'))).status,
      ).to.equal(401);
    const blocked = await signIn({ prefix: 'acme', username: 'ada', password: PASSWORD }, from('203.0.113.7'));
    expect(blocked.status).to.equal(429);
    expect((await errorBody(blocked)).errors[0]?.['code']).to.equal('authentication_blocked');
    expect(
      (await signIn({ prefix: 'acme', username: 'ada', password: PASSWORD }, from('203.0.113.8'))).status,
    ).to.equal(201);
  });

  it('ends a session unused for 30 minutes, moves the idle end with use, and ends it after 12 hours however used', async () => {
    await start();
    const browser = await withKey();
    clock.advance(20 * MINUTE);
    expect((await asBrowser(browser, '/v2/settings')).status).to.equal(200);
    clock.advance(29 * MINUTE);
    expect((await asBrowser(browser, '/v2/settings')).status, 'used 29 minutes ago').to.equal(200);
    clock.advance(30 * MINUTE);
    expect((await asBrowser(browser, '/v2/settings')).status).to.equal(401);
    const ended = await asBrowser(browser, '/console/session');
    expect(ended.status).to.equal(204);
    expect(ended.headers.get('set-cookie')).to.match(
      /^console-session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    const busy = await withKey();
    for (let used = 0; used < 12 * 60; used += 20) {
      clock.advance(20 * MINUTE);
      expect((await asBrowser(busy, '/v2/settings')).status, `after ${used + 20} minutes`).to.equal(
        used + 20 < 12 * 60 ? 200 : 401,
      );
    }
  });

  it("signs out here, or everywhere: every session of the same person ends, another person's stays", async () => {
    await start();
    await person('admin');
    const credentials = { prefix: 'acme', username: 'ada', password: PASSWORD };
    const [here, there, key] = [
      await browserOf(await signIn(credentials)),
      await browserOf(await signIn(credentials)),
      await withKey(),
    ];
    const out = await asBrowser(here, '/console/session', { method: 'DELETE' }, here.csrf);
    expect(out.status).to.equal(204);
    expect(out.headers.get('set-cookie')).to.match(/^console-session=; .*Max-Age=0/);
    expect((await asBrowser(here, '/console/session')).status).to.equal(204);
    expect((await asBrowser(there, '/console/session')).status).to.equal(200);
    const again = await browserOf(await signIn(credentials));
    const everywhere = await asBrowser(again, '/console/session?everywhere=true', { method: 'DELETE' }, again.csrf);
    expect(everywhere.status).to.equal(204);
    expect((await asBrowser(there, '/console/session')).status, 'the other browser').to.equal(204);
    expect((await asBrowser(there, '/v2/settings')).status, 'the other browser').to.equal(401);
    expect((await asBrowser(key, '/console/session')).status, "the key's session").to.equal(200);
    expect((await asBrowser(key, '/console/session?everywhere=maybe', { method: 'DELETE' }, key.csrf)).status).to.equal(
      400,
    );
  });

  it("names the store and its realm's sign-in methods at the prefix, and answers an unknown prefix 404", async () => {
    await start();
    const { profileId } = await person('admin');
    const methods = await api.request('/console/login/AcMe/methods', { token: null });
    expect(methods.status).to.equal(200);
    expect(await methods.json()).to.deep.equal({
      data: {
        type: 'console_sign_in_methods',
        prefix: 'acme',
        store: { name: 'Test store' },
        password_profiles: [{ id: profileId, name: 'Staff' }],
        openid_connect_profiles: [],
      },
    });
    for (const prefix of ['nosuch', 'x'.repeat(300)])
      expect((await api.request(`/console/login/${prefix}/methods`, { token: null })).status).to.equal(404);
  });
});
