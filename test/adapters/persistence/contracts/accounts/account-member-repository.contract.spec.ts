import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { ACCOUNT_MEMBER_LIST } from '../../../../../src/domain/accounts/account-member-query.js';
import type { AccountMembership } from '../../../../../src/domain/accounts/account-membership.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { aMember, aMembership, anAccount, nth } from '../../../../support/account-builders.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Account member repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { ...ports, repo: ports.accountMembers, store, other };
  };

  it('stores a member at the limits and reads it back by id and by email in any case, never from another store', async () => {
    const { repo, store, other } = await setup();
    const member = aMember(store.id, {
      name: `Café ☕ 名前 ${'n'.repeat(1014)}`,
      email: `Ü${'e'.repeat(1000)}@Example.org`,
    });
    expect(await repo.insert(member, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await repo.findById(store.id, member.id)).to.deep.equal(member);
    expect(await repo.findByEmail(store.id, member.email.toLowerCase())).to.deep.equal(member);
    expect(await repo.findByEmail(store.id, member.email.toUpperCase())).to.deep.equal(member);
    expect(await repo.findById(other.id, member.id)).to.equal(undefined);
    expect(await repo.findByEmail(other.id, member.email)).to.equal(undefined);
    expect(await repo.findMany(store.id, [member.id, member.id])).to.deep.equal([member]);
    expect(await repo.findMany(other.id, [member.id])).to.deep.equal([]);
  });

  it('holds one member per email in a store, compared case-insensitively, whatever runs at once', async () => {
    const { repo, store, other } = await setup();
    await repo.insert(aMember(store.id, { email: 'ron@swanson.com' }), NO_EVENTS);
    expect(await repo.insert(aMember(store.id, { email: 'Ron@Swanson.COM' }), NO_EVENTS)).to.deep.equal(E.left(taken));
    expect(await repo.insert(aMember(other.id, { email: 'ron@swanson.com' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    const racing = await Promise.all(
      [1, 2, 3].map(() => repo.insert(aMember(store.id, { email: 'leslie@knope.com' }), NO_EVENTS)),
    );
    expect(racing.filter(E.isRight)).to.have.length(1);
    const april = aMember(store.id, { email: 'april@ludgate.com' });
    await repo.insert(april, NO_EVENTS);
    expect(
      await repo.update(store.id, april.id, (m) => E.right({ ...m, email: 'LESLIE@knope.com' }), firesNothing),
    ).to.deep.equal(E.left(taken));
    const recased = await repo.update(
      store.id,
      april.id,
      (m) => E.right({ ...m, email: 'April@Ludgate.com', updatedAt: nth(3) }),
      firesNothing,
    );
    expect(recased).to.deep.equal(E.right({ ...april, email: 'April@Ludgate.com', updatedAt: nth(3) }));
    expect(await repo.update(other.id, april.id, (m) => E.right(m), firesNothing)).to.deep.equal(E.left(missing));
  });

  it('deletes a member with its memberships, telling which went', async () => {
    const { repo, accounts, accountMemberships, store, other } = await setup();
    const member = aMember(store.id);
    await repo.insert(member, NO_EVENTS);
    const [one, two] = [anAccount(store.id), anAccount(store.id)];
    await accounts.insert(one, NO_EVENTS);
    await accounts.insert(two, NO_EVENTS);
    const memberships = [aMembership(one, member, nth(1)), aMembership(two, member, nth(2))];
    for (const m of memberships) await accountMemberships.insert(m, 10, NO_EVENTS);
    expect(await repo.delete(other.id, member.id, firesNothing)).to.deep.equal(E.left(missing));
    let removed: readonly AccountMembership[] = [];
    const deleted = await repo.delete(store.id, member.id, (gone) => {
      removed = gone;
      return [];
    });
    expect(deleted).to.deep.equal(E.right(undefined));
    expect([...removed].sort((a, b) => a.id.localeCompare(b.id))).to.deep.equal(
      [...memberships].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await accountMemberships.accountsOf(store.id, member.id)).to.deep.equal([]);
    expect(await accounts.findById(store.id, one.id)).to.deep.equal(one);
    expect(await repo.delete(store.id, member.id, firesNothing)).to.deep.equal(E.left(missing));
  });

  it('lists newest first, filtered on name and email, and those not in an account', async () => {
    const { repo, accounts, accountMemberships, store, other } = await setup();
    const ron = aMember(store.id, { name: 'Ron', email: 'ron@example.com' }, nth(1));
    const leslie = aMember(store.id, { name: 'Leslie', email: 'leslie@example.com' }, nth(2));
    const april = aMember(store.id, { name: 'Ron', email: 'april@example.com' }, nth(3));
    for (const m of [ron, leslie, april, aMember(other.id, { name: 'Ron' })]) await repo.insert(m, NO_EVENTS);
    const all = await repo.list(store.id, listQuery(ACCOUNT_MEMBER_LIST));
    expect(all.items).to.deep.equal([april, leslie, ron]);
    expect(all.total).to.equal(3);
    const named = await repo.list(
      store.id,
      listQuery(ACCOUNT_MEMBER_LIST, { filter: [{ op: 'eq', field: 'name', value: 'Ron' }] }),
    );
    expect(named.items).to.deep.equal([april, ron]);
    const mailed = await repo.list(
      store.id,
      listQuery(ACCOUNT_MEMBER_LIST, { filter: [{ op: 'eq', field: 'email', value: 'leslie@example.com' }] }),
    );
    expect(mailed.items).to.deep.equal([leslie]);
    const account = anAccount(store.id);
    await accounts.insert(account, NO_EVENTS);
    await accountMemberships.insert(aMembership(account, leslie), 10, NO_EVENTS);
    const unassigned = await repo.listUnassigned(store.id, account.id, listQuery(ACCOUNT_MEMBER_LIST));
    expect(unassigned.items).to.deep.equal([april, ron]);
    expect(unassigned.total).to.equal(2);
    const unassignedRons = await repo.listUnassigned(
      store.id,
      account.id,
      listQuery(ACCOUNT_MEMBER_LIST, { filter: [{ op: 'eq', field: 'name', value: 'Ron' }], limit: 1, offset: 1 }),
    );
    expect(unassignedRons.items).to.deep.equal([ron]);
    expect(unassignedRons.total).to.equal(2);
  });
});
