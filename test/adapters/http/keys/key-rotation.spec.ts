import { expect } from 'chai';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface KeyData {
  readonly id: string;
  readonly client_id: string;
  readonly client_secret?: string;
  readonly scopes?: string[];
  readonly meta: { readonly timestamps: Record<string, string | null> };
}

describe('HTTP: POST /v2/application-keys/:id/rotate-secret', () => {
  let api: TestApi;
  let key: KeyData & { client_secret: string };
  beforeEach(async () => {
    api = await startTestApi();
    const created = await api.request(
      '/v2/application-keys',
      jsonBody({ data: { type: 'application_key', name: 'Rotated' } }),
    );
    key = ((await created.json()) as { data: KeyData & { client_secret: string } }).data;
  });
  afterEach(async () => api.close());

  const rotate = (
    id: string,
    data: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    token?: string,
  ) =>
    api.request(`/v2/application-keys/${id}/rotate-secret`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ data: { type: 'application_key', ...data } }),
      ...(token === undefined ? {} : { token }),
    });
  const mintStatus = async (secret: string) =>
    (
      await api.request('/oauth/access_token', {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: key.client_id,
          client_secret: secret,
        }),
        token: null,
      })
    ).status;

  it('answers a new secret once; the old one is accepted until the chosen time, then refused', async () => {
    const until = new Date(Date.now() + 1500);
    const response = await rotate(key.id, { expire_current_secret_at: until.toISOString() });
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const rotated = ((await response.json()) as { data: KeyData }).data;
    expect(rotated.client_secret)
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.equal(key.client_secret);
    expect(rotated.client_id).to.equal(key.client_id);
    expect(new Date(rotated.meta.timestamps['previous_secret_expires_at']!).getTime()).to.equal(until.getTime());
    expect(await mintStatus(rotated.client_secret!)).to.equal(200);
    expect(await mintStatus(key.client_secret), 'inside the overlap').to.equal(200);
    const read = ((await (await api.request(`/v2/application-keys/${key.id}`)).json()) as { data: KeyData }).data;
    expect(read).not.to.have.property('client_secret');
    expect(read.meta.timestamps['previous_secret_expires_at']).to.equal(
      rotated.meta.timestamps['previous_secret_expires_at'],
    );
    await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 50));
    expect(await mintStatus(key.client_secret), 'after the overlap').to.equal(401);
    expect(await mintStatus(rotated.client_secret!)).to.equal(200);
  });

  it('ends the old secret at once when no time is given; tokens already minted keep working until they expire', async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.client_id,
      client_secret: key.client_secret,
    });
    const earlier = (
      (await (await api.request('/oauth/access_token', { method: 'POST', body: form, token: null })).json()) as {
        access_token: string;
      }
    ).access_token;
    const rotated = ((await (await rotate(key.id)).json()) as { data: KeyData }).data;
    expect(rotated.meta.timestamps).not.to.have.property('previous_secret_expires_at');
    expect(await mintStatus(key.client_secret)).to.equal(401);
    expect(await mintStatus(rotated.client_secret!)).to.equal(200);
    expect((await api.request('/v2/subscriptions/products', { token: earlier })).status).to.equal(200);
  });

  it('replays an Idempotency-Key rotation without the secret and without rotating twice', async () => {
    const first = ((await (await rotate(key.id, {}, { 'Idempotency-Key': 'rotate-1' })).json()) as { data: KeyData })
      .data;
    const replay = await rotate(key.id, {}, { 'Idempotency-Key': 'rotate-1' });
    expect(replay.status).to.equal(200);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    const replayed = (await replay.json()) as { data: KeyData; meta: unknown };
    expect(replayed.data).not.to.have.property('client_secret');
    expect(replayed.meta).to.deep.equal({ shown_once: ['data.client_secret'] });
    expect(await mintStatus(first.client_secret!), 'the secret of the one rotation still works').to.equal(200);
  });

  it('refuses an overlap past seven days (400), a key it cannot see (404), and a token without full access (403)', async () => {
    const tooLong = await rotate(key.id, {
      expire_current_secret_at: new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString(),
    });
    expect(tooLong.status).to.equal(400);
    expect(((await tooLong.json()) as { errors: { source: string }[] }).errors[0]?.source).to.equal(
      'data.expire_current_secret_at',
    );
    expect((await rotate(key.id, { expire_current_secret_at: 'soon' })).status).to.equal(400);
    expect((await rotate('00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    expect((await rotate('not-a-uuid')).status).to.equal(404);
    const scoped = (
      (await (
        await api.request(
          '/v2/application-keys',
          jsonBody({ data: { type: 'application_key', name: 'S', scopes: ['billing'] } }),
        )
      ).json()) as { data: KeyData & { client_secret: string } }
    ).data;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: scoped.client_id,
      client_secret: scoped.client_secret,
    });
    const scopedToken = (
      (await (await api.request('/oauth/access_token', { method: 'POST', body: form, token: null })).json()) as {
        access_token: string;
      }
    ).access_token;
    expect((await rotate(key.id, {}, {}, scopedToken)).status).to.equal(403);
    expect((await rotate(key.id, {}, {}, await api.token('implicit'))).status).to.equal(403);
    expect(await mintStatus(key.client_secret), 'nothing was rotated').to.equal(200);
  });
});
