import { expect } from 'chai';
import { BACKOFF_POLICIES } from '../../../../src/domain/auth/failed-authentication.js';
import { errorBody } from '../../../support/error-body.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const FREE = BACKOFF_POLICIES.address.freeFailures;

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
            detail: 'too many failed authentications from this address or for this client id; retry after 1 s',
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

  it('blocks a client id failing from many addresses, the right secret included, for no longer than its ceiling', async () => {
    api = await startTestApi({ trustedProxyHeader: 'X-Forwarded-For' });
    const free = BACKOFF_POLICIES.client_id.freeFailures;
    const statuses = await statusesOf(
      Array.from({ length: free + 1 }, (_, i) => wrongSecret({ 'X-Forwarded-For': `192.0.2.${i + 1}` })),
    );
    expect(statuses).to.deep.equal(Array(free + 1).fill(401));
    const refused = await rightSecret({ 'X-Forwarded-For': '198.51.100.1' });
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, BACKOFF_POLICIES.client_id.maxBlockMs / 1000);
    expect(
      (
        await tokenRequest(
          { grant_type: 'implicit', client_id: 'another-client-id' },
          { 'X-Forwarded-For': '198.51.100.1' },
        )
      ).status,
      'another client id',
    ).to.equal(401);
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
