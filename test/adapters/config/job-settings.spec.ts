import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import { readJobSettings } from '../../../src/adapters/config/job-settings.js';

describe('Config: JOB_LEASE_MS', () => {
  it('defaults to an 8 s lease, renewed and swept every 2 s', () => {
    expect(readJobSettings({})).to.deep.equal(E.right({ leaseMs: 8000, renewEveryMs: 2000, sweepEveryMs: 2000 }));
    expect(readJobSettings({ JOB_LEASE_MS: '' })).to.deep.equal(
      E.right({ leaseMs: 8000, renewEveryMs: 2000, sweepEveryMs: 2000 }),
    );
  });

  it('takes whole milliseconds from 2000 to an hour, with renewals and sweeps at a quarter of the lease', () => {
    const table: ReadonlyArray<[string, number | undefined]> = [
      ['1999', undefined],
      ['2000', 2000],
      ['60000', 60000],
      ['3600000', 3600000],
      ['3600001', undefined],
      ['8000.5', undefined],
      ['-8000', undefined],
      ['8 s', undefined],
    ];
    for (const [raw, leaseMs] of table) {
      const read = readJobSettings({ JOB_LEASE_MS: raw });
      if (leaseMs === undefined) expect(E.isLeft(read), raw).to.equal(true);
      else expect(read, raw).to.deep.equal(E.right({ leaseMs, renewEveryMs: leaseMs / 4, sweepEveryMs: leaseMs / 4 }));
    }
  });

  it('is read with the rest of the configuration, and a bad value is reported by name', () => {
    const config = readConfig({ JOB_LEASE_MS: '12000' });
    expect(E.isRight(config) && config.right.jobs).to.deep.equal({
      leaseMs: 12000,
      renewEveryMs: 3000,
      sweepEveryMs: 3000,
    });
    const bad = readConfig({ JOB_LEASE_MS: '100' });
    expect(E.isLeft(bad) && bad.left.some((e) => e.startsWith('JOB_LEASE_MS must be'))).to.equal(true);
  });
});
