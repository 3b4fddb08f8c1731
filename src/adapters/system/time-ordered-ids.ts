import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '../../application/ports/system.js';
import type { Uuid } from '../../domain/shared/uuid.js';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** The largest value of the 12-bit counter; a new millisecond starts it in the lower half, leaving room to count. */
const COUNTER_MAX = 0xfff;
const COUNTER_SEED = 0x800;
const RANDOM_BYTES_AT_ONCE = 4096;

/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, a 12-bit counter, the variant and 62 random
 * bits. Ids made later sort after earlier ones, as text too, so new rows land at the right-hand end of
 * every primary key instead of on a random page of it: on InnoDB, where the table is its primary key,
 * random v4 ids made each new invoice of a large store read a page the buffer pool no longer held. Within
 * one millisecond the counter keeps ids increasing (RFC 9562, method 1); past 4,096 ids in a millisecond,
 * or when the clock steps back, the id's millisecond runs ahead of the clock until the clock catches up.
 * With 62 random bits beside the counter, ids of other processes in the same millisecond do not meet.
 */
export const timeOrderedIds = (
  now: () => number = Date.now,
  fillRandom: (bytes: Uint8Array) => void = randomFillSync,
): IdGenerator => {
  const pool = new Uint8Array(RANDOM_BYTES_AT_ONCE);
  let used = RANDOM_BYTES_AT_ONCE;
  const random = (count: number): number => {
    if (used + count > pool.length) {
      fillRandom(pool);
      used = 0;
    }
    const at = used;
    used += count;
    return at;
  };
  let lastMs = -1;
  let counter = 0;
  return {
    uuid: (): Uuid => {
      const clock = now();
      if (clock > lastMs) {
        lastMs = clock;
        const at = random(2);
        counter = ((pool[at]! << 8) | pool[at + 1]!) & (COUNTER_SEED - 1);
      } else if (counter < COUNTER_MAX) {
        counter += 1;
      } else {
        lastMs += 1;
        counter = 0;
      }
      const ms = lastMs;
      const high = Math.floor(ms / 0x1_0000_0000);
      const low = ms >>> 0;
      const at = random(8);
      const r = pool;
      return (HEX[(high >>> 8) & 0xff]! +
        HEX[high & 0xff]! +
        HEX[low >>> 24]! +
        HEX[(low >>> 16) & 0xff]! +
        '-' +
        HEX[(low >>> 8) & 0xff]! +
        HEX[low & 0xff]! +
        '-' +
        HEX[0x70 | (counter >>> 8)]! +
        HEX[counter & 0xff]! +
        '-' +
        HEX[0x80 | (r[at]! & 0x3f)]! +
        HEX[r[at + 1]!]! +
        '-' +
        HEX[r[at + 2]!]! +
        HEX[r[at + 3]!]! +
        HEX[r[at + 4]!]! +
        HEX[r[at + 5]!]! +
        HEX[r[at + 6]!]! +
        HEX[r[at + 7]!]!) as Uuid;
    },
  };
};
