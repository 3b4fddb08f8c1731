import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../src/adapters/system/system-module.js';
import { ACCOUNT_TOKENS } from '../../../../src/application/account-tokens.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { ADDRESS_BACKOFF } from '../../../../src/domain/auth/failed-authentication.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Doc = { data: Record<string, unknown> & { id: string } };
type Tokens = {
  data: { account_id: string; account_name: string; token: string; expires: string; type: string }[];
  meta: { account_member_id: string };
};

const PASSWORD = 'correct horse battery';
const TOKEN_HEADER = 'EP-Account-Management-Authentication-Token';

describe('HTTP: account authentication realm, password profiles, credentials and account member tokens', () => {
  let api: TestApi;
  /** Every body the service answered, to show the password never appears in one. */
  const answered: string[] = [];
  const call = async (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const response = await api.request(path, init);
    answered.push(await response.clone().text());
    return response;
  };
  const send = (method: string, path: string, data: unknown, init: RequestInit & { token?: string | null } = {}) =>
    call(path, {
      ...jsonBody({ data }),
      method,
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    });
  const json = async <T = Doc>(response: Response): Promise<T> => (await response.json()) as T;

  let realmId: string;
  const realm = (rest = '') => `/v2/authentication-realms/${realmId}${rest}`;

  const newProfile = async (fields: Record<string, unknown> = {}) =>
    (
      await json(
        await send('POST', realm('/password-profiles'), { type: 'password_profile', name: 'Shoppers', ...fields }),
      )
    ).data.id;
  const newMember = async (email = 'ron@example.com') =>
    (
      await json(
        await send('POST', realm('/user-authentication-info'), {
          type: 'user_authentication_info',
          name: 'Ron',
          email,
        }),
      )
    ).data.id;
  const credentials = (memberId: string, fields: Record<string, unknown>) =>
    send('POST', realm(`/user-authentication-info/${memberId}/user-authentication-password-profile-info`), {
      type: 'user_authentication_password_profile_info',
      ...fields,
    });
  const signIn = (fields: Record<string, unknown>, init: RequestInit & { token?: string | null } = {}) =>
    send('POST', '/v2/account-members/tokens', { type: 'account_management_authentication_token', ...fields }, init);
  /** Makes an account the member belongs to, through the accounts port (its HTTP routes are another concept's). */
  const joinAccount = async (memberId: string, name: string) => {
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
      accountMemberId: memberId as never,
      createdAt: now,
      updatedAt: now,
    };
    const stored = await api.container
      .get(ACCOUNT_TOKENS.AccountRepository)
      .insertWithMembership(account, membership, 100, []);
    expect(E.isRight(stored)).to.equal(true);
    return account.id;
  };

  beforeEach(async () => {
    answered.length = 0;
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    const settings = await json(await call('/v2/settings/account-authentication'));
    realmId = (settings.data['relationships'] as { authentication_realm: { data: { id: string } } })
      .authentication_realm.data.id;
  });
  afterEach(async () => {
    for (const body of answered) expect(body).not.to.include(PASSWORD);
    await api.close();
  });

  it("answers the store's settings with its realm, changes them partially and refuses bad values", async () => {
    const settings = await json(await call('/v2/settings/account-authentication'));
    expect(settings.data).to.include({
      type: 'account_authentication_settings',
      enable_self_signup: false,
      auto_create_account_for_account_members: false,
      account_member_self_management: 'disabled',
      account_management_authentication_token_timeout_secs: 86_400,
    });
    const changed = await send('PUT', '/v2/settings/account-authentication', {
      type: 'account_authentication_settings',
      enable_self_signup: true,
    });
    expect(changed.status).to.equal(200);
    expect((await json(changed)).data).to.include({
      enable_self_signup: true,
      auto_create_account_for_account_members: false,
    });
    const refused = await send('PUT', '/v2/settings/account-authentication', {
      type: 'account_authentication_settings',
      enable_self_signup: 'yes',
      account_member_self_management: 'always',
      account_management_authentication_token_timeout_secs: 10,
    });
    expect(refused.status).to.equal(400);
    expect((await errorBody(refused)).errors.map((e) => e['source'])).to.deep.equal([
      'data.enable_self_signup',
      'data.account_member_self_management',
      'data.account_management_authentication_token_timeout_secs',
    ]);
    expect((await json(await call('/v2/settings/account-authentication'))).data['enable_self_signup']).to.equal(true);
    expect((await call('/v2/settings/account-authentication', { token: await api.token('implicit') })).status).to.equal(
      403,
    );
  });

  it('lists both realms, reads and renames the account realm; another store’s realm is not found', async () => {
    const list = await json<{ data: Doc['data'][] }>(await call('/v2/authentication-realms'));
    // The account realm first, then the merchant realm the store's realm mapping names.
    expect(list.data.map((r) => [r.id, r['name']])).to.deep.equal([
      [realmId, 'Account Management Realm'],
      [api.store.realmMapping.realmId, 'Merchant Realm'],
    ]);
    const renamed = await send('PUT', realm(), {
      name: 'Shoppers',
      redirect_uris: ['https://shop.example/callback'],
      duplicate_email_policy: 'api_only',
    });
    expect((await json(renamed)).data).to.include({ name: 'Shoppers', duplicate_email_policy: 'api_only' });
    expect((await send('PUT', realm(), { redirect_uris: ['ftp://x'] })).status).to.equal(400);
    const other = await api.container.get(CreateStore).execute('Other store');
    if (E.isLeft(other)) throw new Error('no store');
    expect((await call(`/v2/authentication-realms/${other.right.store.id}`)).status).to.equal(404);
    expect((await call('/v2/authentication-realms/not-a-uuid')).status).to.equal(404);
  });

  it('keeps password profiles, and usernames unique in a profile regardless of case, in its format', async () => {
    const profileId = await newProfile();
    expect((await json(await call(realm(`/password-profiles/${profileId}`)))).data).to.include({
      name: 'Shoppers',
      username_format: 'any',
      enable_one_time_password_token: false,
    });
    const emailProfile = await newProfile({ name: 'By email', username_format: 'email' });
    const [ron, ann] = [await newMember(), await newMember('ann@example.com')];
    const made = await credentials(ron, { username: 'Ron', password: PASSWORD, password_profile_id: profileId });
    expect(made.status).to.equal(201);
    expect(Object.keys((await json(made)).data).sort()).to.deep.equal(
      ['id', 'links', 'meta', 'password_profile_id', 'type', 'username'].sort(),
    );
    const taken = await credentials(ann, { username: 'RON', password: PASSWORD, password_profile_id: profileId });
    expect(taken.status).to.equal(409);
    expect((await errorBody(taken)).errors[0]).to.include({ code: 'username_taken' });
    const notEmail = await credentials(ann, { username: 'ann', password: PASSWORD, password_profile_id: emailProfile });
    expect((await errorBody(notEmail)).errors.map((e) => e['source'])).to.deep.equal(['data.username']);
    const short = await credentials(ann, { username: 'ann', password: 'short', password_profile_id: profileId });
    expect((await errorBody(short)).errors.map((e) => e['source'])).to.deep.equal(['data.password']);
    expect((await call(realm(`/password-profiles/${profileId}`), { method: 'DELETE' })).status).to.equal(204);
    expect(
      (
        await signIn({
          authentication_mechanism: 'password',
          password_profile_id: profileId,
          username: 'Ron',
          password: PASSWORD,
        })
      ).status,
    ).to.equal(404);
  });

  it('signs a member in by password with an implicit token: a token per account, none for a member of no account', async () => {
    const profileId = await newProfile();
    const ron = await newMember();
    await credentials(ron, { username: 'ron', password: PASSWORD, password_profile_id: profileId });
    const implicit = await api.token('implicit');
    const body = {
      authentication_mechanism: 'password',
      password_profile_id: profileId,
      username: 'RON',
      password: PASSWORD,
    };
    const alone = await signIn(body, { token: implicit });
    expect(alone.status).to.equal(201);
    expect(alone.headers.get('cache-control')).to.equal('no-store');
    expect(await json<Tokens>(alone)).to.deep.include({ data: [] });
    const home = await joinAccount(ron, 'Home');
    const work = await joinAccount(ron, 'Work');
    const signed = await json<Tokens>(await signIn(body, { token: implicit }));
    expect(signed.meta.account_member_id).to.equal(ron);
    expect(signed.data.map((t) => [t.account_id, t.account_name]).sort()).to.deep.equal(
      [
        [home, 'Home'],
        [work, 'Work'],
      ].sort(),
    );
    const lifetime = Date.parse(signed.data[0]?.expires ?? '') - Date.now();
    expect(lifetime).to.be.within(86_390_000, 86_400_000);

    const wrong = await signIn({ ...body, password: 'not the password' }, { token: implicit });
    const unknown = await signIn({ ...body, username: 'nobody' }, { token: implicit });
    expect([wrong.status, unknown.status]).to.deep.equal([401, 401]);
    expect((await errorBody(wrong)).errors[0]?.['detail']).to.equal((await errorBody(unknown)).errors[0]?.['detail']);
    expect((await signIn(body, { token: null })).status).to.equal(401);
  });

  it('switches accounts with a token the member holds, and only to their own accounts', async () => {
    const profileId = await newProfile();
    const ron = await newMember();
    await credentials(ron, { username: 'ron', password: PASSWORD, password_profile_id: profileId });
    const home = await joinAccount(ron, 'Home');
    const work = await joinAccount(ron, 'Work');
    const strangers = await joinAccount(await newMember('ann@example.com'), 'Strangers');
    const signed = await json<Tokens>(
      await signIn({
        authentication_mechanism: 'password',
        password_profile_id: profileId,
        username: 'ron',
        password: PASSWORD,
      }),
    );
    const homeToken = signed.data.find((t) => t.account_id === home)?.token ?? '';
    const switchTo = (account_id: string | undefined, token: string | undefined) =>
      signIn(
        {
          authentication_mechanism: 'account_management_authentication_token',
          ...(account_id === undefined ? {} : { account_id }),
        },
        token === undefined ? {} : { headers: { [TOKEN_HEADER]: token } },
      );
    const switched = await json<Tokens>(await switchTo(work, homeToken));
    expect(switched.data.map((t) => t.account_id)).to.deep.equal([work]);
    expect((await json<Tokens>(await switchTo(undefined, homeToken))).data).to.have.length(2);
    expect((await switchTo(strangers, homeToken)).status).to.equal(404);
    expect((await switchTo(work, 'not-a-token')).status).to.equal(401);
    expect((await switchTo(work, undefined)).status).to.equal(401);
  });

  it('signs shoppers up only once the store allows it, with an account of their own when it says so', async () => {
    const profileId = await newProfile({ username_format: 'email' });
    const signup = (username: string, email: string) =>
      signIn({
        authentication_mechanism: 'self_signup',
        password_profile_id: profileId,
        username,
        password: PASSWORD,
        name: 'Ron Swanson',
        email,
      });
    const refused = await signup('ron@example.com', 'ron@example.com');
    expect(refused.status).to.equal(403);
    expect((await errorBody(refused)).errors[0]).to.include({ code: 'self_signup_disabled' });
    await send('PUT', '/v2/settings/account-authentication', {
      type: 'account_authentication_settings',
      enable_self_signup: true,
      auto_create_account_for_account_members: true,
      account_management_authentication_token_timeout_secs: 3600,
    });
    const made = await signup('ron@example.com', 'ron@example.com');
    expect(made.status).to.equal(201);
    const tokens = await json<Tokens>(made);
    expect(tokens.data.map((t) => t.account_name)).to.deep.equal(['Ron Swanson']);
    expect(Date.parse(tokens.data[0]?.expires ?? '') - Date.now()).to.be.within(3_590_000, 3_600_000);
    const member = await json(await call(realm(`/user-authentication-info/${tokens.meta.account_member_id}`)));
    expect(member.data).to.include({ name: 'Ron Swanson', email: 'ron@example.com' });
    const again = await signup('RON@example.com', 'other@example.com');
    expect(again.status).to.equal(409);
    expect((await errorBody(again)).errors[0]).to.include({ code: 'username_taken' });
    const sameEmail = await signup('ron2@example.com', 'ron@example.com');
    expect((await errorBody(sameEmail)).errors[0]).to.include({ code: 'email_taken' });
    // The refused sign-up took nothing: its username is free again.
    expect((await signup('ron2@example.com', 'ron2@example.com')).status).to.equal(201);
  });

  it('refuses the mechanisms it does not serve, and bad requests field by field without echoing the password', async () => {
    const passwordless = await signIn({
      authentication_mechanism: 'passwordless',
      username: 'x',
      one_time_password_token: '1',
    });
    expect(passwordless.status).to.equal(422);
    expect((await errorBody(passwordless)).errors[0]).to.include({ code: 'not_served_yet' });
    expect((await signIn({ authentication_mechanism: 'oidc' })).status).to.equal(422);
    const bad = await signIn({
      authentication_mechanism: 'password',
      password_profile_id: 'x',
      password: 'p'.repeat(257),
    });
    expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal([
      'data.password_profile_id',
      'data.username',
      'data.password',
    ]);
    expect((await signIn({ authentication_mechanism: 'magic' })).status).to.equal(400);
  });

  it('slows only the caller that fails: another address signs in as the same member with the right password', async () => {
    const profileId = await newProfile();
    const ron = await newMember();
    await credentials(ron, { username: 'ron', password: PASSWORD, password_profile_id: profileId });
    await joinAccount(ron, 'Home');
    const body = { authentication_mechanism: 'password', password_profile_id: profileId, username: 'ron' };
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    const guesses: number[] = [];
    for (let i = 0; i < ADDRESS_BACKOFF.freeFailures + 3; i += 1)
      guesses.push((await signIn({ ...body, password: `guess number ${i}` }, from('203.0.113.9'))).status);
    expect(guesses.slice(0, ADDRESS_BACKOFF.freeFailures + 1)).to.deep.equal(
      Array(ADDRESS_BACKOFF.freeFailures + 1).fill(401),
    );
    expect(guesses.slice(-1)).to.deep.equal([429]);
    // The guesser is refused even with the right password, before anything is looked at...
    expect((await signIn({ ...body, password: PASSWORD }, from('203.0.113.9'))).status).to.equal(429);
    // ...while the member, from their own address, is not held up at all.
    const member = await signIn({ ...body, password: PASSWORD }, from('198.51.100.7'));
    expect(member.status).to.equal(201);
    expect((await json<Tokens>(member)).data).to.have.length(1);
  });
});
