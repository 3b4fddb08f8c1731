import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import { readGatewayCredentialsKey } from '../../../src/adapters/config/gateway-credentials-key.js';

describe('GATEWAY_CREDENTIALS_KEY', () => {
  const key = randomBytes(32);

  it('is 32 bytes as hex or base64 (standard or URL-safe), or unset', () => {
    const read = (value: string | undefined) => readGatewayCredentialsKey({ GATEWAY_CREDENTIALS_KEY: value });
    expect(read(key.toString('hex'))).to.deep.equal(E.right(key));
    expect(read(key.toString('hex').toUpperCase())).to.deep.equal(E.right(key));
    expect(read(key.toString('base64'))).to.deep.equal(E.right(key));
    expect(read(key.toString('base64url'))).to.deep.equal(E.right(key));
    expect(read(` ${key.toString('base64')}\n`)).to.deep.equal(E.right(key));
    expect(read(undefined)).to.deep.equal(E.right(undefined));
    expect(read('')).to.deep.equal(E.right(undefined));
  });

  it('refuses any other value with a message that names the setting and never repeats the value', () => {
    for (const bad of [
      'secret',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      `${key.toString('hex')}00`,
    ]) {
      const read = readGatewayCredentialsKey({ GATEWAY_CREDENTIALS_KEY: bad });
      expect(E.isLeft(read), bad).to.equal(true);
      if (E.isLeft(read)) {
        expect(read.left).to.match(/^GATEWAY_CREDENTIALS_KEY must be 32 bytes/);
        expect(read.left).not.to.include(bad);
      }
    }
  });

  it('is read with the rest of the configuration, and a bad value is reported by name', () => {
    const config = readConfig({ GATEWAY_CREDENTIALS_KEY: key.toString('hex') });
    expect(E.isRight(config) && config.right.gatewayCredentialsKey).to.deep.equal(key);
    const unset = readConfig({});
    expect(E.isRight(unset) && unset.right.gatewayCredentialsKey).to.equal(undefined);
    const bad = readConfig({ GATEWAY_CREDENTIALS_KEY: 'too-short' });
    expect(E.isLeft(bad) && bad.left.filter((e) => e.startsWith('GATEWAY_CREDENTIALS_KEY must be'))).to.have.length(1);
  });
});
