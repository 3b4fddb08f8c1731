import { expect } from 'chai';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import type { IdempotencyClaim } from '../../../../../src/application/ports/idempotency/idempotency-store.js';
import { TOKENS } from '../../../../../src/application/tokens.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('IdempotencyStore contract', (backend, persistence) => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, s));
  const setup = async () => {
    const ports = portsOf(persistence());
    const store = aStore();
    await ports.stores.create(storeRecords(store, aKey(store.id)));
    const claim = (over: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
      storeId: store.id,
      key: 'order-42',
      claimId: randomIds.uuid(),
      fingerprint: 'a'.repeat(64),
      lockedAt: at(0),
      createdAt: at(0),
      ...over,
    });
    return { ...ports, store, claim };
  };

  it('claims a key once: the second claim gets the first record back, whole', async () => {
    const { idempotency, claim } = await setup();
    const first = claim();
    expect(await idempotency.claim(first)).to.equal(undefined);
    expect(await idempotency.claim(claim({ fingerprint: 'b'.repeat(64) }))).to.deep.equal({
      ...first,
      response: undefined,
      applied: false,
    });
  });

  it('keeps the response of the claim that holds the key, and only of that claim', async () => {
    const { idempotency, claim } = await setup();
    const first = claim();
    await idempotency.claim(first);
    await idempotency.complete(first.storeId, first.key, randomIds.uuid(), { status: 500, body: 'not mine' });
    await idempotency.complete(first.storeId, first.key, first.claimId, { status: 201, body: '{"data":{"id":"x"}}' });
    expect((await idempotency.claim(claim()))?.response).to.deep.equal({ status: 201, body: '{"data":{"id":"x"}}' });
  });

  it('releases only for the holder, after which the key is free', async () => {
    const { idempotency, claim } = await setup();
    const first = claim();
    await idempotency.claim(first);
    await idempotency.release(first.storeId, first.key, randomIds.uuid());
    expect(await idempotency.claim(claim())).to.not.equal(undefined);
    await idempotency.release(first.storeId, first.key, first.claimId);
    expect(await idempotency.claim(claim())).to.equal(undefined);
  });

  it('replaces a record only while it is still the one stored', async () => {
    const { idempotency, claim } = await setup();
    const first = claim();
    await idempotency.claim(first);
    const stored = (await idempotency.claim(claim()))!;
    const second = claim({ lockedAt: at(90), createdAt: at(90) });
    expect(await idempotency.replace(stored, second)).to.equal(true);
    expect(await idempotency.replace(stored, claim()), 'the first holder lost it').to.equal(false);
    expect(await idempotency.claim(claim())).to.deep.equal({ ...second, response: undefined, applied: false });
  });

  it('lets exactly one of many concurrent claims of a key win', async () => {
    const { idempotency, claim } = await setup();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => idempotency.claim(claim())));
    expect(outcomes.filter((o) => o === undefined)).to.have.length(1);
  });

  it('keeps keys apart per store', async () => {
    const { idempotency, claim, stores } = await setup();
    const other = aStore();
    await stores.create(storeRecords(other, aKey(other.id)));
    expect(await idempotency.claim(claim())).to.equal(undefined);
    expect(await idempotency.claim(claim({ storeId: other.id }))).to.equal(undefined);
  });

  it('deletes what was created before a time, and nothing newer', async () => {
    const { idempotency, claim } = await setup();
    await idempotency.claim(claim({ key: 'old', createdAt: at(0) }));
    await idempotency.claim(claim({ key: 'new', createdAt: at(30) }));
    expect(await idempotency.deleteCreatedBefore(at(30))).to.equal(1);
    expect(await idempotency.claim(claim({ key: 'old' }))).to.equal(undefined);
    expect(await idempotency.claim(claim({ key: 'new' }))).to.not.equal(undefined);
  });

  it('renews the lease of the holder only', async () => {
    const { idempotency, claim } = await setup();
    const first = claim();
    await idempotency.claim(first);
    await idempotency.renew(first.storeId, first.key, randomIds.uuid(), at(50));
    expect((await idempotency.claim(claim()))?.lockedAt).to.deep.equal(at(0));
    await idempotency.renew(first.storeId, first.key, first.claimId, at(40));
    expect((await idempotency.claim(claim()))?.lockedAt).to.deep.equal(at(40));
  });

  it('marks a claim applied in the transaction of each change its request commits, and not for one that fails (databases only: in memory every write is answered)', async function () {
    if (backend.name === 'in-memory') this.skip();
    const { idempotency, claim, stores, container } = await setup();
    const writes = container.get(TOKENS.WriteLedger);
    const first = claim();
    await idempotency.claim(first);
    const duplicate = aStore();
    await stores.create(storeRecords(duplicate, aKey(duplicate.id)));
    await writes.run(async (ledger) => {
      idempotency.markAppliedWithEveryCommit(first.storeId, first.key, first.claimId);
      await stores.create(storeRecords(duplicate, aKey(duplicate.id))).catch(() => undefined);
      expect(ledger.committed, 'a change that failed commits nothing').to.equal(false);
    });
    expect((await idempotency.claim(claim()))?.applied, 'the failed change left no mark').to.equal(false);
    await writes.run(async (ledger) => {
      idempotency.markAppliedWithEveryCommit(first.storeId, first.key, first.claimId);
      const other = aStore();
      await stores.create(storeRecords(other, aKey(other.id)));
      expect(ledger.committed).to.equal(true);
    });
    expect((await idempotency.claim(claim()))?.applied).to.equal(true);
  });
});
