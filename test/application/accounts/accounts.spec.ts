import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryAccountMemberRepository } from '../../../src/adapters/persistence/in-memory/accounts/in-memory-account-member-repository.js';
import { InMemoryAccountMembershipRepository } from '../../../src/adapters/persistence/in-memory/accounts/in-memory-account-membership-repository.js';
import { InMemoryAccountRepository } from '../../../src/adapters/persistence/in-memory/accounts/in-memory-account-repository.js';
import { InMemorySettingsRepository } from '../../../src/adapters/persistence/in-memory/settings/in-memory-settings-repository.js';
import {
  CreateAccountMembership,
  ListMembershipsOfAccount,
} from '../../../src/application/use-cases/accounts/account-memberships.js';
import { CreateAccount, DeleteAccount, UpdateAccount } from '../../../src/application/use-cases/accounts/accounts.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import type { Account } from '../../../src/domain/accounts/account.js';
import { ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT } from '../../../src/domain/audit/audited-records.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS } from '../../../src/domain/settings/account-membership-settings.js';
import { aMember } from '../../support/account-builders.js';
import { inMemoryCore } from '../../support/in-memory-core.js';
import { right } from '../../support/subscription-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const accounts = new InMemoryAccountRepository(core.state);
  const members = new InMemoryAccountMemberRepository(core.state);
  const memberships = new InMemoryAccountMembershipRepository(core.state);
  const settings = new InMemorySettingsRepository(
    core.state,
    core.state.accountMembershipSettings,
    DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
    core.audit,
    ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
  );
  const createStore = new CreateStore(core.stores, core.clock, core.ids, core.secrets);
  const [store, other] = [
    right(await createStore.execute('Shop')).store,
    right(await createStore.execute('Other')).store,
  ];
  const create = new CreateAccount(accounts, core.clock, core.ids);
  const made = async (storeId: typeof store.id, data: Record<string, unknown>): Promise<Account> =>
    right(await create.execute(storeId, { type: 'account', ...data }));
  return {
    ...core,
    store,
    other,
    members,
    settings,
    create,
    made,
    update: new UpdateAccount(accounts, core.clock),
    remove: new DeleteAccount(accounts),
    join: new CreateAccountMembership(accounts, memberships, settings, core.clock, core.ids),
    listOfAccount: new ListMembershipsOfAccount(accounts, members, memberships, core.stores),
  };
};

describe('Accounts, members and memberships (use cases on in-memory storage)', () => {
  it('copies the chain above a sub-account from its parent, the root first, and never takes another store’s parent', async () => {
    const { store, other, made, create } = await setup();
    const root = await made(store.id, { name: 'Root' });
    const middle = await made(store.id, { name: 'Middle', parent_id: root.id });
    const leaf = await made(store.id, { name: 'Leaf', parent_id: middle.id });
    expect([root.ancestorIds, middle.ancestorIds, leaf.ancestorIds]).to.deep.equal([
      [],
      [root.id],
      [root.id, middle.id],
    ]);
    expect(await create.execute(other.id, { type: 'account', name: 'Stray', parent_id: root.id })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'parent account not found' }),
    );
  });

  it('words each refusal of storage for an account', async () => {
    const { store, made, update, remove } = await setup();
    const parent = await made(store.id, { name: 'Parent', registration_id: 'reg-1' });
    await made(store.id, { name: 'Child', parent_id: parent.id });
    const other = await made(store.id, { name: 'Other' });
    const taken = await update.execute(store.id, other.id, { type: 'account', registration_id: 'reg-1' });
    expect(E.isLeft(taken) && taken.left).to.deep.include({ _tag: 'Conflict', code: 'registration_id_taken' });
    const inUse = await remove.execute(store.id, parent.id);
    expect(E.isLeft(inUse) && inUse.left).to.deep.include({ _tag: 'Conflict', code: 'in_use' });
    expect(await remove.execute(store.id, 'not-a-uuid')).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'account not found' }),
    );
  });

  it("joins a member to accounts up to the store's limit, and lists an account's members with them included", async () => {
    const { store, made, members, settings, join, listOfAccount } = await setup();
    await settings.update(store.id, () => E.right({ membershipLimit: 2 }));
    const ron = aMember(store.id);
    await members.insert(ron, NO_EVENTS);
    const [a, b, c] = [
      await made(store.id, { name: 'A' }),
      await made(store.id, { name: 'B' }),
      await made(store.id, { name: 'C' }),
    ];
    const data = { type: 'account_membership', account_member_id: ron.id };
    expect(E.isRight(await join.execute(store.id, a.id, data))).to.equal(true);
    expect(E.isRight(await join.execute(store.id, b.id, data))).to.equal(true);
    const over = await join.execute(store.id, c.id, data);
    expect(E.isLeft(over) && over.left).to.deep.include({ _tag: 'Conflict', code: 'membership_limit_reached' });
    const nobody = await join.execute(store.id, c.id, { ...data, account_member_id: c.id });
    expect(nobody).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'account member not found' }));
    const untyped = await join.execute(store.id, c.id, { account_member_id: ron.id });
    expect(E.isLeft(untyped) && untyped.left._tag).to.equal('ValidationFailed');
    const listed = right(
      await listOfAccount.execute(store.id, a.id, queryParams(new URLSearchParams('include=account_member'))),
    );
    expect(listed.page.items.map((m) => m.accountMemberId)).to.deep.equal([ron.id]);
    expect(listed.included).to.deep.equal([ron]);
    const plain = right(await listOfAccount.execute(store.id, a.id, queryParams(new URLSearchParams())));
    expect(plain.included).to.equal(undefined);
  });
});
