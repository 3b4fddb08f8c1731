import { LRUCache } from 'lru-cache';
import type { Offering } from '../../../../domain/catalogue/offering.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';

/**
 * Decoded offering snapshots by version id. A snapshot never changes once stored, so a cached one can
 * never be stale, in this process or beside others; the least recently used are dropped past `limit`.
 */
export class SnapshotCache extends LRUCache<Uuid, Offering> {
  constructor(limit = 2000) {
    super({ max: limit });
  }
}
