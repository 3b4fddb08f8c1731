import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Offering } from '../../../domain/subscription/offering.js';

/**
 * Decoded offering snapshots by version id. A snapshot never changes once stored, so a cached one can
 * never be stale, in this process or beside others; the least recently used are dropped past `limit`.
 */
export class SnapshotCache {
  private readonly entries = new Map<Uuid, Offering>();

  constructor(private readonly limit = 2000) {}

  get(id: Uuid): Offering | undefined {
    const found = this.entries.get(id);
    if (found !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, found);
    }
    return found;
  }

  set(id: Uuid, offering: Offering): void {
    this.entries.delete(id);
    this.entries.set(id, offering);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}
