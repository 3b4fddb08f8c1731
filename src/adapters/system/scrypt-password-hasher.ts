import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../application/ports/auth/password-hasher.js';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. Memory is 128·N·r·p bytes. */
export interface ScryptCost {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

/** 16 MiB and about 60 ms per password on an idle core (measured in docs/accounts.md). */
export const SCRYPT_COST: ScryptCost = { logN: 14, r: 8, p: 1 };

const SALT_BYTES = 16;
const DIGEST_BYTES = 32;
// Beyond these a stored text is not one this service wrote: refusing it bounds the work a bad row can cause.
const LIMITS = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const;

const derive = (password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> => {
  const options: ScryptOptions = {
    N: 2 ** cost.logN,
    r: cost.r,
    p: cost.p,
    // node refuses more than 32 MiB unless told; twice the need leaves room for its own bookkeeping.
    maxmem: 2 * 128 * 2 ** cost.logN * cost.r * cost.p,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, DIGEST_BYTES, options, (error, key) =>
      error === null ? resolve(key) : reject(error),
    ),
  );
};

/** `$scrypt$ln=15,r=8,p=1$<salt>$<digest>`, base64: the parameters travel with the hash, so they can be raised later. */
const format = (cost: ScryptCost, salt: Buffer, digest: Buffer): string =>
  `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${digest.toString('base64')}`;

const STORED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

const within = (value: number, [min, max]: readonly [number, number]): boolean => value >= min && value <= max;

const parse = (stored: string): { cost: ScryptCost; salt: Buffer; digest: Buffer } | undefined => {
  const match = STORED.exec(stored);
  if (match === null) return undefined;
  const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (!within(cost.logN, LIMITS.logN) || !within(cost.r, LIMITS.r) || !within(cost.p, LIMITS.p)) return undefined;
  const digest = Buffer.from(match[5] ?? '', 'base64');
  return digest.length === DIGEST_BYTES ? { cost, salt: Buffer.from(match[4] ?? '', 'base64'), digest } : undefined;
};

/** Passwords through node's scrypt (RFC 7914), a memory-hard function, with a random salt each. */
export const scryptPasswordHasher = (cost: ScryptCost = SCRYPT_COST): PasswordHasher => {
  const decoySalt = randomBytes(SALT_BYTES);
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      return format(cost, salt, await derive(password, salt, cost));
    },
    async verify(password, stored) {
      const parsed = stored === undefined ? undefined : parse(stored);
      if (parsed === undefined) {
        await derive(password, decoySalt, cost);
        return false;
      }
      const digest = await derive(password, parsed.salt, parsed.cost);
      return timingSafeEqual(digest, parsed.digest);
    },
  };
};
