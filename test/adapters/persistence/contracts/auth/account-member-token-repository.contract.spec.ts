import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { ACCOUNT_TOKENS } from '../../../../../src/application/account-tokens.js';
import { TOKENS } from '../../../../../src/application/tokens.js';
import type { AccountMemberToken } from '../../../../../src/domain/auth/account-member-token.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { aMember, aMembership, anAccount } from '../../../../support/account-builders.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

const LIMIT = 1000;

forEachBackend('AccountMemberTokenRepository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const { container } = ports;
    const memberTokens = container.get(TOKENS.AccountMemberTokenRepository);
    const accounts = container.get(ACCOUNT_TOKENS.AccountRepository);
    const members = container.get(ACCOUNT_TOKENS.AccountMemberRepository);
    const memberships = container.get(ACCOUNT_TOKENS.AccountMembershipRepository);
    /** A store with an account, a member of it, and a token of that member for that account. */
    const aShopper = async (storeId?: Uuid) => {
      let id = storeId;
      if (id === undefined) {
        const store = aStore();
        await ports.stores.create(storeRecords(store, aKey(store.id)));
        id = store.id;
      }
      const account = anAccount(id);
      const member = aMember(id);
      const membership = aMembership(account, member);
      await accounts.insert(account, []);
      await members.insert(member, []);
      expect(E.isRight(await memberships.insert(membership, LIMIT, []))).to.equal(true);
      return { storeId: id, account, member, membership };
    };
    const shopper = await aShopper();
    let hashes = 0;
    const tokenOf = (s: Awaited<ReturnType<typeof aShopper>>, overrides: Partial<AccountMemberToken> = {}) => ({
      tokenHash: (hashes++).toString(16).padStart(64, 'a'),
      storeId: s.storeId,
      accountId: s.account.id,
      accountMemberId: s.member.id,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      expiresAt: new Date('2026-01-02T00:00:00.000Z'),
      ...overrides,
    });
    return { ...ports, memberTokens, accounts, members, memberships, aShopper, shopper, tokenOf };
  };
  const AT = new Date('2026-01-01T12:00:00.000Z');

  it('finds a token by hash, as it was stored, until it expires', async () => {
    const { memberTokens, shopper, tokenOf } = await setup();
    const token = tokenOf(shopper);
    await memberTokens.insert(token);
    expect(await memberTokens.findActive(token.tokenHash, new Date('2026-01-01T23:59:59.999Z'))).to.deep.equal(token);
    expect(await memberTokens.findActive(token.tokenHash, token.expiresAt)).to.equal(undefined);
    expect(await memberTokens.findActive('0'.repeat(64), token.createdAt)).to.equal(undefined);
  });

  it('finds no token whose member no longer belongs to its account: membership removed, member or account deleted', async () => {
    const { memberTokens, memberships, members, accounts, aShopper, tokenOf } = await setup();
    const [left, memberGone, accountGone, stays] = [
      await aShopper(),
      await aShopper(),
      await aShopper(),
      await aShopper(),
    ];
    const tokens = [left, memberGone, accountGone, stays].map((s) => tokenOf(s));
    for (const t of tokens) await memberTokens.insert(t);
    await memberships.delete(left.storeId, left.account.id, left.membership.id, []);
    await members.delete(memberGone.storeId, memberGone.member.id, () => []);
    await accounts.delete(accountGone.storeId, accountGone.account.id, () => []);
    const found = await Promise.all(tokens.map((t) => memberTokens.findActive(t.tokenHash, AT)));
    expect(found).to.deep.equal([undefined, undefined, undefined, tokens[3]]);
  });

  it("finds no token whose account and member are another store's", async () => {
    const { memberTokens, aShopper, shopper, tokenOf } = await setup();
    const elsewhere = await aShopper();
    const crossed = tokenOf(shopper, { accountId: elsewhere.account.id, accountMemberId: elsewhere.member.id });
    await memberTokens.insert(crossed);
    expect(await memberTokens.findActive(crossed.tokenHash, AT)).to.equal(undefined);
  });

  it("revokes all of one member's tokens in one store, and no one else's", async () => {
    const { memberTokens, memberships, accounts, aShopper, shopper, tokenOf } = await setup();
    const otherAccount = anAccount(shopper.storeId);
    await accounts.insert(otherAccount, []);
    await memberships.insert(aMembership(otherAccount, shopper.member), LIMIT, []);
    const neighbour = await aShopper(shopper.storeId);
    const first = tokenOf(shopper);
    const second = tokenOf(shopper, { accountId: otherAccount.id });
    const theirs = tokenOf(neighbour);
    for (const t of [first, second, theirs]) await memberTokens.insert(t);
    expect(await memberTokens.revokeForMember(neighbour.storeId, shopper.member.id)).to.equal(2);
    expect(await memberTokens.findActive(first.tokenHash, AT)).to.equal(undefined);
    expect(await memberTokens.findActive(second.tokenHash, AT)).to.equal(undefined);
    expect(await memberTokens.findActive(theirs.tokenHash, AT)).to.deep.equal(theirs);
    const elsewhere = await aShopper();
    const sameMemberIdElsewhere = tokenOf(elsewhere);
    await memberTokens.insert(sameMemberIdElsewhere);
    expect(await memberTokens.revokeForMember(shopper.storeId, elsewhere.member.id), 'another store').to.equal(0);
    expect(await memberTokens.revokeForMember(shopper.storeId, shopper.member.id), 'none left').to.equal(0);
  });

  it("revokes all of a member's tokens but the one named, which stays active", async () => {
    const { memberTokens, aShopper, shopper, tokenOf } = await setup();
    const neighbour = await aShopper(shopper.storeId);
    const [kept, ended, alsoEnded] = [tokenOf(shopper), tokenOf(shopper), tokenOf(shopper)];
    const theirs = tokenOf(neighbour);
    for (const t of [kept, ended, alsoEnded, theirs]) await memberTokens.insert(t);
    expect(await memberTokens.revokeForMember(shopper.storeId, shopper.member.id, kept.tokenHash)).to.equal(2);
    expect(await memberTokens.findActive(kept.tokenHash, AT)).to.deep.equal(kept);
    expect(await memberTokens.findActive(ended.tokenHash, AT)).to.equal(undefined);
    expect(await memberTokens.findActive(alsoEnded.tokenHash, AT)).to.equal(undefined);
    expect(await memberTokens.findActive(theirs.tokenHash, AT)).to.deep.equal(theirs);
    expect(
      await memberTokens.revokeForMember(shopper.storeId, shopper.member.id, theirs.tokenHash),
      "another member's hash keeps none of this member's",
    ).to.equal(1);
  });

  it('purges expired tokens only', async () => {
    const { memberTokens, shopper, tokenOf } = await setup();
    const token = tokenOf(shopper);
    const later = tokenOf(shopper, { expiresAt: new Date('2026-01-03T00:00:00.000Z') });
    await memberTokens.insert(token);
    await memberTokens.insert(later);
    const at = new Date('2026-01-02T12:00:00.000Z');
    expect(await memberTokens.deleteExpired(at)).to.equal(1);
    expect(await memberTokens.findActive(later.tokenHash, at)).to.deep.equal(later);
  });
});
