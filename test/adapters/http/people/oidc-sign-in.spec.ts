import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../src/application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../../../src/application/people-tokens.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { newMerchantUser } from '../../../../src/domain/people/merchant-user.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../support/backends.js';
import { BrowserJar, formOf } from '../../../support/browser-jar.js';
import { startTestProvider, type TestProvider } from '../../../support/oidc-provider.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const CLIENT = { clientId: 'console-client', clientSecret: 'a client secret of the console at the provider' };
const OTHER_CLIENT = { clientId: 'another-client', clientSecret: 'another client secret at the provider' };
const SESSION_COOKIE = 'console-session';
const STATE_COOKIE = 'console-oidc-state';

forEachBackend(
  'HTTP: signing in to the console through an OpenID Connect provider',
  (_backend, persistence) => {
    let api: TestApi;
    let provider: TestProvider;
    let storeId: Uuid;
    let profileId: string;
    const callback = () => `${api.url}/console/oidc/callback`;

    /** A profile of the store's merchant realm, stored at its port: the realm's routes are the people's concept. */
    const seedProfile = async (discoveryUrl: string, client = CLIENT): Promise<string> => {
      const mapping = (await (await api.request('/v2/merchant-realm-mappings')).json()) as {
        data: { realm_id: Uuid };
      };
      const now = new Date();
      const profile = {
        id: randomIds.uuid(),
        storeId,
        realmId: mapping.data.realm_id,
        name: 'Staff SSO',
        discoveryUrl,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        redirectUris: [],
        issuer: provider.issuer,
        createdAt: now,
        updatedAt: now,
      };
      await api.container.get(AUTHENTICATION_REALM_TOKENS.OidcProfileRepository).insert(profile);
      return profile.id;
    };

    before(async () => {
      api = await startTestApi({ persistence: persistence() });
      storeId = api.store.store.id;
      provider = await startTestProvider([
        { ...CLIENT, redirectUri: `${api.url}/console/oidc/callback` },
        { ...OTHER_CLIENT, redirectUri: `${api.url}/console/oidc/callback` },
      ]);
      const mapping = (await (await api.request('/v2/merchant-realm-mappings')).json()) as { data: { id: string } };
      const put = await api.request(`/v2/merchant-realm-mappings/${mapping.data.id}`, {
        ...jsonBody({ data: { type: 'merchant-realm-mappings', prefix: 'Acme' } }),
        method: 'PUT',
      });
      expect(put.status).to.equal(200);
      profileId = await seedProfile(provider.discoveryUrl);
    });
    after(async () => {
      await provider.close();
      await api.close();
    });

    const users = () => api.container.get(PEOPLE_TOKENS.MerchantUserRepository);

    /** Starts a sign-in and stops at the provider's login form, with `edit` applied to the authorization URL. */
    const toProvider = async (jar: BrowserJar, edit: (url: URL) => void = () => {}) => {
      const begun = await jar.fetch(`${api.url}/console/login/aCmE/oidc/${profileId}`);
      expect(begun.status).to.equal(303);
      const authorization = new URL(begun.headers.get('Location') ?? '');
      expect(authorization.origin).to.equal(provider.issuer);
      edit(authorization);
      const form = await jar.navigate(authorization.href);
      expect(form.response.status, 'the login form').to.equal(200);
      return { authorization, form: formOf(await form.response.text(), form.url) };
    };

    /** Signs in at the provider as `sub` and follows every redirect until the service answers for good. */
    const signIn = async (sub: string, jar = new BrowserJar(), edit?: (url: URL) => void) => {
      const { form, authorization } = await toProvider(jar, edit);
      const body = new URLSearchParams({ ...form.fields, login: sub, password: 'anything' });
      const done = await jar.navigate(
        form.action,
        { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
        (url) => url.origin === api.url && url.pathname === '/console',
      );
      return { jar, done, authorization };
    };

    const sessionOf = async (jar: BrowserJar) => {
      const token = jar.cookie(api.url, SESSION_COOKIE);
      if (token === undefined) return undefined;
      const hash = api.container.get(TOKENS.Secrets).hash(token);
      return api.container.get(PEOPLE_TOKENS.ConsoleSessionRepository).findActive(hash, new Date());
    };

    const callbackStep = (jar: BrowserJar) => jar.steps.find((step) => step.url.startsWith(callback()));

    it('makes a read-only person at the first sign-in, finds them by their link at the next, and starts a session each time', async () => {
      provider.person('ada-sub', { email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' });
      const first = await signIn('ada-sub');
      expect(new URL(first.done.url).pathname).to.equal('/console');
      expect(first.authorization.searchParams.get('code_challenge_method')).to.equal('S256');
      expect(first.authorization.searchParams.get('nonce')).to.have.length.greaterThan(40);
      const ada = await users().findByEmail(storeId, 'ada@example.com');
      expect(ada?.role).to.equal('read-only');
      expect(ada?.name).to.equal('Ada Lovelace');
      expect((await sessionOf(first.jar))?.session.subject).to.deep.equal({ kind: 'user', id: ada?.id });
      expect(first.jar.cookie(api.url, STATE_COOKIE), 'the state cookie is spent').to.equal(undefined);

      // The provider now says another email: the link, not the email, says who this is.
      provider.person('ada-sub', { email: 'ada.lovelace@example.com', emailVerified: true });
      const second = await signIn('ada-sub');
      expect((await sessionOf(second.jar))?.session.subject).to.deep.equal({ kind: 'user', id: ada?.id });
      expect(await users().findByEmail(storeId, 'ada.lovelace@example.com')).to.equal(undefined);
    });

    it('links an existing person whose email the provider verified, and refuses one it did not verify', async () => {
      const grace = newMerchantUser(
        randomIds.uuid(),
        storeId,
        { name: 'Grace', email: 'Grace@Example.com', role: 'billing' },
        new Date(),
      );
      expect(E.isRight(await users().insert(grace))).to.equal(true);
      provider.person('grace-sub', { email: 'grace@example.com', emailVerified: true });
      const linked = await signIn('grace-sub');
      expect((await sessionOf(linked.jar))?.session.subject).to.deep.equal({ kind: 'user', id: grace.id });

      const alan = newMerchantUser(
        randomIds.uuid(),
        storeId,
        { name: 'Alan', email: 'alan@example.com', role: 'owner' },
        new Date(),
      );
      await users().insert(alan);
      provider.person('mallory-sub', { email: 'alan@example.com', emailVerified: false });
      const refused = await signIn('mallory-sub');
      expect(new URL(refused.done.url).pathname).to.equal('/console/oidc/failed');
      const page = await refused.done.response.text();
      expect(page).to.contain('did not verify');
      expect(page).to.contain('href="/console/login/Acme"');
      expect(await sessionOf(refused.jar)).to.equal(undefined);
    });

    it('uses an attempt once, and only in the browser that began it', async () => {
      provider.person('turing-sub', { email: 'turing@example.com', emailVerified: true });
      const { jar } = await signIn('turing-sub');
      const used = callbackStep(jar);
      expect(used?.status).to.equal(303);
      // Replayed, by the same browser with its old state cookie put back, or by another.
      const state = new URL(used?.url ?? '').searchParams.get('state') ?? '';
      jar.set(api.url, STATE_COOKIE, state);
      const replayed = await jar.navigate(used?.url ?? '');
      expect(new URL(replayed.url).pathname).to.equal('/console/oidc/failed');
      expect(await replayed.response.text()).to.contain('unknown or was used already');

      // Someone else's callback link: the code and state are real, but this browser did not begin it.
      const victim = new BrowserJar();
      const attacker = new BrowserJar();
      const { form } = await toProvider(attacker);
      const body = new URLSearchParams({ ...form.fields, login: 'turing-sub', password: 'x' });
      const atCallback = await attacker.navigate(
        form.action,
        { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
        (url) => url.href.startsWith(callback()),
      );
      const stolen = await victim.navigate(atCallback.url);
      expect(new URL(stolen.url).pathname).to.equal('/console/oidc/failed');
      expect(await sessionOf(victim)).to.equal(undefined);

      // A state changed on the way back.
      const tampered = new URL(atCallback.url);
      tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
      expect(new URL((await attacker.navigate(tampered.href)).url).pathname).to.equal('/console/oidc/failed');
      expect(await sessionOf(attacker)).to.equal(undefined);
    });

    it("refuses an ID token whose nonce is not the attempt's, and a code issued to another client", async () => {
      provider.person('eve-sub', { email: 'eve@example.com', emailVerified: true });
      const wrongNonce = await signIn('eve-sub', new BrowserJar(), (url) => url.searchParams.set('nonce', 'not-ours'));
      expect(new URL(wrongNonce.done.url).pathname).to.equal('/console/oidc/failed');
      expect(await wrongNonce.done.response.text()).to.contain('did not pass its checks');

      const otherClient = await signIn('eve-sub', new BrowserJar(), (url) =>
        url.searchParams.set('client_id', OTHER_CLIENT.clientId),
      );
      expect(new URL(otherClient.done.url).pathname).to.equal('/console/oidc/failed');
      expect(await users().findByEmail(storeId, 'eve@example.com')).to.equal(undefined);
    });

    it("says so when the person declines at the provider, and never shows the provider's own words", async () => {
      const jar = new BrowserJar();
      const { authorization } = await toProvider(jar);
      const state = authorization.searchParams.get('state') ?? '';
      const { response: declined } = await jar.navigate(
        `${callback()}?error=access_denied&error_description=${encodeURIComponent('<script>x</script>')}&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      );
      const page = await declined.text();
      expect(page).to.contain('did not sign you in');
      expect(page).not.to.contain('<script>');
      expect(declined.headers.get('Content-Security-Policy')).to.contain("default-src 'none'");
    });

    it('sends the browser to a readable page when the provider is down, or the profile or prefix is unknown', async () => {
      const down = await seedProfile('http://127.0.0.1:9/.well-known/openid-configuration');
      const jar = new BrowserJar();
      const begun = await jar.navigate(`${api.url}/console/login/acme/oidc/${down}`);
      expect(begun.response.status).to.equal(200);
      const page = await begun.response.text();
      expect(page).to.contain('could not be reached');
      expect(page).to.contain('href="/console/login/Acme"');
      for (const path of [`nobody/oidc/${profileId}`, `acme/oidc/${randomIds.uuid()}`, 'acme/oidc/not-a-uuid']) {
        const unknown = await jar.navigate(`${api.url}/console/login/${path}`);
        expect(await unknown.response.text(), path).to.contain('no such way of signing in');
      }
    });

    it('never logs the client secret, a code, a state or a session id', () => {
      const logged = api.logs.text;
      expect(logged).not.to.contain(CLIENT.clientSecret);
      expect(logged).not.to.match(/[?&](code|state)=/);
    });
  },
  { keepBetweenTests: true },
);
