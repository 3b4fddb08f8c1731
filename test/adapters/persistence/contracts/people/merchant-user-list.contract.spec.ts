import { expect } from 'chai';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { PEOPLE_TOKENS as P } from '../../../../../src/application/people-tokens.js';
import { newMerchantUser } from '../../../../../src/domain/people/merchant-user.js';
import { MERCHANT_USER_LIST } from '../../../../../src/domain/people/merchant-user-query.js';
import type { Role } from '../../../../../src/domain/people/role.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend("The people's list: filters and paging", (_b, persistence) => {
  it('filters on name, email and role, newest first, and counts what matches', async () => {
    const ports = portsOf(persistence());
    const [mine, theirs] = [storeRecords(aStore()), storeRecords(aStore())];
    await ports.stores.create(mine);
    await ports.stores.create(theirs);
    const users = ports.container.get(P.MerchantUserRepository);
    const add = async (storeId: typeof mine.store.id, n: number, name: string, email: string, role: Role) =>
      users.insert(newMerchantUser(randomIds.uuid(), storeId, { name, email, role }, new Date(Date.UTC(2026, 0, n))));
    await add(mine.store.id, 1, 'Ada Owner', 'ada@shop.example', 'owner');
    await add(mine.store.id, 2, 'Bea Books', 'bea@shop.example', 'billing');
    await add(mine.store.id, 3, 'Cy Books', 'cy@elsewhere.example', 'billing');
    await add(theirs.store.id, 4, 'Dee Books', 'dee@shop.example', 'billing');
    const names = async (filter: Parameters<typeof listQuery<'name' | 'email' | 'role'>>[1]) => {
      const page = await users.list(mine.store.id, listQuery(MERCHANT_USER_LIST, filter));
      return { names: page.items.map((u) => u.name), total: page.total };
    };
    expect(await names({})).to.deep.equal({ names: ['Cy Books', 'Bea Books', 'Ada Owner'], total: 3 });
    expect(await names({ filter: [{ op: 'eq', field: 'role', value: 'billing' }] })).to.deep.equal({
      names: ['Cy Books', 'Bea Books'],
      total: 2,
    });
    expect(await names({ filter: [{ op: 'like', field: 'email', value: '*@shop.example' }] })).to.deep.equal({
      names: ['Bea Books', 'Ada Owner'],
      total: 2,
    });
    expect(
      await names({
        filter: [
          { op: 'like', field: 'name', value: '*Books' },
          { op: 'eq', field: 'email', value: 'cy@elsewhere.example' },
        ],
      }),
    ).to.deep.equal({ names: ['Cy Books'], total: 1 });
    expect(await names({ limit: 1, offset: 1 })).to.deep.equal({ names: ['Bea Books'], total: 3 });
  });
});
