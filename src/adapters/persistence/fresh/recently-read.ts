import { LRUCache } from 'lru-cache';

/**
 * Values read from storage, kept for a short while. A process serving many stores or tokens forgets the
 * least recently used past `limit`, so its memory stays bounded. Expiry is read from the caller's clock
 * (a test clock moves it), not from the cache's own timer.
 */
export class RecentlyRead<V> {
  private readonly entries: LRUCache<string, { readonly value: V; readonly until: number }>;

  constructor(limit = 10_000) {
    this.entries = new LRUCache({ max: limit });
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, until: number): void {
    this.entries.set(key, { value, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries.entries()) if (matches(entry.value)) this.entries.delete(key);
  }
}
