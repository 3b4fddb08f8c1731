import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import { readRedisCommandTimeout } from '../../../src/adapters/config/redis-settings.js';

describe('Config: REDIS_COMMAND_TIMEOUT_MS', () => {
  it('defaults to 100 ms and takes whole milliseconds from 1 to an hour', () => {
    const table: ReadonlyArray<[string | undefined, number | undefined]> = [
      [undefined, 100],
      ['', 100],
      ['0', undefined],
      ['1', 1],
      ['250', 250],
      ['3600000', 3600000],
      ['3600001', undefined],
      ['0.5', undefined],
      ['fast', undefined],
    ];
    for (const [raw, ms] of table) {
      const read = readRedisCommandTimeout(raw === undefined ? {} : { REDIS_COMMAND_TIMEOUT_MS: raw });
      expect(read, String(raw)).to.deep.equal(
        ms === undefined
          ? E.left(
              `REDIS_COMMAND_TIMEOUT_MS must be a whole number of milliseconds between 1 and 3600000, got "${raw}"`,
            )
          : E.right(ms),
      );
    }
    const config = readConfig({ REDIS_COMMAND_TIMEOUT_MS: '120' });
    expect(E.isRight(config) && config.right.redisCommandTimeoutMs).to.equal(120);
  });
});
