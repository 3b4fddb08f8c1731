import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../../../src/application/authentication-realm-tokens.js';
import { StartConsoleSession } from '../../../../src/application/use-cases/people/start-console-session.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../support/backends.js';
import { startTestProvider, type TestProvider } from '../../../support/oidc-provider.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface AuditDoc {
  actor: { kind: string; id: string; name?: string };
  address: string | null;
  action: string;
  resource: { type: string; id: string };
  before: any;
  after: any;
}
type Doc = { data: Record<string, any> & { id: string } };

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a horse of another colour';
const CLIENT_SECRET = 'the provider gave this secret, never to be recorded';

forEachBackend("HTTP: the audit trail of the merchant's people", (_backend, persistence) => {
  let api: TestApi;
  let realm: string;
  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
    realm = `/v2/authentication-realms/${api.store.realmMapping.realmId}`;
  });
  afterEach(async () => api.close());

  const send = async (method: string, path: string, data?: unknown, init: RequestInit & { token?: null } = {}) => {
    const response = await api.request(path, {
      ...init,
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).to.be.below(300);
    return response.status === 204 ? undefined : ((await response.json()) as Doc);
  };
  const person = async (name: string, role: string) =>
    (await send('POST', '/v2/merchant-users', {
      type: 'merchant_user',
      name,
      email: `${name.toLowerCase()}@example.com`,
      role,
    }))!.data;
  const trail = async (filter: string): Promise<AuditDoc[]> => {
    const response = await api.request(`/v2/audit-events?filter=${encodeURIComponent(filter)}&page[limit]=100`);
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { data: AuditDoc[] }).data;
  };

  it("records an owner's change of a person's role with the owner as actor, before and after", async () => {
    const ada = await person('Ada', 'owner');
    const bob = await person('Bob', 'billing');
    const started = await api.container
      .get(StartConsoleSession)
      .forUser(api.store.store.id, ada.id as Uuid, { address: '127.0.0.1' });
    if (E.isLeft(started)) throw new Error('no console session');
    await send(
      'PUT',
      `/v2/merchant-users/${bob.id}`,
      { type: 'merchant_user', role: 'admin' },
      {
        token: null,
        headers: {
          Cookie: `console-session=${started.right.sessionToken}`,
          'X-CSRF-Token': started.right.csrfToken,
        },
      },
    );
    const [changed, created, ...rest] = await trail(`eq(resource_id,${bob.id})`);
    expect(rest).to.deep.equal([]);
    expect(created).to.deep.include({
      action: 'merchant-user.created',
      actor: { kind: 'key', id: api.store.key.id },
      resource: { type: 'merchant_user', id: bob.id },
      before: null,
    });
    expect(changed).to.deep.include({
      action: 'merchant-user.updated',
      actor: { kind: 'user', id: ada.id, name: 'Ada' },
      address: '127.0.0.1',
      resource: { type: 'merchant_user', id: bob.id },
    });
    expect(changed!.before).to.include({ name: 'Bob', role: 'billing' });
    expect(changed!.after).to.include({ name: 'Bob', role: 'admin' });
    const found = await trail(`eq(actor_kind,user)`);
    expect(found.map((e) => e.action)).to.deep.equal(['merchant-user.updated']);
  });

  it("records a realm user's credentials with the password redacted, and their removal with the person's", async () => {
    const bea = (await send('POST', `${realm}/user-authentication-info`, {
      type: 'user_authentication_info',
      name: 'Bea',
      email: 'bea@example.com',
    }))!.data;
    const profile = (await send('POST', `${realm}/password-profiles`, {
      type: 'password_profile',
      name: 'Console',
      username_format: 'email',
    }))!.data;
    const credentials = `${realm}/user-authentication-info/${bea.id}/user-authentication-password-profile-info`;
    const stored = (await send('POST', credentials, {
      type: 'user_authentication_password_profile_info',
      username: 'bea@example.com',
      password: PASSWORD,
      password_profile_id: profile.id,
    }))!.data;
    await send('PUT', `${credentials}/${stored.id}`, {
      type: 'user_authentication_password_profile_info',
      password: NEW_PASSWORD,
    });
    await send('DELETE', `/v2/merchant-users/${bea.id}`);

    const events = await trail(`eq(resource_id,${stored.id})`);
    expect(events.map((e) => e.action)).to.deep.equal([
      'password-profile-info.deleted',
      'password-profile-info.updated',
      'password-profile-info.created',
    ]);
    const [deleted, updated, created] = events;
    expect(created!.after).to.include({ username: 'bea@example.com', passwordHash: '[redacted]' });
    expect(updated!.before).to.include({ passwordHash: '[redacted]' });
    expect(updated!.after).to.include({ passwordHash: '[redacted]' });
    expect(deleted!.before).to.include({ username: 'bea@example.com' });
    expect(deleted!.after).to.equal(null);
    const removed = await trail(`eq(resource_id,${bea.id})`);
    expect(removed.map((e) => e.action)).to.deep.equal(['merchant-user.deleted', 'merchant-user.created']);
    const everything = JSON.stringify(await trail('eq(actor_kind,key)'));
    for (const secret of [PASSWORD, NEW_PASSWORD]) expect(everything).not.to.include(secret);
    expect(everything).not.to.match(/scrypt|\$[0-9a-z]+\$/i);
  });

  describe('OpenID Connect', () => {
    let provider: TestProvider;
    before(async () => {
      provider = await startTestProvider([]);
    });
    after(async () => provider.close());

    it("records a profile's creation, change and deletion with the client secret redacted", async () => {
      const profiles = `${realm}/oidc-profiles`;
      const made = (await send('POST', profiles, {
        type: 'oidc-profile',
        name: 'Staff SSO',
        discovery_url: provider.discoveryUrl,
        client_id: 'console',
        client_secret: CLIENT_SECRET,
      }))!.data;
      await send('PUT', `${profiles}/${made.id}`, { type: 'oidc-profile', name: 'Everyone SSO' });
      await send('DELETE', `${profiles}/${made.id}`);
      const [deleted, renamed, created, ...rest] = await trail(`eq(resource_id,${made.id})`);
      expect(rest).to.deep.equal([]);
      expect(created).to.deep.include({
        action: 'oidc-profile.created',
        actor: { kind: 'key', id: api.store.key.id },
        resource: { type: 'oidc-profile', id: made.id },
        before: null,
      });
      expect(created!.after).to.include({ name: 'Staff SSO', clientId: 'console', clientSecret: '[redacted]' });
      expect(renamed!.action).to.equal('oidc-profile.updated');
      expect(renamed!.before).to.include({ name: 'Staff SSO' });
      expect(renamed!.after).to.include({ name: 'Everyone SSO', clientSecret: '[redacted]' });
      expect(deleted).to.deep.include({ action: 'oidc-profile.deleted', after: null });
      expect(JSON.stringify(await trail('eq(actor_kind,key)'))).not.to.include(CLIENT_SECRET);
    });

    it("lets only who manages people write a person's links, and removes them with the person", async () => {
      const profile = (await send('POST', `${realm}/oidc-profiles`, {
        type: 'oidc-profile',
        name: 'Staff SSO',
        discovery_url: provider.discoveryUrl,
        client_id: 'console',
        client_secret: CLIENT_SECRET,
      }))!.data;
      await person('Ada', 'owner');
      const cy = await person('Cy', 'admin');
      const dee = await person('Dee', 'billing');
      const linksOf = (userId: string) =>
        `${realm}/user-authentication-info/${userId}/user-authentication-oidc-profile-info`;
      const link = { type: 'user_authentication_oidc_profile_info', subject: 'dee-sub', oidc_profile_id: profile.id };
      const started = await api.container
        .get(StartConsoleSession)
        .forUser(api.store.store.id, cy.id as Uuid, { address: '127.0.0.1' });
      if (E.isLeft(started)) throw new Error('no console session');
      const asAdmin = await api.request(linksOf(dee.id), {
        ...jsonBody({ data: link }),
        token: null,
        headers: {
          'Content-Type': 'application/json',
          Cookie: `console-session=${started.right.sessionToken}`,
          'X-CSRF-Token': started.right.csrfToken,
        },
      });
      expect(asAdmin.status, 'an admin reads the realm but does not manage people').to.equal(403);
      expect(((await asAdmin.json()) as { errors: { code: string }[] }).errors[0]?.code).to.equal('role_not_permitted');
      const linked = (await send('POST', linksOf(dee.id), link))!.data;
      const signIn = api.container.get(AUTHENTICATION_REALM_TOKENS.OidcProfileInfoRepository);
      const storeId = api.store.store.id;
      expect((await signIn.findBySubject(storeId, profile.id as Uuid, 'dee-sub'))?.id).to.equal(linked.id);
      await send('DELETE', `/v2/merchant-users/${dee.id}`);
      expect(await signIn.findBySubject(storeId, profile.id as Uuid, 'dee-sub'), 'the link went with Dee').to.equal(
        undefined,
      );
    });
  });
});
