import { expect } from 'chai';
import { InMemoryAuthFailureLimiter } from '../../../src/adapters/rate-limit/in-memory-auth-failure-limiter.js';
import { FailedAuthentications } from '../../../src/application/use-cases/auth/failed-authentications.js';
import { BACKOFF_POLICIES } from '../../../src/domain/auth/failed-authentication.js';
import { TestClock } from '../../support/system-fakes.js';

const setup = () => {
  const clock = new TestClock();
  return { clock, failures: new FailedAuthentications(new InMemoryAuthFailureLimiter(clock)) };
};

const failTimes = async (
  failures: FailedAuthentications,
  attempt: Parameters<FailedAuthentications['failed']>[0],
  times: number,
) => {
  for (let i = 0; i < times; i += 1) await failures.failed(attempt);
};

describe('failed authentications', () => {
  it('blocks an address past its free failures with whole seconds to wait, growing, and lets it go when they are over', async () => {
    const { clock, failures } = setup();
    const attempt = { clientId: 'anything', address: '203.0.113.9' };
    await failTimes(failures, attempt, BACKOFF_POLICIES.address.freeFailures);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.9' })).to.equal(undefined);
    await failures.failed(attempt);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.9' })).to.equal(1);
    clock.advance(400);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.9' }), 'rounded up').to.equal(1);
    await failures.failed(attempt);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.9' })).to.equal(2);
    clock.advance(2000);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.9' })).to.equal(undefined);
    expect(await failures.retryAfter({ clientId: undefined, address: '203.0.113.10' }), 'another address').to.equal(
      undefined,
    );
  });

  it('counts a client id whether or not a key has it, from any number of addresses', async () => {
    const { failures } = setup();
    for (let i = 0; i < BACKOFF_POLICIES.client_id.freeFailures + 1; i += 1)
      await failures.failed({ clientId: 'made-up-client-id', address: `192.0.2.${i % 250}` });
    expect(await failures.retryAfter({ clientId: 'made-up-client-id', address: undefined })).to.equal(1);
    expect(await failures.retryAfter({ clientId: 'another-client-id', address: undefined })).to.equal(undefined);
  });

  it('counts an IPv4 address written as IPv6 as itself, and an IPv6 /64 as one address', async () => {
    const { failures } = setup();
    await failTimes(
      failures,
      { clientId: undefined, address: '::ffff:198.51.100.7' },
      BACKOFF_POLICIES.address.freeFailures + 1,
    );
    expect(await failures.retryAfter({ clientId: undefined, address: '198.51.100.7' })).to.equal(1);
    for (let i = 0; i <= BACKOFF_POLICIES.address.freeFailures; i += 1)
      await failures.failed({ clientId: undefined, address: `2001:db8:1:2::${i.toString(16)}` });
    expect(await failures.retryAfter({ clientId: undefined, address: '2001:db8:1:2:ffff::1' })).to.equal(1);
    expect(await failures.retryAfter({ clientId: undefined, address: '2001:db8:1:3::1' })).to.equal(undefined);
  });

  it('counts nothing against a client id that is not usable text, or an address that is not one', async () => {
    const { failures } = setup();
    for (const clientId of [undefined, 42, '', 'x'.repeat(513), '\u0000']) {
      await failTimes(failures, { clientId, address: 'not-an-address' }, BACKOFF_POLICIES.client_id.freeFailures + 1);
      expect(await failures.retryAfter({ clientId, address: 'not-an-address' })).to.equal(undefined);
    }
  });
});
