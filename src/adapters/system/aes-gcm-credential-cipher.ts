import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { CredentialCipher, SealedValue } from '../../application/ports/gateways/credential-cipher.js';

/** AES-256 takes a key of 32 bytes. */
export const CREDENTIALS_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A key's id: a hash of the key, so an operator names no id and two keys never share one; it tells nothing
 * of the key (256 random bits behind a one-way hash).
 */
export const credentialsKeyId = (key: Buffer): string =>
  createHash('sha256').update('gateway-credentials-key:').update(key).digest('hex').slice(0, 16);

/**
 * AES-256-GCM with a random 96-bit nonce per value and the value's context as additional authenticated
 * data; a value is stored as base64 of nonce, ciphertext and tag. `keys[0]` seals; every key opens what
 * it sealed, so an older key can stay listed while its values are sealed again under a new one.
 */
export const aesGcmCredentialCipher = (keys: readonly Buffer[]): CredentialCipher => {
  for (const key of keys)
    if (key.length !== CREDENTIALS_KEY_BYTES)
      throw new Error(`a credentials key must be ${CREDENTIALS_KEY_BYTES} bytes`);
  const byId = new Map(keys.map((key) => [credentialsKeyId(key), key]));
  const current = keys[0];
  const keyId = current === undefined ? undefined : credentialsKeyId(current);
  return {
    keyId,
    seal(secret: string, context: string): SealedValue {
      if (current === undefined || keyId === undefined)
        throw new Error('no GATEWAY_CREDENTIALS_KEY is configured to seal credentials with');
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return { keyId, sealed: Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64') };
    },
    open(value: SealedValue, context: string): string {
      const key = byId.get(value.keyId);
      // The id alone: a message naming what cannot be opened, never what it holds.
      if (key === undefined) throw new Error(`the credentials key ${value.keyId} is not configured`);
      const bytes = Buffer.from(value.sealed, 'base64');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error('a sealed credential is too short to be one');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};
