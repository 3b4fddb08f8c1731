import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { merchantRealmPeople } from '../../../../src/adapters/http/authentication-realms/merchant-realm-people.js';
import type { Actor } from '../../../../src/domain/auth/actor.js';
import type { AuthenticationRealm } from '../../../../src/domain/authentication-realms/authentication-realm.js';
import { ROLE_SCOPES, ROLES } from '../../../../src/domain/people/role.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Data<T> = { data: T };
type Named = { id: string; name: string; email: string; role?: string };

describe("HTTP: the merchant realm's users are the merchant's people", () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const json = async <T>(response: Response, status: number): Promise<T> => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return (await response.json()) as T;
  };
  const realms = async () => {
    const mapping = await json<Data<{ realm_id: string }>>(await api.request('/v2/merchant-realm-mappings'), 200);
    const settings = await json<Data<{ relationships: { authentication_realm: { data: { id: string } } } }>>(
      await api.request('/v2/settings/account-authentication'),
      200,
    );
    return {
      merchant: `/v2/authentication-realms/${mapping.data.realm_id}`,
      account: `/v2/authentication-realms/${settings.data.relationships.authentication_realm.data.id}`,
    };
  };

  it("serves the merchant's people, and only them, as the merchant realm's user-authentication-info", async () => {
    const { merchant, account } = await realms();
    const ada = (
      await json<Data<Named>>(
        await api.request(
          '/v2/merchant-users',
          jsonBody({ data: { type: 'merchant_user', name: 'Ada', email: 'ada@example.com', role: 'owner' } }),
        ),
        201,
      )
    ).data;
    const ron = (
      await json<Data<Named>>(
        await api.request(
          `${account}/user-authentication-info`,
          jsonBody({ data: { type: 'user_authentication_info', name: 'Ron', email: 'ron@example.com' } }),
        ),
        201,
      )
    ).data;

    const listed = await json<{ data: Named[] }>(await api.request(`${merchant}/user-authentication-info`), 200);
    expect(listed.data.map((u) => u.id)).to.deep.equal([ada.id]);
    const read = await json<Data<Named>>(await api.request(`${merchant}/user-authentication-info/${ada.id}`), 200);
    expect(read.data).to.include({ id: ada.id, name: 'Ada', email: 'ada@example.com' });
    expect((await api.request(`${merchant}/user-authentication-info/${ron.id}`)).status).to.equal(404);
    expect((await api.request(`${account}/user-authentication-info/${ada.id}`)).status).to.equal(404);

    const renamed = await api.request(`${merchant}/user-authentication-info/${ada.id}`, {
      ...jsonBody({ data: { type: 'user_authentication_info', name: 'Ada L.' } }),
      method: 'PUT',
    });
    expect((await json<Data<Named>>(renamed, 200)).data.name).to.equal('Ada L.');
    const person = await json<Data<Named>>(await api.request(`/v2/merchant-users/${ada.id}`), 200);
    expect(person.data).to.include({ name: 'Ada L.', role: 'owner' });
    const lastOwner = await api.request(`${merchant}/user-authentication-info/${ada.id}`, { method: 'DELETE' });
    expect(lastOwner.status).to.equal(409);
    expect((await errorBody(lastOwner)).errors[0]?.['code']).to.equal('last_owner');
  });

  it("keeps a person's username and password in a password profile of the merchant realm, gone with the person", async () => {
    const { merchant } = await realms();
    const made = await api.request(
      `${merchant}/user-authentication-info`,
      jsonBody({ data: { type: 'user_authentication_info', name: 'Bea', email: 'bea@example.com' } }),
    );
    const bea = (await json<Data<Named>>(made, 201)).data;
    const person = await json<Data<Named>>(await api.request(`/v2/merchant-users/${bea.id}`), 200);
    expect(person.data.role, 'the least of the roles').to.equal('read-only');
    const profile = (
      await json<Data<{ id: string }>>(
        await api.request(
          `${merchant}/password-profiles`,
          jsonBody({ data: { type: 'password_profile', name: 'Console', username_format: 'email' } }),
        ),
        201,
      )
    ).data;
    const credentials = `${merchant}/user-authentication-info/${bea.id}/user-authentication-password-profile-info`;
    const password = 'correct horse battery';
    const stored = await api.request(
      credentials,
      jsonBody({
        data: {
          type: 'user_authentication_password_profile_info',
          username: 'bea@example.com',
          password,
          password_profile_id: profile.id,
        },
      }),
    );
    const answer = await stored.text();
    expect(stored.status, answer).to.equal(201);
    expect(answer).not.to.include(password);
    const listed = await json<{ data: { username: string }[] }>(await api.request(credentials), 200);
    expect(listed.data.map((c) => c.username)).to.deep.equal(['bea@example.com']);

    expect((await api.request(`/v2/merchant-users/${bea.id}`, { method: 'DELETE' })).status).to.equal(204);
    expect((await api.request(credentials)).status).to.equal(404);
  });

  describe('the guard of its writes', () => {
    const STORE = '5f0c8a2e-8d65-4a3f-9a57-1c2b3d4e5f60' as Uuid;
    const ID = '6a1d9b3f-9e76-4b40-8b68-2d3c4e5f6071' as Uuid;
    const realm = (kind: 'account' | 'merchant') => ({
      execute: async () => E.right({ id: ID, storeId: STORE, kind } as AuthenticationRealm),
    });
    const run = async (kind: 'account' | 'merchant', actor: Actor, scopes: readonly string[] | null) => {
      const ctx = {
        params: { realmId: ID },
        state: { principal: { storeId: STORE, applicationKeyId: ID, grant: 'client_credentials', scopes, actor } },
        status: 404,
        body: undefined as unknown,
      };
      let passed = false;
      await merchantRealmPeople(realm(kind))(ctx as never, async () => {
        passed = true;
      });
      return { passed, ctx };
    };

    for (const role of ROLES)
      it(`${role === 'owner' ? 'lets' : 'stops'} a person with the role ${role} in the merchant realm`, async () => {
        const { passed, ctx } = await run('merchant', { kind: 'user', id: ID, role }, ROLE_SCOPES[role]);
        expect(passed).to.equal(role === 'owner');
        if (!passed) expect(ctx.status).to.equal(403);
      });

    it('leaves the account realm to the route’s own access, and lets a key with full access in', async () => {
      expect((await run('account', { kind: 'user', id: ID, role: 'admin' }, null)).passed).to.equal(true);
      expect((await run('merchant', { kind: 'key', id: ID }, null)).passed).to.equal(true);
    });
  });
});
