import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  inUse,
  limitReached,
  missing,
  referenceMissing,
  taken,
} from '../../../../../src/application/ports/storage-outcomes.js';
import type { AccountMembership } from '../../../../../src/domain/accounts/account-membership.js';
import { ACCOUNT_LIST } from '../../../../../src/domain/accounts/account-query.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { aMember, aMembership, anAccount, aSubAccount, nth } from '../../../../support/account-builders.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Account repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { ...ports, repo: ports.accounts, store, other };
  };

  it('stores every field at its limits and reads it back, never from another store', async () => {
    const { repo, store, other } = await setup();
    const parent = anAccount(store.id);
    const account = aSubAccount(parent, {
      name: `Café ☕ 名前 ${'n'.repeat(1014)}`,
      legalName: `Legal ${'l'.repeat(1018)}`,
      registrationId: 'r'.repeat(63),
      externalRef: 'x'.repeat(2048),
    });
    expect(await repo.insert(parent, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await repo.insert(account, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await repo.findById(store.id, account.id)).to.deep.equal(account);
    expect(await repo.findById(store.id, parent.id)).to.deep.equal(parent);
    expect(await repo.findById(other.id, account.id)).to.equal(undefined);
    expect(await repo.findMany(other.id, [account.id])).to.deep.equal([]);
    const many = await repo.findMany(store.id, [account.id, parent.id, account.id]);
    expect(many.map((a) => a.id).sort()).to.deep.equal([account.id, parent.id].sort());
  });

  it('refuses a registration id another account of the store holds, and takes it in another store', async () => {
    const { repo, store, other } = await setup();
    const first = anAccount(store.id, { registrationId: 'reg-1' });
    await repo.insert(first, NO_EVENTS);
    expect(await repo.insert(anAccount(store.id, { registrationId: 'reg-1' }), NO_EVENTS)).to.deep.equal(E.left(taken));
    expect(await repo.insert(anAccount(other.id, { registrationId: 'reg-1' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    const second = anAccount(store.id, { registrationId: 'reg-2' });
    await repo.insert(second, NO_EVENTS);
    const outcome = await repo.update(
      store.id,
      second.id,
      (a) => E.right({ ...a, registrationId: 'reg-1' }),
      firesNothing,
    );
    expect(outcome).to.deep.equal(E.left(taken));
    expect(await repo.findById(store.id, second.id)).to.deep.equal(second);
    // Accounts without a registration id never collide.
    expect(await repo.insert(anAccount(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await repo.insert(anAccount(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
  });

  it('refuses a parent that is not the store’s', async () => {
    const { repo, store, other } = await setup();
    const foreign = anAccount(other.id);
    await repo.insert(foreign, NO_EVENTS);
    const child = anAccount(store.id, { parentId: foreign.id, ancestorIds: [foreign.id] });
    expect(await repo.insert(child, NO_EVENTS)).to.deep.equal(E.left(referenceMissing));
    expect(await repo.findById(store.id, child.id)).to.equal(undefined);
  });

  it('updates through a change function, keeps a refusal of it, and only within the store', async () => {
    const { repo, store, other } = await setup();
    const account = anAccount(store.id, { legalName: 'Acme Ltd' });
    await repo.insert(account, NO_EVENTS);
    const renamed = await repo.update(
      store.id,
      account.id,
      (a) => E.right({ ...a, name: 'Acme 2', updatedAt: nth(5) }),
      firesNothing,
    );
    expect(renamed).to.deep.equal(E.right({ ...account, name: 'Acme 2', updatedAt: nth(5) }));
    expect(await repo.update(store.id, account.id, () => E.left('no'), firesNothing)).to.deep.equal(E.left('no'));
    expect(await repo.update(other.id, account.id, (a) => E.right(a), firesNothing)).to.deep.equal(E.left(missing));
    expect(await repo.findById(store.id, account.id)).to.deep.equal({ ...account, name: 'Acme 2', updatedAt: nth(5) });
  });

  it('deletes an account with its memberships, telling which went, but not while a sub-account names it', async () => {
    const { repo, accountMembers, accountMemberships, store, other } = await setup();
    const parent = anAccount(store.id);
    const child = aSubAccount(parent);
    await repo.insert(parent, NO_EVENTS);
    await repo.insert(child, NO_EVENTS);
    const member = aMember(store.id);
    await accountMembers.insert(member, NO_EVENTS);
    const membership = aMembership(parent, member);
    await accountMemberships.insert(membership, 10, NO_EVENTS);
    expect(await repo.delete(store.id, parent.id, firesNothing)).to.deep.equal(E.left(inUse));
    expect(await repo.delete(other.id, child.id, firesNothing)).to.deep.equal(E.left(missing));
    expect(await repo.delete(store.id, child.id, firesNothing)).to.deep.equal(E.right(undefined));
    let removed: readonly AccountMembership[] = [];
    const deleted = await repo.delete(store.id, parent.id, (gone) => {
      removed = gone;
      return [];
    });
    expect(deleted).to.deep.equal(E.right(undefined));
    expect(removed).to.deep.equal([membership]);
    expect(await accountMemberships.findById(store.id, parent.id, membership.id)).to.equal(undefined);
    expect(await accountMembers.findById(store.id, member.id)).to.deep.equal(member);
    expect(await repo.delete(store.id, parent.id, firesNothing)).to.deep.equal(E.left(missing));
  });

  it('makes an account with its first membership together, or neither', async () => {
    const { repo, accountMembers, accountMemberships, store } = await setup();
    const member = aMember(store.id);
    await accountMembers.insert(member, NO_EVENTS);
    const account = anAccount(store.id, { registrationId: 'first' });
    const membership = aMembership(account, member);
    expect(await repo.insertWithMembership(account, membership, 2, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await accountMemberships.find(store.id, account.id, member.id)).to.deep.equal(membership);
    const second = anAccount(store.id);
    expect(await repo.insertWithMembership(second, aMembership(second, member), 2, NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    const third = anAccount(store.id);
    expect(await repo.insertWithMembership(third, aMembership(third, member), 2, NO_EVENTS)).to.deep.equal(
      E.left(limitReached),
    );
    expect(await repo.findById(store.id, third.id)).to.equal(undefined);
    const clash = anAccount(store.id, { registrationId: 'first' });
    expect(await repo.insertWithMembership(clash, aMembership(clash, member), 9, NO_EVENTS)).to.deep.equal(
      E.left(taken),
    );
    const stranger = anAccount(store.id);
    const nobody = aMember(store.id);
    expect(await repo.insertWithMembership(stranger, aMembership(stranger, nobody), 9, NO_EVENTS)).to.deep.equal(
      E.left(referenceMissing),
    );
    expect(await repo.findById(store.id, stranger.id)).to.equal(undefined);
  });

  it('lists newest first, filtered on each field, within the store', async () => {
    const { repo, store, other } = await setup();
    const a = anAccount(store.id, { name: 'Swan', legalName: 'Swan Ltd', externalRef: 'ext-a' }, nth(1));
    const b = anAccount(store.id, { name: 'Duck', registrationId: 'reg-b' }, nth(2));
    const c = anAccount(store.id, { name: 'Swan' }, nth(3));
    for (const account of [a, b, c, anAccount(other.id, { name: 'Swan' })]) await repo.insert(account, NO_EVENTS);
    const ids = async (filter: Parameters<typeof listQuery<'name'>>[1]) =>
      (await repo.list(store.id, listQuery(ACCOUNT_LIST, filter))).items.map((x) => x.id);
    expect(await ids({})).to.deep.equal([c.id, b.id, a.id]);
    expect(await ids({ filter: [{ op: 'eq', field: 'name', value: 'Swan' }] })).to.deep.equal([c.id, a.id]);
    const page = await repo.list(
      store.id,
      listQuery(ACCOUNT_LIST, { filter: [{ op: 'eq', field: 'legal_name', value: 'Swan Ltd' }] }),
    );
    expect(page.items).to.deep.equal([a]);
    expect(page.total).to.equal(1);
    for (const [field, value, expected] of [
      ['registration_id', 'reg-b', b.id],
      ['external_ref', 'ext-a', a.id],
      ['id', c.id, c.id],
    ] as const) {
      const found = await repo.list(store.id, listQuery(ACCOUNT_LIST, { filter: [{ op: 'eq', field, value }] }));
      expect(found.items.map((x) => x.id)).to.deep.equal([expected]);
    }
    const second = await repo.list(store.id, listQuery(ACCOUNT_LIST, { offset: 1, limit: 1 }));
    expect(second.items).to.deep.equal([b]);
    expect(second.total).to.equal(3);
  });
});
