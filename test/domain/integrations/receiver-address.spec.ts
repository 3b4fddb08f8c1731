import { expect } from 'chai';
import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, retryDelayMs } from '../../../src/domain/integrations/delivery-retry.js';
import { addressVerdict, classifyAddress } from '../../../src/domain/integrations/receiver-address.js';

describe('Webhook receiver addresses', () => {
  const table: readonly [string, ReturnType<typeof classifyAddress>][] = [
    ['93.184.215.14', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['1.0.0.0', 'public'],
    ['9.255.255.255', 'public'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['11.0.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    ['126.255.255.255', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['169.253.255.255', 'public'],
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.255.255', 'link-local'],
    ['172.15.255.255', 'public'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.167.255.255', 'public'],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['192.169.0.0', 'public'],
    ['223.255.255.255', 'public'],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::2', 'public'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::', 'link-local'],
    ['fc00::', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:93.184.215.14', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    ['example.com', undefined],
    ['256.0.0.1', undefined],
    ['01.2.3.4', undefined],
    ['1:2:3:4:5:6:7:8:9', undefined],
    ['1::2::3', undefined],
  ];
  for (const [address, kind] of table) {
    it(`${address} is ${kind ?? 'no IP address'}`, () => expect(classifyAddress(address)).to.equal(kind));
  }

  it('allows public addresses always, loopback and private only when the operator does, metadata never', () => {
    expect(addressVerdict('93.184.215.14', { allowPrivate: false }).allowed).to.equal(true);
    for (const address of ['127.0.0.1', '10.1.1.1', '::1', 'fd12::1', '100.64.0.1']) {
      expect(addressVerdict(address, { allowPrivate: false }).allowed, address).to.equal(false);
      expect(addressVerdict(address, { allowPrivate: true }).allowed, address).to.equal(true);
    }
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      'fe80::1',
      'example.com',
    ]) {
      expect(addressVerdict(address, { allowPrivate: true }).allowed, address).to.equal(false);
    }
  });

  it('classifies every IPv4 address the same written plain and as IPv4-mapped IPv6', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        expect(classifyAddress(`::ffff:${v4}`)).to.equal(classifyAddress(v4));
      }),
    );
  });

  it('classifies every IPv6 text fast-check writes, and never throws on any string', () => {
    fc.assert(
      fc.property(fc.ipV6(), (v6) => {
        expect(classifyAddress(v6), v6).to.be.a('string');
      }),
    );
    fc.assert(fc.property(fc.string(), (s) => void classifyAddress(s)));
  });
});

describe('Delivery retries', () => {
  const policy = { baseMs: 10_000, giveUpAfterMs: DEFAULT_RETRY_POLICY.giveUpAfterMs };

  it('doubles from the base, with up to half taken off at random', () => {
    expect(retryDelayMs(policy, 1, 0)).to.equal(10_000);
    expect(retryDelayMs(policy, 2, 0)).to.equal(20_000);
    expect(retryDelayMs(policy, 3, 0)).to.equal(40_000);
    expect(retryDelayMs(policy, 3, 0.999999)).to.equal(20_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const full = policy.baseMs * 2 ** Math.min(attempt - 1, 30);
          const delay = retryDelayMs(policy, attempt, random);
          expect(delay)
            .to.be.at.most(full)
            .and.at.least(Math.floor(full / 2));
        },
      ),
    );
  });

  it('gives up once the next attempt would come more than 24 hours after the event', () => {
    const event = new Date('2026-01-01T00:00:00.000Z');
    const justBefore = new Date(event.getTime() + policy.giveUpAfterMs - 10_000);
    expect(nextAttemptAt(policy, event, justBefore, 1, 0)?.getTime()).to.equal(event.getTime() + policy.giveUpAfterMs);
    expect(nextAttemptAt(policy, event, new Date(justBefore.getTime() + 1), 1, 0)).to.equal(undefined);
    // Doubling from 10 s without jitter, 13 retries fit in a day: 10 s * (2^13 - 1) = 22.8 h; a 14th would come at 45.5 h.
    let at = event;
    let attempts = 0;
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAt(policy, event, at, attempt, 0);
      if (next === undefined) break;
      at = next;
      attempts = attempt;
    }
    expect(attempts).to.equal(13);
  });
});
