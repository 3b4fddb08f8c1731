import { expect } from 'chai';
import { ADDRESS_BACKOFF } from '../../../../src/domain/auth/failed-authentication.js';
import { errorBody } from '../../../support/error-body.js';
import { FormPoster, inPool } from '../../../support/form-posts.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const FREE = ADDRESS_BACKOFF.freeFailures;

describe('HTTP: failed authentication at POST /oauth/access_token', () => {
  let api: TestApi;
  afterEach(async () => api.close());

  const tokenRequest = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    api.request('/oauth/access_token', { method: 'POST', body: new URLSearchParams(fields), headers, token: null });
  const wrongSecret = (headers: Record<string, string> = {}) =>
    tokenRequest(
      { grant_type: 'client_credentials', client_id: api.store.key.clientId, client_secret: 'wrong' },
      headers,
    );
  const rightSecret = (headers: Record<string, string> = {}) =>
    tokenRequest(
      { grant_type: 'client_credentials', client_id: api.store.key.clientId, client_secret: api.store.clientSecret },
      headers,
    );
  const statusesOf = async (requests: readonly Promise<Response>[]) =>
    Promise.all(requests.map(async (r) => (await r).status));

  it('keeps wrong secrets out of the store’s request budget: legitimate traffic within it gets no 429 while 250 wrong secrets a second arrive', async () => {
    api = await startTestApi({ rateLimit: 100 });
    const token = await api.token();
    const attacker: Promise<number>[] = [];
    const poller: Promise<number>[] = [];
    // Two seconds: five wrong secrets every 20 ms (250/s) and one legitimate request every 25 ms (40/s, within 100/s).
    for (let tick = 0; tick < 100; tick += 1) {
      for (let i = 0; i < 5; i += 1) attacker.push(wrongSecret().then((r) => r.status));
      if (tick % 5 !== 4) poller.push(api.request('/v2/settings', { token }).then((r) => r.status));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [sent, got] = [await Promise.all(attacker), await Promise.all(poller)];
    expect(
      got.filter((s) => s !== 200),
      'the legitimate requests that were not answered 200',
    ).to.deep.equal([]);
    expect(sent.filter((s) => s === 401).length, 'wrong secrets that were looked at').to.be.within(FREE + 1, FREE + 4);
    expect(sent.filter((s) => s === 429).length).to.equal(sent.length - sent.filter((s) => s === 401).length);
  });

  it('refuses an address past its free failures with 429 and Retry-After, before its credentials are looked at, unknown client ids alike', async () => {
    api = await startTestApi();
    const unknown = await statusesOf(
      Array.from({ length: FREE + 1 }, (_, i) =>
        tokenRequest({ grant_type: 'client_credentials', client_id: `unknown-${i}`, client_secret: 'x' }),
      ),
    );
    expect(unknown).to.deep.equal(Array(FREE + 1).fill(401));
    for (const refused of [await tokenRequest({ grant_type: 'implicit', client_id: 'unknown' }), await rightSecret()]) {
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('1');
      expect(refused.headers.get('x-ratelimit-limit'), 'no figures of any key').to.equal(null);
      expect(await errorBody(refused)).to.deep.equal({
        errors: [
          {
            status: '429',
            title: 'Too Many Requests',
            code: 'authentication_blocked',
            detail: 'too many failed authentications from this address; retry after 1 s',
          },
        ],
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await rightSecret()).status, 'once the block is over').to.equal(200);
    expect((await wrongSecret()).status).to.equal(401);
    const next = await rightSecret();
    expect(next.status, 'the next failure blocks for twice as long').to.equal(429);
    expect(next.headers.get('retry-after')).to.equal('2');
  });

  it('answers every 401 with the same headers, whether the client id exists or not', async () => {
    api = await startTestApi({ rateLimit: 100 });
    const known = await wrongSecret();
    const unknown = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'no-such-client-id',
      client_secret: 'wrong',
    });
    const names = (r: Response) => [...r.headers.keys()].filter((h) => h !== 'date').sort();
    expect([known.status, unknown.status]).to.deep.equal([401, 401]);
    expect(names(known)).to.deep.equal(names(unknown));
    expect(names(known).filter((h) => h.startsWith('x-ratelimit'))).to.deep.equal([]);
    expect(await errorBody(known)).to.deep.equal(await errorBody(unknown));
  });

  it('never blocks the right secret nor an implicit grant from another address: 2,000 wrong secrets from 200 addresses through the proxy, each of which is limited', async function () {
    this.timeout(180_000);
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    const poster = new FormPoster(api.url, 16);
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      const clientId = api.store.key.clientId;
      const wrong = (address: string) =>
        poster.post(
          '/oauth/access_token',
          { grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong' },
          from(address),
        );
      const flood = Array.from({ length: 200 }, (_, i) => `192.0.2.${i + 1}`);
      const sent = await inPool(
        Array.from({ length: 2000 }, (_, i) => flood[i % flood.length]!),
        16,
        wrong,
      );
      expect(
        sent.filter((s) => s !== 401),
        'ten failures per address are free: each was looked at',
      ).to.deep.equal([]);
      const implicit = (address: string) =>
        tokenRequest({ grant_type: 'implicit', client_id: clientId }, from(address));
      expect((await rightSecret(from('198.51.100.1'))).status, 'the store’s back office').to.equal(200);
      expect((await implicit('198.51.100.2')).status, 'a storefront').to.equal(200);

      // One more failure from each flooding address is beyond its free ones: for the next second the address
      // is refused whatever it sends, while the store's own addresses are not.
      const limited = await inPool(flood, 16, async (address) => [
        await wrong(address),
        await poster.post(
          '/oauth/access_token',
          { grant_type: 'client_credentials', client_id: clientId, client_secret: api.store.clientSecret },
          from(address),
        ),
        await poster.post('/oauth/access_token', { grant_type: 'implicit', client_id: clientId }, from(address)),
      ]);
      expect(
        limited.filter(([failure, right, storefront]) => !(failure === 401 && right === 429 && storefront === 429)),
        'the flooding addresses: the failure beyond the free ones is looked at, and the address is refused next',
      ).to.deep.equal([]);
      expect((await rightSecret(from('198.51.100.1'))).status, 'the store’s back office, after it all').to.equal(200);
      expect((await implicit('198.51.100.2')).status, 'a storefront, after it all').to.equal(200);
    } finally {
      poster.close();
    }
  });

  it('tells a known client id from an unknown one in nothing, after a flood against the known one', async function () {
    this.timeout(10_000);
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const poster = new FormPoster(api.url, 16);
    try {
      await inPool(
        Array.from({ length: 500 }, (_, i) => `192.0.2.${(i % 50) + 1}`),
        16,
        async (address) =>
          poster.post(
            '/oauth/access_token',
            { grant_type: 'client_credentials', client_id: api.store.key.clientId, client_secret: 'wrong' },
            from(address),
          ),
      );
    } finally {
      poster.close();
    }
    const unknownSecret = (address: string) =>
      tokenRequest(
        { grant_type: 'client_credentials', client_id: 'no-such-client-id', client_secret: 'wrong' },
        from(address),
      );
    const names = (r: Response) => [...r.headers.keys()].filter((h) => !['date', 'x-request-id'].includes(h)).sort();
    const answers = async (requests: readonly (() => Promise<Response>)[]) => {
      const responses = [];
      for (const request of requests) responses.push(await request());
      return Promise.all(
        responses.map(async (r) => ({
          status: r.status,
          headers: names(r),
          retryAfter: r.headers.get('retry-after'),
          body: await errorBody(r),
        })),
      );
    };
    const [known, unknown, unknownImplicit] = await answers([
      () => wrongSecret(from('198.51.100.1')),
      () => unknownSecret('198.51.100.2'),
      () => tokenRequest({ grant_type: 'implicit', client_id: 'no-such-client-id' }, from('198.51.100.3')),
    ]);
    expect(known!.status).to.equal(401);
    expect(unknown).to.deep.equal(known);
    expect(unknownImplicit).to.deep.equal(known);
    // A flooding address past its free failures: its next failure blocks it, and it is refused alike.
    await wrongSecret(from('192.0.2.1'));
    const [blockedKnown, blockedUnknown] = await answers([
      () => wrongSecret(from('192.0.2.1')),
      () => unknownSecret('192.0.2.1'),
    ]);
    expect(blockedKnown!.status).to.equal(429);
    expect(blockedUnknown).to.deep.equal(blockedKnown);
  });

  it('counts the address the trusted proxy header names: its last entry, which the client cannot choose', async () => {
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    // The client's own entries come first; the proxy appends the address it saw.
    const statuses = await statusesOf(
      Array.from({ length: FREE + 1 }, (_, i) => wrongSecret({ 'X-Forwarded-For': `10.0.0.${i}, 203.0.113.1` })),
    );
    expect(statuses).to.deep.equal(Array(FREE + 1).fill(401));
    expect((await rightSecret({ 'X-Forwarded-For': '203.0.113.1' })).status).to.equal(429);
    expect(
      (await rightSecret({ 'X-Forwarded-For': '203.0.113.2' })).status,
      'another client behind the proxy',
    ).to.equal(200);
    expect(
      (await rightSecret({ 'X-Forwarded-For': 'garbage' })).status,
      'no address: the peer, which has not failed',
    ).to.equal(200);
  });

  it('ignores forwarding headers unless one is configured as trusted', async () => {
    api = await startTestApi();
    const statuses = await statusesOf(
      Array.from({ length: FREE + 1 }, (_, i) => wrongSecret({ 'X-Forwarded-For': `203.0.113.${i + 1}` })),
    );
    expect(statuses).to.deep.equal(Array(FREE + 1).fill(401));
    expect(
      (await rightSecret({ 'X-Forwarded-For': '198.51.100.200' })).status,
      'all of them came from the loopback',
    ).to.equal(429);
  });
});
