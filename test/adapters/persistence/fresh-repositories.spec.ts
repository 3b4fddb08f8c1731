import { expect } from 'chai';
import {
  FRESH_WITHIN_MS,
  FreshStores,
  FreshTokens,
  KeysThatForget,
} from '../../../src/adapters/persistence/fresh/fresh-repositories.js';
import { InMemoryAuditRecorder } from '../../../src/adapters/persistence/in-memory/audit/in-memory-audit-recorder.js';
import { InMemoryAccessTokenRepository } from '../../../src/adapters/persistence/in-memory/auth/in-memory-access-token-repository.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { InMemoryApplicationKeyRepository } from '../../../src/adapters/persistence/in-memory/keys/in-memory-application-key-repository.js';
import { InMemoryStoreRepository } from '../../../src/adapters/persistence/in-memory/stores/in-memory-store-repository.js';
import { asyncAuditScope } from '../../../src/adapters/system/async-audit-scope.js';
import type { AccessToken } from '../../../src/domain/auth/access-token.js';
import { aKey, aStore, storeRecords } from '../../support/builders.js';
import { TestClock, testIds } from '../../support/system-fakes.js';

describe('stores, rates and tokens served from memory for up to a second', () => {
  const setup = async () => {
    const clock = new TestClock(new Date('2026-01-01T00:00:00.000Z'));
    const state = new InMemoryState();
    const audit = new InMemoryAuditRecorder(state, testIds, clock, asyncAuditScope());
    const storesBehind = new InMemoryStoreRepository(state, audit);
    const tokensBehind = new InMemoryAccessTokenRepository(state);
    const stores = new FreshStores(storesBehind, clock);
    const tokens = new FreshTokens(tokensBehind, clock);
    const keys = new KeysThatForget(new InMemoryApplicationKeyRepository(state, audit), stores, tokens);
    const store = aStore();
    const key = aKey(store.id);
    await stores.create(storeRecords(store, key));
    const token: AccessToken = {
      tokenHash: 'a'.repeat(64),
      storeId: store.id,
      applicationKeyId: key.id,
      grant: 'client_credentials',
      expiresAt: new Date('2026-01-01T01:00:00.000Z'),
    };
    await tokens.insert(token);
    return { clock, state, storesBehind, stores, tokens, keys, store, key, token };
  };

  it('shows another instance’s change of a store within a second, and its own at once', async () => {
    const { clock, storesBehind, stores, store } = await setup();
    expect((await stores.findById(store.id))?.pageLength).to.equal(store.pageLength);
    await storesBehind.changeSettings(store.id, { pageLength: 7 });
    expect((await stores.findById(store.id))?.pageLength, 'another instance’s write, not yet seen').to.equal(
      store.pageLength,
    );
    clock.advance(FRESH_WITHIN_MS);
    expect((await stores.findById(store.id))?.pageLength).to.equal(7);
    await stores.changeSettings(store.id, { pageLength: 9 });
    expect((await stores.findById(store.id))?.pageLength, 'this instance’s write, seen at once').to.equal(9);
  });

  it('sees a reservation written through this instance at once', async () => {
    const { stores, keys, store } = await setup();
    expect((await stores.rates(store.id))?.reservations.size).to.equal(0);
    const reserved = { ...aKey(store.id), reservedRateLimit: 30 };
    await keys.insert(reserved, () => true);
    expect((await stores.rates(store.id))?.reservations.get(reserved.id)).to.equal(30);
  });

  it('stops a deleted key’s tokens at once here, and within a second when deleted elsewhere', async () => {
    const { clock, state, tokens, keys, store, key, token } = await setup();
    const now = () => clock.now();
    expect(await tokens.findActive(token.tokenHash, now())).to.deep.equal({ ...token, scopes: null });
    await keys.delete(store.id, key.id);
    expect(await tokens.findActive(token.tokenHash, now()), 'deleted through this instance').to.equal(undefined);

    const other = { ...aKey(store.id) };
    state.applicationKeys.set(other.id, other);
    const second = { ...token, tokenHash: 'b'.repeat(64), applicationKeyId: other.id };
    await tokens.insert(second);
    expect(await tokens.findActive(second.tokenHash, now())).to.deep.equal({ ...second, scopes: null });
    state.applicationKeys.delete(other.id);
    for (const [hash, t] of state.accessTokens) if (t.applicationKeyId === other.id) state.accessTokens.delete(hash);
    expect(
      await tokens.findActive(second.tokenHash, now()),
      'deleted elsewhere, still served for up to a second',
    ).to.deep.equal({ ...second, scopes: null });
    clock.advance(FRESH_WITHIN_MS);
    expect(await tokens.findActive(second.tokenHash, now())).to.equal(undefined);
  });

  it('never serves a token past its expiry', async () => {
    const { clock, tokens, token } = await setup();
    clock.advance(token.expiresAt.getTime() - clock.now().getTime() - 10);
    expect(await tokens.findActive(token.tokenHash, clock.now())).to.deep.equal({ ...token, scopes: null });
    clock.advance(10);
    expect(await tokens.findActive(token.tokenHash, clock.now())).to.equal(undefined);
  });
});
