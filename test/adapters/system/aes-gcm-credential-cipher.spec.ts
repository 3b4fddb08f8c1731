import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { aesGcmCredentialCipher, credentialsKeyId } from '../../../src/adapters/system/aes-gcm-credential-cipher.js';

const SECRET = 'sk_live_51SecretValueThatMustNotLeak';
const CONTEXT = 'gateway-credential:store-1:stripe_payment_intents:login';

describe('AES-256-GCM credential cipher', () => {
  const key = randomBytes(32);
  const cipher = aesGcmCredentialCipher([key]);

  it('opens what it sealed, under the context it was sealed with, and names its key', () => {
    const value = cipher.seal(SECRET, CONTEXT);
    expect(value.keyId)
      .to.equal(credentialsKeyId(key))
      .and.to.match(/^[0-9a-f]{16}$/);
    expect(value.sealed).not.to.include(SECRET);
    expect(Buffer.from(value.sealed, 'base64').toString('latin1')).not.to.include('SecretValue');
    expect(cipher.open(value, CONTEXT)).to.equal(SECRET);
  });

  it('seals the same secret differently each time: a random nonce per value', () => {
    const seen = new Set(Array.from({ length: 50 }, () => cipher.seal(SECRET, CONTEXT).sealed));
    expect(seen.size).to.equal(50);
    const nonces = new Set([...seen].map((s) => Buffer.from(s, 'base64').subarray(0, 12).toString('hex')));
    expect(nonces.size).to.equal(50);
  });

  it('refuses a value moved to another context, altered, or sealed under a key it does not hold', () => {
    const value = cipher.seal(SECRET, CONTEXT);
    expect(() => cipher.open(value, 'gateway-credential:store-2:stripe_payment_intents:login')).to.throw();
    const bytes = Buffer.from(value.sealed, 'base64');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => cipher.open({ ...value, sealed: bytes.toString('base64') }, CONTEXT)).to.throw();
    expect(() => cipher.open({ ...value, sealed: 'c2hvcnQ=' }, CONTEXT)).to.throw('too short');
    const other = aesGcmCredentialCipher([randomBytes(32)]);
    expect(() => other.open(value, CONTEXT)).to.throw(`the credentials key ${value.keyId} is not configured`);
  });

  it('seals with its first key and opens what each of its keys sealed: a key can be rotated', () => {
    const next = randomBytes(32);
    const rotated = aesGcmCredentialCipher([next, key]);
    const old = cipher.seal(SECRET, CONTEXT);
    expect(rotated.open(old, CONTEXT)).to.equal(SECRET);
    expect(rotated.seal(SECRET, CONTEXT).keyId).to.equal(credentialsKeyId(next));
  });

  it('without a key has no key id and seals nothing', () => {
    const none = aesGcmCredentialCipher([]);
    expect(none.keyId).to.equal(undefined);
    expect(() => none.seal(SECRET, CONTEXT)).to.throw('GATEWAY_CREDENTIALS_KEY');
    expect(() => aesGcmCredentialCipher([randomBytes(16)])).to.throw('32 bytes');
  });
});
