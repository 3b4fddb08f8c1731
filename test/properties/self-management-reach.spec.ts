import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { ACCOUNT_TOKENS } from '../../src/application/account-tokens.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../../src/application/use-cases/stores/set-store-rate-limit.js';
import type { SelfManagement } from '../../src/domain/settings/account-authentication-settings.js';
import { forEachBackend } from '../support/backends.js';
import { aMemberOf, anAccountOf, type Shopper, shopperHeaders } from '../support/shoppers.js';
import { startTestApi, TEST_STORE_BUDGET, type TestApi } from '../support/test-api.js';
import { backendPropertyRuns } from './property-runs.js';
import { tokenFor } from './seeded-store.js';

/** Stores, each with its self-management setting and its accounts' numbers of signed-in members. */
type World = readonly { readonly setting: SelfManagement; readonly accounts: readonly number[] }[];
const WORLD: fc.Arbitrary<World> = fc.array(
  fc.record({
    setting: fc.constantFrom<SelfManagement>('disabled', 'update_only'),
    accounts: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 2 }),
  }),
  { minLength: 1, maxLength: 2 },
);

/** A signed-in member, with what a storefront of its store holds and the credentials the merchant gave it. */
interface Member extends Shopper {
  readonly implicit: string;
  readonly realmId: string;
  readonly setting: SelfManagement;
  readonly credentialId: string;
}

const CREDENTIALS_TYPE = 'user_authentication_password_profile_info';

forEachBackend("Properties: a shopper never reads or changes another member's details", (backend, persistence) => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
  });
  afterEach(async () => api.close());

  const send = async (token: string, method: string, path: string, data?: unknown, headers = {}) => {
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
  };

  /** A store with its setting, a password profile, and members in accounts, each with credentials. */
  const aStore = async (setting: SelfManagement, accounts: readonly number[]): Promise<Member[]> => {
    const made = await api.container.get(CreateStore).execute('Shop');
    if (E.isLeft(made)) throw new Error('store not created');
    const { store, key, clientSecret } = made.right;
    await api.container.get(SetStoreRateLimit).execute(store.id, TEST_STORE_BUDGET);
    const merchant = await tokenFor(api.url, {
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: clientSecret,
    });
    const implicit = await tokenFor(api.url, { grant_type: 'implicit', client_id: key.clientId });
    const settings = await send(merchant, 'PUT', '/v2/settings/account-authentication', {
      type: 'account_authentication_settings',
      account_member_self_management: setting,
    });
    const realmId: string = settings.body.data.relationships.authentication_realm.data.id;
    const realm = `/v2/authentication-realms/${realmId}`;
    const profile = await send(merchant, 'POST', `${realm}/password-profiles`, { type: 'password_profile', name: 'P' });
    const members: Member[] = [];
    for (const count of accounts) {
      const account = await anAccountOf(api.container, store.id);
      for (let m = 0; m < count; m++) {
        const shopper = await aMemberOf(api.container, account);
        const credential = await send(
          merchant,
          'POST',
          `${realm}/user-authentication-info/${shopper.accountMemberId}/user-authentication-password-profile-info`,
          {
            type: CREDENTIALS_TYPE,
            username: `m${members.length}`,
            password: 'a long enough password',
            password_profile_id: profile.body.data.id,
          },
        );
        if (credential.status !== 201) throw new Error(`credentials answered ${credential.status}`);
        members.push({ ...shopper, implicit, realmId, setting, credentialId: credential.body.data.id });
      }
    }
    return members;
  };

  const storedName = async (target: Member) =>
    (await api.container.get(ACCOUNT_TOKENS.AccountMemberRepository).findById(target.storeId, target.accountMemberId))
      ?.name;

  it('reaches its own member record and credentials, only with update_only; every other member is not found', async () => {
    await fc.assert(
      fc.asyncProperty(WORLD, fc.nat(), fc.nat(), async (world, pickShopper, pickTarget) => {
        const members: Member[] = [];
        for (const { setting, accounts } of world) members.push(...(await aStore(setting, accounts)));
        for (const shopper of members) {
          const as = (method: string, path: string, data?: unknown) =>
            send(shopper.implicit, method, path, data, shopperHeaders(shopper));
          for (const target of members) {
            const own = target.accountMemberId === shopper.accountMemberId;
            const expected = shopper.setting === 'disabled' ? 403 : own ? 200 : 404;
            // The target's own realm (another store's realm is not found either) and the shopper's.
            for (const realmId of new Set([target.realmId, shopper.realmId])) {
              const user = `/v2/authentication-realms/${realmId}/user-authentication-info/${target.accountMemberId}`;
              const credentials = `${user}/user-authentication-password-profile-info`;
              const reached = realmId === shopper.realmId ? expected : shopper.setting === 'disabled' ? 403 : 404;
              const label = `member ${shopper.accountMemberId} on ${user}`;
              expect((await as('GET', user)).status, `${label}: GET`).to.equal(reached);
              const listed = await as('GET', credentials);
              expect(listed.status, `${label}: list credentials`).to.equal(reached);
              if (listed.status === 200)
                expect(listed.body.data.map((c: { id: string }) => c.id)).to.deep.equal([target.credentialId]);
              expect(
                (await as('GET', `${credentials}/${target.credentialId}`)).status,
                `${label}: GET credential`,
              ).to.equal(reached);
            }
          }
        }
        // One change by a random shopper of a random member's name: its own changes where allowed, no one else's.
        const shopper = members[pickShopper % members.length];
        const target = members[pickTarget % members.length];
        if (shopper === undefined || target === undefined) return;
        const own = target.accountMemberId === shopper.accountMemberId;
        const before = await storedName(target);
        const path = `/v2/authentication-realms/${shopper.realmId}/user-authentication-info/${target.accountMemberId}`;
        const changed = await send(
          shopper.implicit,
          'PUT',
          path,
          { type: 'user_authentication_info', name: 'Changed by a shopper' },
          shopperHeaders(shopper),
        );
        const allowed = shopper.setting === 'update_only';
        expect(changed.status).to.equal(allowed ? (own ? 200 : 404) : 403);
        expect(await storedName(target), 'the target as stored').to.equal(
          allowed && own ? 'Changed by a shopper' : before,
        );
      }),
      { numRuns: backendPropertyRuns(backend, 5, 2), endOnFailure: true },
    );
  });
});
