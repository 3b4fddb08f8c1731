import { expect } from 'chai';
import type { AccessToken } from '../../../../../src/domain/auth/access-token.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('AccessTokenRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const store = aStore();
    const key = aKey(store.id);
    await ports.stores.create(storeRecords(store, key));
    const token: AccessToken = {
      tokenHash: 'f'.repeat(64),
      storeId: store.id,
      applicationKeyId: key.id,
      grant: 'client_credentials',
      expiresAt: new Date('2026-01-01T01:00:00.000Z'),
    };
    return { ...ports, store, key, token };
  };

  it('finds a token by hash until it expires', async () => {
    const { tokens, token } = await setup();
    expect(await tokens.insert(token)).to.equal(true);
    expect(await tokens.findActive(token.tokenHash, new Date('2026-01-01T00:59:59.999Z'))).to.deep.equal({
      ...token,
      scopes: null,
    });
    expect(await tokens.findActive(token.tokenHash, new Date('2026-01-01T01:00:00.000Z'))).to.equal(undefined);
    expect(await tokens.findActive('0'.repeat(64), new Date('2026-01-01T00:00:00.000Z'))).to.equal(undefined);
  });

  it('refuses a token for a key that no longer exists', async () => {
    const { tokens, keys, store, key, token } = await setup();
    await keys.delete(store.id, key.id);
    expect(await tokens.insert(token)).to.equal(false);
    expect(await tokens.findActive(token.tokenHash, new Date('2026-01-01T00:00:00.000Z'))).to.equal(undefined);
  });

  it('purges expired tokens only', async () => {
    const { tokens, token } = await setup();
    const later = { ...token, tokenHash: 'e'.repeat(64), expiresAt: new Date('2026-01-01T02:00:00.000Z') };
    await tokens.insert(token);
    await tokens.insert(later);
    expect(await tokens.deleteExpired(new Date('2026-01-01T01:30:00.000Z'))).to.equal(1);
    expect(await tokens.findActive(later.tokenHash, new Date('2026-01-01T01:30:00.000Z'))).to.deep.equal({
      ...later,
      scopes: null,
    });
  });

  it('revokes one token by hash, only for the key that minted it', async () => {
    const { tokens, keys, store, token } = await setup();
    const other = aKey(store.id);
    await keys.insert(other, () => true);
    const sibling = { ...token, tokenHash: 'e'.repeat(64) };
    await tokens.insert(token);
    await tokens.insert(sibling);
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(await tokens.revoke(token.tokenHash, other.id), 'not minted from that key').to.equal(false);
    expect(await tokens.findActive(token.tokenHash, at)).to.deep.equal({ ...token, scopes: null });
    expect(await tokens.revoke(token.tokenHash, token.applicationKeyId)).to.equal(true);
    expect(await tokens.findActive(token.tokenHash, at)).to.equal(undefined);
    expect(await tokens.findActive(sibling.tokenHash, at)).to.deep.equal({ ...sibling, scopes: null });
    expect(await tokens.revoke(token.tokenHash, token.applicationKeyId), 'already gone').to.equal(false);
  });

  it("finds a token with its key's scopes as they are now", async () => {
    const { tokens, keys, store, key, token } = await setup();
    await tokens.insert(token);
    const at = new Date('2026-01-01T00:00:00.000Z');
    await keys.update(
      store.id,
      key.id,
      (current) => ({ ...current, scopes: ['read-only', 'billing'] }),
      () => true,
    );
    expect((await tokens.findActive(token.tokenHash, at))?.scopes).to.deep.equal(['read-only', 'billing']);
    await keys.update(
      store.id,
      key.id,
      (current) => ({ ...current, scopes: null }),
      () => true,
    );
    expect((await tokens.findActive(token.tokenHash, at))?.scopes).to.equal(null);
  });
});
