import { expect } from 'chai';
import { TOKENS } from '../../../../../src/application/tokens.js';
import type { AccountMemberToken } from '../../../../../src/domain/auth/account-member-token.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';
import { testIds } from '../../../../support/system-fakes.js';

forEachBackend('AccountMemberTokenRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const memberTokens = ports.container.get(TOKENS.AccountMemberTokenRepository);
    const store = aStore();
    await ports.stores.create(storeRecords(store, aKey(store.id)));
    const token: AccountMemberToken = {
      tokenHash: 'a'.repeat(64),
      storeId: store.id,
      accountId: testIds.uuid(),
      accountMemberId: testIds.uuid(),
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      expiresAt: new Date('2026-01-02T00:00:00.000Z'),
    };
    return { ...ports, memberTokens, store, token };
  };

  it('finds a token by hash, as it was stored, until it expires', async () => {
    const { memberTokens, token } = await setup();
    await memberTokens.insert(token);
    expect(await memberTokens.findActive(token.tokenHash, new Date('2026-01-01T23:59:59.999Z'))).to.deep.equal(token);
    expect(await memberTokens.findActive(token.tokenHash, token.expiresAt)).to.equal(undefined);
    expect(await memberTokens.findActive('0'.repeat(64), token.createdAt)).to.equal(undefined);
  });

  it("revokes all of one member's tokens in one store, and no one else's", async () => {
    const { memberTokens, stores, store, token } = await setup();
    const otherStore = aStore();
    await stores.create(storeRecords(otherStore, aKey(otherStore.id)));
    const second = { ...token, tokenHash: 'b'.repeat(64), accountId: testIds.uuid() };
    const otherMember = { ...token, tokenHash: 'c'.repeat(64), accountMemberId: testIds.uuid() };
    const sameIdElsewhere = { ...token, tokenHash: 'd'.repeat(64), storeId: otherStore.id };
    for (const t of [token, second, otherMember, sameIdElsewhere]) await memberTokens.insert(t);
    expect(await memberTokens.revokeForMember(store.id, token.accountMemberId)).to.equal(2);
    const at = token.createdAt;
    expect(await memberTokens.findActive(token.tokenHash, at)).to.equal(undefined);
    expect(await memberTokens.findActive(second.tokenHash, at)).to.equal(undefined);
    expect(await memberTokens.findActive(otherMember.tokenHash, at)).to.deep.equal(otherMember);
    expect(await memberTokens.findActive(sameIdElsewhere.tokenHash, at)).to.deep.equal(sameIdElsewhere);
    expect(await memberTokens.revokeForMember(store.id, token.accountMemberId), 'none left').to.equal(0);
  });

  it('purges expired tokens only', async () => {
    const { memberTokens, token } = await setup();
    const later = { ...token, tokenHash: 'e'.repeat(64), expiresAt: new Date('2026-01-03T00:00:00.000Z') };
    await memberTokens.insert(token);
    await memberTokens.insert(later);
    const at = new Date('2026-01-02T12:00:00.000Z');
    expect(await memberTokens.deleteExpired(at)).to.equal(1);
    expect(await memberTokens.findActive(later.tokenHash, at)).to.deep.equal(later);
  });
});
