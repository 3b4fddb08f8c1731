import { expect } from 'chai';
import { ACCOUNT_TOKENS } from '../../../../src/application/account-tokens.js';
import { NO_EVENTS } from '../../../../src/domain/events/domain-event.js';
import { aMember } from '../../../support/account-builders.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = any;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('HTTP: account members and memberships', () => {
  let api: TestApi;

  const send = (path: string, method: string, data?: unknown) =>
    api.request(path, { ...(data === undefined ? {} : jsonBody({ data })), method });
  const body = async (response: Response, status: number): Promise<Resource> => {
    expect(response.status, await response.clone().text()).to.equal(status);
    return response.json();
  };
  const account = async (name: string): Promise<Resource> =>
    (await body(await send('/v2/accounts', 'POST', { type: 'account', name }), 201)).data;
  /** Members are made by sign-up or as user-authentication-info: here they are stored directly. */
  const member = async (name: string, email: string) => {
    const made = aMember(api.store.store.id, { name, email });
    await api.container.get(ACCOUNT_TOKENS.AccountMemberRepository).insert(made, NO_EVENTS);
    return made;
  };
  const join = (accountId: string, memberId: string) =>
    send(`/v2/accounts/${accountId}/account-memberships`, 'POST', {
      type: 'account_membership',
      account_member_id: memberId,
    });

  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  it("reads members as EPCC's, filtered on email and name, and 404 for an id the store does not have", async () => {
    const ron = await member('Ron Swanson', 'ron@swanson.com');
    await member('Leslie Knope', 'leslie@knope.com');
    const one = await body(await api.request(`/v2/account-members/${ron.id}`), 200);
    expect(one.data).to.deep.include({
      id: ron.id,
      type: 'account_member',
      name: 'Ron Swanson',
      email: 'ron@swanson.com',
    });
    expect(one.data.links.self).to.equal(`${api.url}/v2/account-members/${ron.id}`);
    const byEmail = await body(await api.request('/v2/account-members?filter=eq(email,ron@swanson.com)'), 200);
    expect(byEmail.data.map((m: Resource) => m.id)).to.deep.equal([ron.id]);
    const byDomain = await body(await api.request('/v2/account-members?filter=like(email,*@knope.com)'), 200);
    expect(byDomain.data.map((m: Resource) => m.name)).to.deep.equal(['Leslie Knope']);
    const all = await body(await api.request('/v2/account-members'), 200);
    expect(all.meta.results.total).to.equal(2);
    expect((await api.request(`/v2/account-members/${MISSING}`)).status).to.equal(404);
    expect((await api.request('/v2/account-members/tokens')).status).to.equal(404);
  });

  it('adds a member to an account once, lists both sides with what they include, and removes it', async () => {
    const acme = await account('Acme');
    const ron = await member('Ron Swanson', 'ron@swanson.com');
    const leslie = await member('Leslie Knope', 'leslie@knope.com');
    const made = (await body(await join(acme.id, ron.id), 201)).data;
    expect(made).to.deep.include({
      type: 'account_membership',
      relationships: {
        account: { data: { id: acme.id, type: 'account' } },
        account_member: { data: { id: ron.id, type: 'account_member' } },
      },
      links: { self: `${api.url}/v2/accounts/${acme.id}/account-memberships/${made.id}` },
    });
    const again = await join(acme.id, ron.id);
    expect(again.status).to.equal(409);
    expect((await errorBody(again)).errors[0]).to.deep.include({ code: 'membership_exists' });
    expect((await join(acme.id, MISSING)).status).to.equal(404);
    expect((await join(MISSING, ron.id)).status).to.equal(404);
    const bad = await send(`/v2/accounts/${acme.id}/account-memberships`, 'POST', { type: 'account_membership' });
    expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal(['data.account_member_id']);

    const ofAccount = await body(
      await api.request(`/v2/accounts/${acme.id}/account-memberships?include=account_member`),
      200,
    );
    expect(ofAccount.data.map((m: Resource) => m.id)).to.deep.equal([made.id]);
    expect(ofAccount.included.account_members.map((m: Resource) => [m.id, m.email])).to.deep.equal([
      [ron.id, 'ron@swanson.com'],
    ]);
    const plain = await body(await api.request(`/v2/accounts/${acme.id}/account-memberships`), 200);
    expect(plain).not.to.have.property('included');
    const ofMember = await body(
      await api.request(`/v2/account-members/${ron.id}/account-memberships?include=account`),
      200,
    );
    expect(ofMember.included.accounts.map((a: Resource) => [a.id, a.name])).to.deep.equal([[acme.id, 'Acme']]);
    const unassigned = await body(
      await api.request(`/v2/accounts/${acme.id}/account-memberships/unassigned-account-members`),
      200,
    );
    expect(unassigned.data.map((m: Resource) => m.id)).to.deep.equal([leslie.id]);
    expect((await api.request(`/v2/accounts/${acme.id}/account-memberships?include=account`)).status).to.equal(400);

    const path = `/v2/accounts/${acme.id}/account-memberships/${made.id}`;
    expect((await body(await api.request(path), 200)).data).to.deep.equal(made);
    const update = await send(path, 'PUT', { type: 'account_membership', account_member_id: ron.id });
    expect([update.status, update.headers.get('allow')]).to.deep.equal([405, 'HEAD, GET, DELETE']);
    expect((await send(path, 'DELETE')).status).to.equal(204);
    expect((await api.request(path)).status).to.equal(404);
    expect((await send(path, 'DELETE')).status).to.equal(404);
    expect((await api.request(`/v2/account-members/${ron.id}`)).status).to.equal(200);
  });

  it("holds the store's membership limit, and a deleted account takes its memberships with it", async () => {
    const limited = await send('/v2/settings/account-membership', 'PUT', {
      type: 'account_membership_setting',
      membership_limit: 1,
    });
    expect(limited.status).to.equal(200);
    const [first, second] = [await account('First'), await account('Second')];
    const ron = await member('Ron Swanson', 'ron@swanson.com');
    expect((await join(first.id, ron.id)).status).to.equal(201);
    const over = await join(second.id, ron.id);
    expect(over.status).to.equal(409);
    expect((await errorBody(over)).errors[0]).to.deep.include({ code: 'membership_limit_reached' });
    expect((await send(`/v2/accounts/${first.id}`, 'DELETE')).status).to.equal(204);
    const left = await body(await api.request(`/v2/account-members/${ron.id}/account-memberships`), 200);
    expect(left.data).to.deep.equal([]);
    expect((await join(second.id, ron.id)).status).to.equal(201);
  });

  it('fires the account and membership keys an integration observes, each with its change', async () => {
    const observes = [
      'account.created',
      'account.updated',
      'account.deleted',
      'account-membership.created',
      'account-membership.deleted',
    ];
    const integration = (
      await body(
        await send('/v2/integrations', 'POST', {
          type: 'integration',
          name: 'Accounts',
          integration_type: 'webhook',
          observes,
          configuration: { url: 'https://hooks.example.com/accounts' },
        }),
        200,
      )
    ).data;
    const acme = await account('Acme');
    const ron = await member('Ron Swanson', 'ron@swanson.com');
    await join(acme.id, ron.id);
    await send(`/v2/accounts/${acme.id}`, 'PUT', { type: 'account', name: 'Acme 2' });
    await send(`/v2/accounts/${acme.id}`, 'DELETE');
    const jobs = await body(await api.request(`/v2/integrations/${integration.id}/jobs?page[limit]=20`), 200);
    // Each change's own job; changes a millisecond apart may list in either order.
    expect(jobs.data.map((j: Resource) => j.triggered_by)).to.have.members([
      'account.created',
      'account-membership.created',
      'account.updated',
      'account-membership.deleted',
      'account.deleted',
    ]);
  });
});
