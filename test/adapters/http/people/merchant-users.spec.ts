import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { PEOPLE_TOKENS } from '../../../../src/application/people-tokens.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { StartConsoleSession } from '../../../../src/application/use-cases/people/start-console-session.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: string;
  readonly last_signed_in_at: string | null;
}

describe("HTTP: /v2/merchant-users, the merchant's people and their roles", () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const add = (name: string, email: string, role: string) =>
    api.request('/v2/merchant-users', jsonBody({ data: { type: 'merchant_user', name, email, role } }));
  const added = async (name: string, email: string, role: string): Promise<Person> => {
    const response = await add(name, email, role);
    expect(response.status, await response.clone().text()).to.equal(201);
    return ((await response.json()) as { data: Person }).data;
  };
  const change = (id: string, data: Record<string, unknown>) =>
    api.request(`/v2/merchant-users/${id}`, {
      ...jsonBody({ data: { type: 'merchant_user', ...data } }),
      method: 'PUT',
    });
  const remove = (id: string) => api.request(`/v2/merchant-users/${id}`, { method: 'DELETE' });
  const codeOf = async (response: Response) => (await errorBody(response)).errors[0]?.['code'];

  it('adds, reads, lists, changes and removes a person', async () => {
    const ada = await added('Ada', 'ada@example.com', 'owner');
    expect(ada).to.include({ name: 'Ada', email: 'ada@example.com', role: 'owner', last_signed_in_at: null });
    const read = await api.request(`/v2/merchant-users/${ada.id}`);
    expect(((await read.json()) as { data: Person }).data).to.deep.equal(ada);
    const bob = await added('Bob', 'bob@example.com', 'billing');
    const renamed = await change(bob.id, { name: 'Bob Jr', role: 'read-only' });
    expect(((await renamed.json()) as { data: Person }).data).to.include({
      name: 'Bob Jr',
      email: 'bob@example.com',
      role: 'read-only',
    });
    const list = (await (await api.request('/v2/merchant-users')).json()) as { data: Person[] };
    expect(list.data.map((p) => p.name)).to.deep.equal(['Bob Jr', 'Ada']);
    expect((await remove(bob.id)).status).to.equal(204);
    expect((await api.request(`/v2/merchant-users/${bob.id}`)).status).to.equal(404);
    expect((await api.request('/v2/merchant-users/not-a-uuid')).status).to.equal(404);
  });

  it('filters on name, email and role', async () => {
    await added('Ada', 'ada@example.com', 'owner');
    await added('Bea', 'bea@shop.example', 'billing');
    await added('Cy', 'cy@shop.example', 'billing');
    const names = async (filter: string) =>
      ((await (await api.request(`/v2/merchant-users?filter=${filter}`)).json()) as { data: Person[] }).data
        .map((p) => p.name)
        .sort();
    expect(await names('eq(role,billing)')).to.deep.equal(['Bea', 'Cy']);
    expect(await names('like(email,*@shop.example)')).to.deep.equal(['Bea', 'Cy']);
    expect(await names('eq(name,Ada)')).to.deep.equal(['Ada']);
    const unknownRole = await api.request('/v2/merchant-users?filter=eq(role,boss)');
    expect(unknownRole.status).to.equal(400);
  });

  it('refuses an email another person holds, whatever its case', async () => {
    const ada = await added('Ada', 'ada@example.com', 'owner');
    const again = await add('Ada Two', 'ADA@Example.com', 'admin');
    expect(again.status).to.equal(409);
    expect(await codeOf(again)).to.equal('email_taken');
    const bob = await added('Bob', 'bob@example.com', 'admin');
    const taking = await change(bob.id, { email: 'Ada@EXAMPLE.com' });
    expect(await codeOf(taking)).to.equal('email_taken');
    expect((await change(ada.id, { email: 'ADA@example.com' })).status).to.equal(200);
  });

  it('names every invalid field at once', async () => {
    const response = await api.request(
      '/v2/merchant-users',
      jsonBody({ data: { type: 'merchant_user', name: '', email: 'nobody', role: 'boss' } }),
    );
    expect(response.status).to.equal(400);
    const sources = (await errorBody(response)).errors.map((e) => e['source']);
    expect(sources).to.deep.equal(['data.name', 'data.email', 'data.role']);
  });

  it('keeps the last owner: neither demoted nor removed, until another person is owner', async () => {
    const ada = await added('Ada', 'ada@example.com', 'owner');
    const demoted = await change(ada.id, { role: 'admin' });
    expect(demoted.status).to.equal(409);
    expect(await codeOf(demoted)).to.equal('last_owner');
    const removed = await remove(ada.id);
    expect(removed.status).to.equal(409);
    expect((await errorBody(removed)).errors[0]?.['detail']).to.match(/without an owner/);
    const bea = await added('Bea', 'bea@example.com', 'admin');
    expect((await change(bea.id, { role: 'owner' })).status).to.equal(200);
    expect((await change(ada.id, { role: 'admin' })).status).to.equal(200);
    expect(await codeOf(await remove(bea.id))).to.equal('last_owner');
    expect((await change(ada.id, { name: 'Ada L.' })).status).to.equal(200);
  });

  it('leaves one owner when two owners demote each other at once', async () => {
    const ada = await added('Ada', 'ada@example.com', 'owner');
    const bea = await added('Bea', 'bea@example.com', 'owner');
    const answers = await Promise.all([change(ada.id, { role: 'admin' }), change(bea.id, { role: 'admin' })]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 409]);
    const owners = (await (await api.request('/v2/merchant-users?filter=eq(role,owner)')).json()) as { data: [] };
    expect(owners.data).to.have.length(1);
  });

  it("ends a person's console sessions when their role changes or they are removed, not when renamed", async () => {
    const storeId = api.store.store.id as Uuid;
    const sessions = api.container.get(PEOPLE_TOKENS.ConsoleSessionRepository);
    const secrets = api.container.get(TOKENS.Secrets);
    await added('Ada', 'ada@example.com', 'owner');
    const bob = await added('Bob', 'bob@example.com', 'billing');
    const signIn = async () => {
      const started = await api.container.get(StartConsoleSession).forUser(storeId, bob.id as Uuid, {});
      if (E.isLeft(started)) throw new Error('no session');
      return secrets.hash(started.right.sessionToken);
    };
    const live = async (hash: string) => (await sessions.findActive(hash, new Date())) !== undefined;

    const first = await signIn();
    expect((await change(bob.id, { name: 'Bob Jr' })).status).to.equal(200);
    expect(await live(first), 'a new name keeps the session').to.equal(true);
    expect((await change(bob.id, { role: 'read-only' })).status).to.equal(200);
    expect(await live(first), 'a new role ends it').to.equal(false);

    const second = await signIn();
    const signedIn = ((await (await api.request(`/v2/merchant-users/${bob.id}`)).json()) as { data: Person }).data;
    expect(signedIn.last_signed_in_at).to.be.a('string');
    expect((await remove(bob.id)).status).to.equal(204);
    expect(await live(second), 'removal ends it').to.equal(false);
  });

  it('lets only a key with full access manage people, and a read-only key not even read them', async () => {
    const key = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'Billing', scopes: ['billing', 'read-only'] } }),
    );
    const { client_id, client_secret } = ((await key.json()) as { data: Record<string, string> }).data;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret } as Record<
      string,
      string
    >);
    const token = (
      (await (await api.request('/oauth/access_token', { method: 'POST', body: form, token: null })).json()) as {
        access_token: string;
      }
    ).access_token;
    const write = await api.request('/v2/merchant-users', {
      ...jsonBody({ data: { type: 'merchant_user', name: 'Eve', email: 'eve@example.com', role: 'owner' } }),
      token,
    });
    expect(write.status).to.equal(403);
    expect(await codeOf(write)).to.equal('scope_missing');
    const read = await api.request('/v2/merchant-users', { token });
    expect(read.status).to.equal(403);
  });
});
