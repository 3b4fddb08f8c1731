import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../application/ports/system.js';

/**
 * Secrets and tokens carry at least 160 random bits, so an unsalted SHA-256 is a safe way to store them
 * and lets a token be found by its hash in one indexed lookup.
 */
export const nodeSecrets: Secrets = {
  random: (bits) => randomBytes(Math.ceil(bits / 8)).toString('hex'),
  hash: (secret) => createHash('sha256').update(secret, 'utf8').digest('hex'),
  matches(secret, hash) {
    const actual = Buffer.from(this.hash(secret), 'hex');
    const expected = Buffer.from(hash, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
