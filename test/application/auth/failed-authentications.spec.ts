import { expect } from 'chai';
import { InMemoryAuthFailureLimiter } from '../../../src/adapters/rate-limit/in-memory-auth-failure-limiter.js';
import { FailedAuthentications } from '../../../src/application/use-cases/auth/failed-authentications.js';
import { ADDRESS_BACKOFF } from '../../../src/domain/auth/failed-authentication.js';
import { TestClock } from '../../support/system-fakes.js';

const FREE = ADDRESS_BACKOFF.freeFailures;

const setup = () => {
  const clock = new TestClock();
  return { clock, failures: new FailedAuthentications(new InMemoryAuthFailureLimiter(clock)) };
};

const failTimes = async (failures: FailedAuthentications, address: string | undefined, times: number) => {
  for (let i = 0; i < times; i += 1) await failures.failed(address);
};

describe('failed authentications', () => {
  it('blocks an address past its free failures with whole seconds to wait, growing, and lets it go when they are over', async () => {
    const { clock, failures } = setup();
    await failTimes(failures, '203.0.113.9', FREE);
    expect(await failures.retryAfter('203.0.113.9')).to.equal(undefined);
    await failures.failed('203.0.113.9');
    expect(await failures.retryAfter('203.0.113.9')).to.equal(1);
    clock.advance(400);
    expect(await failures.retryAfter('203.0.113.9'), 'rounded up').to.equal(1);
    await failures.failed('203.0.113.9');
    expect(await failures.retryAfter('203.0.113.9')).to.equal(2);
    clock.advance(2000);
    expect(await failures.retryAfter('203.0.113.9')).to.equal(undefined);
    expect(await failures.retryAfter('203.0.113.10'), 'another address').to.equal(undefined);
  });

  it('blocks no address but the failing ones, however many addresses fail', async () => {
    const { failures } = setup();
    for (let i = 0; i < 200; i += 1) await failTimes(failures, `192.0.2.${i}`, FREE + 1);
    expect(await failures.retryAfter('192.0.2.199')).to.equal(1);
    expect(await failures.retryAfter('198.51.100.1')).to.equal(undefined);
  });

  it('counts an IPv4 address written as IPv6 as itself, and an IPv6 /64 as one address', async () => {
    const { failures } = setup();
    await failTimes(failures, '::ffff:198.51.100.7', FREE + 1);
    expect(await failures.retryAfter('198.51.100.7')).to.equal(1);
    for (let i = 0; i <= FREE; i += 1) await failures.failed(`2001:db8:1:2::${i.toString(16)}`);
    expect(await failures.retryAfter('2001:db8:1:2:ffff::1')).to.equal(1);
    expect(await failures.retryAfter('2001:db8:1:3::1')).to.equal(undefined);
  });

  it('neither counts nor blocks what is not an address', async () => {
    const { failures } = setup();
    for (const address of [undefined, '', 'not-an-address', '256.0.0.1']) {
      await failTimes(failures, address, FREE + 1);
      expect(await failures.retryAfter(address), String(address)).to.equal(undefined);
    }
  });
});
