import { expect } from 'chai';
import { RecentlyRead } from '../../../../src/adapters/persistence/fresh/recently-read.js';
import { SnapshotCache } from '../../../../src/adapters/persistence/kysely/catalogue/snapshot-cache.js';
import { uuid } from '../../../support/domain-builders.js';
import { anOffering } from '../../../support/subscription-builders.js';

describe('caches of what was read', () => {
  it("serve a value until its time by the caller's clock, then forget it", () => {
    const cache = new RecentlyRead<string>();
    cache.set('store', 'Coffee club', 1_000);
    expect(cache.get('store', 999)).to.equal('Coffee club');
    expect(cache.get('store', 1_000)).to.equal(undefined);
    expect(cache.get('store', 0), 'forgotten, not hidden').to.equal(undefined);
  });

  it('keep at most their limit, dropping the least recently used', () => {
    const cache = new RecentlyRead<number>(2);
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    expect(cache.get('a', 0)).to.equal(1);
    cache.set('c', 3, 10);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).to.deep.equal([1, undefined, 3]);
    cache.deleteWhere((value) => value === 3);
    expect(cache.get('c', 0)).to.equal(undefined);
  });

  it('keep offering snapshots up to their limit, the least recently used dropped', () => {
    const snapshots = new SnapshotCache(1);
    const [first, second] = [anOffering(uuid(1), [], []), anOffering(uuid(1), [], [])];
    snapshots.set(first.id, first);
    snapshots.set(second.id, second);
    expect([snapshots.get(first.id), snapshots.get(second.id)]).to.deep.equal([undefined, second]);
  });
});
