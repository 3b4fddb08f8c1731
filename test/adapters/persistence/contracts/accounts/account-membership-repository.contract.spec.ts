import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  limitReached,
  missing,
  referenceMissing,
  taken,
} from '../../../../../src/application/ports/storage-outcomes.js';
import {
  MEMBERSHIPS_OF_ACCOUNT_LIST,
  MEMBERSHIPS_OF_MEMBER_LIST,
} from '../../../../../src/domain/accounts/account-membership-query.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { aMember, aMembership, anAccount, nth } from '../../../../support/account-builders.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Account membership repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const account = anAccount(store.id);
    const member = aMember(store.id);
    await ports.accounts.insert(account, NO_EVENTS);
    await ports.accountMembers.insert(member, NO_EVENTS);
    return { ...ports, repo: ports.accountMemberships, store, other, account, member };
  };

  it('stores a membership once per account and member, and finds it by id and by the pair', async () => {
    const { repo, store, other, account, member } = await setup();
    const membership = aMembership(account, member);
    expect(await repo.insert(membership, 10, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await repo.findById(store.id, account.id, membership.id)).to.deep.equal(membership);
    expect(await repo.find(store.id, account.id, member.id)).to.deep.equal(membership);
    expect(await repo.findById(other.id, account.id, membership.id)).to.equal(undefined);
    expect(await repo.findById(store.id, member.id, membership.id)).to.equal(undefined);
    expect(await repo.insert(aMembership(account, member), 10, NO_EVENTS)).to.deep.equal(E.left(taken));
  });

  it('refuses an account or member that is not the store’s', async () => {
    const { repo, accounts, accountMembers, other, account, member } = await setup();
    const foreignAccount = anAccount(other.id);
    const foreignMember = aMember(other.id);
    await accounts.insert(foreignAccount, NO_EVENTS);
    await accountMembers.insert(foreignMember, NO_EVENTS);
    expect(await repo.insert(aMembership(account, foreignMember), 10, NO_EVENTS)).to.deep.equal(
      E.left(referenceMissing),
    );
    expect(
      await repo.insert({ ...aMembership(foreignAccount, member), storeId: account.storeId }, 10, NO_EVENTS),
    ).to.deep.equal(E.left(referenceMissing));
  });

  it('holds the member’s limit, also when memberships are made at once', async () => {
    const { repo, accounts, store, member } = await setup();
    const others = [1, 2, 3, 4, 5].map(() => anAccount(store.id));
    for (const a of others) await accounts.insert(a, NO_EVENTS);
    const outcomes = await Promise.all(others.map((a) => repo.insert(aMembership(a, member), 3, NO_EVENTS)));
    expect(outcomes.filter(E.isRight)).to.have.length(3);
    expect(outcomes.filter(E.isLeft).map((o) => o.left)).to.deep.equal([limitReached, limitReached]);
    expect(await repo.accountsOf(store.id, member.id)).to.have.length(3);
  });

  it('lists an account’s and a member’s memberships newest first, and the member’s accounts oldest first', async () => {
    const { repo, accounts, accountMembers, store, account, member } = await setup();
    const second = anAccount(store.id, { name: 'Second' });
    const another = aMember(store.id);
    await accounts.insert(second, NO_EVENTS);
    await accountMembers.insert(another, NO_EVENTS);
    const first = aMembership(account, member, nth(1));
    const later = aMembership(second, member, nth(2));
    const third = aMembership(account, another, nth(3));
    for (const m of [first, later, third]) await repo.insert(m, 10, NO_EVENTS);
    const ofAccount = await repo.listOfAccount(store.id, account.id, listQuery(MEMBERSHIPS_OF_ACCOUNT_LIST));
    expect(ofAccount.items).to.deep.equal([third, first]);
    expect(ofAccount.total).to.equal(2);
    const ofMember = await repo.listOfMember(store.id, member.id, listQuery(MEMBERSHIPS_OF_MEMBER_LIST, { limit: 1 }));
    expect(ofMember.items).to.deep.equal([later]);
    expect(ofMember.total).to.equal(2);
    expect(await repo.accountsOf(store.id, member.id)).to.deep.equal([account, second]);
  });

  it('deletes within the account and store only, once', async () => {
    const { repo, store, other, account, member } = await setup();
    const membership = aMembership(account, member);
    await repo.insert(membership, 10, NO_EVENTS);
    expect(await repo.delete(other.id, account.id, membership.id, NO_EVENTS)).to.deep.equal(E.left(missing));
    expect(await repo.delete(store.id, member.id, membership.id, NO_EVENTS)).to.deep.equal(E.left(missing));
    const both = await Promise.all([
      repo.delete(store.id, account.id, membership.id, NO_EVENTS),
      repo.delete(store.id, account.id, membership.id, NO_EVENTS),
    ]);
    expect(both.filter(E.isRight)).to.have.length(1);
    expect(await repo.find(store.id, account.id, member.id)).to.equal(undefined);
  });
});
