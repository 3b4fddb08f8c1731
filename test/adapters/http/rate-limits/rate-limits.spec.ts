import { expect } from 'chai';
import { SetStoreRateLimit } from '../../../../src/application/use-cases/stores/set-store-rate-limit.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

describe('HTTP: request rates of a store, on one instance', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ rateLimit: 10 });
  });
  afterEach(async () => api.close());

  const headersOf = (r: Response) => ({
    limit: r.headers.get('x-ratelimit-limit'),
    remaining: r.headers.get('x-ratelimit-remaining'),
    reset: r.headers.get('x-ratelimit-reset'),
  });
  const tokenFor = async (clientId: string, clientSecret: string) =>
    (
      (await (
        await fetch(`${api.url}/oauth/access_token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: clientId,
            client_secret: clientSecret,
          }),
        })
      ).json()) as { access_token: string }
    ).access_token;

  it('answers 429 with Retry-After once a key has spent the pool, with the X-RateLimit headers on every answer', async () => {
    const token = await api.token();
    const started = Date.now();
    const responses: Response[] = [];
    // Until the first refusal: on a loaded machine the pool refills while the requests go, so twelve may not do.
    while (responses.length < 40 && responses.at(-1)?.status !== 429)
      responses.push(await api.request('/v2/subscriptions/products', { token }));
    const elapsed = Date.now() - started;
    const statuses = responses.map((r) => r.status);
    // The token request took one of the ten; the pool refills one request every 100 ms meanwhile.
    expect(statuses.filter((s) => s === 200).length).to.be.within(8, 10 + Math.floor(elapsed / 100));
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).to.equal('1');
    expect(headersOf(refused)).to.include({ limit: '10', remaining: '0' });
    expect(((await refused.json()) as { errors: { status: string; detail: string }[] }).errors[0]).to.include({
      status: '429',
    });
    expect(headersOf(responses[0]!).limit).to.equal('10');
    expect(Number(headersOf(responses[0]!).remaining)).to.be.within(7, 9);
    expect(Number(headersOf(responses[0]!).reset)).to.equal(1);
  });

  it('keeps a reserved key’s share while an unreserved key floods, and counts token requests against the key they name', async () => {
    const admin = await api.token();
    // Nine of the ten reserved: the pool the unreserved key draws on refills one request a second.
    const created = (await (
      await api.request('/v2/application-keys', {
        ...jsonBody({ data: { type: 'application_key', name: 'Checkout', reserved_rate_limit: 9 } }),
        token: admin,
      })
    ).json()) as {
      data: { client_id: string; client_secret: string };
    };
    const reservedToken = await tokenFor(created.data.client_id, created.data.client_secret);
    const flood = [];
    for (let i = 0; i < 5; i += 1)
      flood.push((await api.request('/v2/subscriptions/products', { token: admin })).status);
    expect(flood.filter((s) => s === 429).length, String(flood)).to.be.at.least(3);
    const reserved = [];
    for (let i = 0; i < 3; i += 1)
      reserved.push((await api.request('/v2/subscriptions/products', { token: reservedToken })).status);
    expect(reserved, 'the reservation still holds').to.deep.equal([200, 200, 200]);
    expect(
      (await api.request('/v2/subscriptions/products', { token: reservedToken })).headers.get('x-ratelimit-limit'),
    ).to.equal('10');
    const tokenRequest = await fetch(`${api.url}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'implicit', client_id: api.store.key.clientId }),
    });
    expect(tokenRequest.status, 'the default key has nothing left for a token').to.equal(429);
  });

  it('applies a changed budget within a second', async () => {
    const token = await api.token();
    expect((await api.request('/v2/subscriptions/products', { token })).headers.get('x-ratelimit-limit')).to.equal(
      '10',
    );
    await api.container.get(SetStoreRateLimit).execute(api.store.store.id, 50);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await api.request('/v2/subscriptions/products', { token })).headers.get('x-ratelimit-limit')).to.equal(
      '50',
    );
  });

  it('refuses a budget below the reservations, and nonsense', async () => {
    const admin = await api.token();
    await api.request('/v2/application-keys', {
      ...jsonBody({ data: { type: 'application_key', name: 'Big', reserved_rate_limit: 8 } }),
      token: admin,
    });
    const set = api.container.get(SetStoreRateLimit);
    expect(await set.execute(api.store.store.id, 7)).to.deep.include({
      left: {
        _tag: 'Conflict',
        detail: "the store's application keys reserve more than this request budget",
        code: 'budget_below_reservations',
      },
    });
    expect((await set.execute(api.store.store.id, 0))._tag).to.equal('Left');
    expect((await set.execute(api.store.store.id, '12.5'))._tag).to.equal('Left');
    expect((await set.execute('not-a-store', 20))._tag).to.equal('Left');
    expect((await set.execute(api.store.store.id, '8'))._tag).to.equal('Right');
  });
});
