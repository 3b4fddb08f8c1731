import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { CreateApplicationKey } from '../../../src/application/use-cases/keys/create-application-key.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { ListStores } from '../../../src/application/use-cases/stores/list-stores.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

describe('store use cases', () => {
  it('lists every store newest first, a page of at most 100, with key counts and reserved totals', async () => {
    const core = inMemoryCore();
    const { stores, clock, ids, secrets } = core;
    const first = await new CreateStore(stores, clock, ids, secrets).execute('Shop');
    if (E.isLeft(first)) throw new Error('store not created');
    const store = first.right.store;
    clock.advance(1000);
    const second = await new CreateStore(stores, clock, ids, secrets).execute('Second');
    if (E.isLeft(second)) throw new Error('store not created');
    await new CreateApplicationKey(core.keys, clock, ids, secrets).execute(store.id, {
      type: 'application_key',
      name: 'a',
      reserved_rate_limit: 7,
    });
    const listStores = new ListStores(stores);
    const listed = await listStores.execute(queryParams([]));
    if (E.isLeft(listed)) throw new Error('not listed');
    expect(listed.right.page).to.deep.equal({ offset: 0, limit: 100 });
    expect(listed.right.items.map((s) => [s.store.name, s.keyCount, s.reservedRateLimit])).to.deep.equal([
      ['Second', 1, 0],
      ['Shop', 2, 7],
    ]);
    const refused = await listStores.execute(
      queryParams([
        ['page[limit]', '101'],
        ['page[offset]', '-1'],
      ]),
    );
    expect(
      E.isLeft(refused) && refused.left._tag === 'ValidationFailed' ? refused.left.issues.map((i) => i.source) : [],
    ).to.deep.equal(['page[offset]', 'page[limit]']);
  });
});
