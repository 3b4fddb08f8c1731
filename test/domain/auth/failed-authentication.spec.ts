import { expect } from 'chai';
import fc from 'fast-check';
import { addressSubject } from '../../../src/domain/auth/client-address.js';
import {
  ADDRESS_BACKOFF,
  type BackoffPolicy,
  blockAfter,
  blockedFor,
  blockSteps,
  type FailureRecord,
  recordFailure,
} from '../../../src/domain/auth/failed-authentication.js';
import { propertyRuns } from '../../properties/property-runs.js';

const policy: BackoffPolicy = { freeFailures: 3, firstBlockMs: 1000, maxBlockMs: 10_000, forgetAfterMs: 60_000 };

describe('failed authentication: backoff', () => {
  it('blocks nothing while failures are free, then doubles each block up to the ceiling', () => {
    const table: readonly [number, number][] = [
      [0, 0],
      [1, 0],
      [3, 0],
      [4, 1000],
      [5, 2000],
      [6, 4000],
      [7, 8000],
      [8, 10_000],
      [9, 10_000],
      [1000, 10_000],
    ];
    expect(table.map(([failures]) => [failures, blockAfter(failures, policy)])).to.deep.equal(table);
  });

  it('lists each distinct block once, ending at the ceiling', () => {
    expect(blockSteps(policy)).to.deep.equal([1000, 2000, 4000, 8000, 10_000]);
    expect(blockSteps(ADDRESS_BACKOFF)).to.deep.equal([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000,
    ]);
  });

  it('counts failures in a row, blocks from the first one beyond the free ones, and forgets a quiet subject', () => {
    let record: FailureRecord | undefined;
    const blocks = [];
    for (let i = 0; i < 5; i += 1) {
      record = recordFailure(record, policy, 1000 + i);
      blocks.push(blockedFor(record, 1000 + i));
    }
    expect(blocks).to.deep.equal([0, 0, 0, 1000, 2000]);
    expect(blockedFor(record, 1004 + 1999), 'one millisecond before the block ends').to.equal(1);
    expect(blockedFor(record, 1004 + 2000)).to.equal(0);
    expect(recordFailure(record, policy, 1004 + 59_999).failures, 'within the quiet period').to.equal(6);
    const forgotten = recordFailure(record, policy, 1004 + 60_000);
    expect(forgotten.failures, 'after it').to.equal(1);
    expect(blockedFor(forgotten, 1004 + 60_000)).to.equal(0);
    expect(blockedFor(undefined, 0)).to.equal(0);
  });

  it('never shortens a block that is running', () => {
    const long: FailureRecord = { failures: 1, lastAt: 0, blockedUntil: 50_000 };
    expect(recordFailure(long, policy, 100).blockedUntil).to.equal(50_000);
  });
});

describe('failed authentication: the address a failure counts against', () => {
  it('reads IPv4 and IPv6 addresses, one IPv6 /64 as one subject, and nothing else', () => {
    const table: readonly [string, string | undefined][] = [
      ['192.0.2.1', '192.0.2.1'],
      [' 192.0.2.1 ', '192.0.2.1'],
      ['192.0.2.1:5678', '192.0.2.1'],
      ['::ffff:192.0.2.1', '192.0.2.1'],
      ['::FFFF:c000:0201', '192.0.2.1'],
      ['[2001:db8::1]', '2001:db8:0:0::/64'],
      ['[2001:db8::1]:443', '2001:db8:0:0::/64'],
      ['2001:db8:0:0:ffff:1:2:3', '2001:db8:0:0::/64'],
      ['2001:DB8:0:0:1::', '2001:db8:0:0::/64'],
      ['fe80::1%eth0', 'fe80:0:0:0::/64'],
      ['::1', '0:0:0:0::/64'],
      ['::', '0:0:0:0::/64'],
      ['256.0.0.1', undefined],
      ['01.2.3.4', undefined],
      ['1.2.3', undefined],
      ['1:2:3:4:5:6:7:8:9', undefined],
      ['1::2::3', undefined],
      ['1:2:3:4:5:6:7::8', undefined],
      ['12345::', undefined],
      ['unknown', undefined],
      ['', undefined],
      [`${'1:'.repeat(40)}1`, undefined],
    ];
    expect(table.map(([raw]) => [raw, addressSubject(raw)])).to.deep.equal(table);
  });

  it('gives every spelling of an IPv6 address the subject of its first 64 bits, and is its own subject for IPv4', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 7 }),
        (groups, zeroFrom) => {
          if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return;
          const full = groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
          const zeroed = groups.map((g, i) => (i >= zeroFrom ? 0 : g));
          const compressed = `${zeroed
            .slice(0, zeroFrom)
            .map((g) => g.toString(16))
            .join(':')}::`;
          const expected = (gs: readonly number[]) =>
            `${gs
              .slice(0, 4)
              .map((g) => g.toString(16))
              .join(':')}::/64`;
          expect(addressSubject(full)).to.equal(expected(groups));
          expect(addressSubject(compressed)).to.equal(expected(zeroed));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(addressSubject(ip)).to.equal(ip);
      }),
      { numRuns: propertyRuns(300) },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const subject = addressSubject(text);
        if (subject !== undefined) expect(subject).to.match(/^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+::\/64)$/);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
