import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { CreateApplicationKey } from '../../../src/application/use-cases/keys/create-application-key.js';
import { DeleteApplicationKey } from '../../../src/application/use-cases/keys/delete-application-key.js';
import { GetApplicationKey } from '../../../src/application/use-cases/keys/get-application-key.js';
import { ListApplicationKeys } from '../../../src/application/use-cases/keys/list-application-keys.js';
import { UpdateApplicationKey } from '../../../src/application/use-cases/keys/update-application-key.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { inMemoryCore } from '../../support/in-memory-core.js';
import { uuid } from '../../support/system-fakes.js';

const setup = async () => {
  const core = inMemoryCore();
  const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('Shop');
  if (E.isLeft(created)) throw new Error('store not created');
  return {
    ...core,
    store: created.right.store,
    firstKey: created.right.key,
    create: new CreateApplicationKey(core.keys, core.clock, core.ids, core.secrets),
    list: new ListApplicationKeys(core.keys, core.stores),
    get: new GetApplicationKey(core.keys),
    update: new UpdateApplicationKey(core.keys, core.clock),
    remove: new DeleteApplicationKey(core.keys),
  };
};

describe('application key use cases', () => {
  it('creates a key whose secret is returned once and stored only as a hash', async () => {
    const { create, store, secrets, state } = await setup();
    const created = await create.execute(store.id, {
      type: 'application_key',
      name: 'Storefront',
      reserved_rate_limit: 10,
    });
    if (E.isLeft(created)) throw new Error('not created');
    const { key, clientSecret } = created.right;
    expect(clientSecret).to.match(/^[0-9a-f]{64}$/);
    expect(key.clientId).to.match(/^[0-9a-f]{42}$/);
    expect(key.secretHash).to.equal(secrets.hash(clientSecret));
    expect(JSON.stringify([...state.applicationKeys.values()])).not.to.include(clientSecret);
    expect(key).to.include({ name: 'Storefront', reservedRateLimit: 10, lastUsedAt: null });
  });

  it('answers a conflict when the reservations would pass the budget', async () => {
    const { create, store } = await setup();
    expect(
      E.isRight(await create.execute(store.id, { type: 'application_key', name: 'a', reserved_rate_limit: 80 })),
    ).to.equal(true);
    expect(
      await create.execute(store.id, { type: 'application_key', name: 'b', reserved_rate_limit: 21 }),
    ).to.deep.equal(
      E.left({
        _tag: 'Conflict',
        detail: 'requested reserved rate limit will exceed the maximum',
        code: 'reservation_over_budget',
      }),
    );
  });

  it('answers not found for a store that does not exist', async () => {
    const { create } = await setup();
    expect(
      await create.execute(uuid('5d0c0000-0000-4000-8000-000000000000'), { type: 'application_key', name: 'a' }),
    ).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'store not found' }));
  });

  it('reports every validation problem at once', async () => {
    const { create, store } = await setup();
    const result = await create.execute(store.id, { type: 'nope', name: '', reserved_rate_limit: 1.5 });
    expect(
      E.isLeft(result) && result.left._tag === 'ValidationFailed' ? result.left.issues.map((i) => i.source) : [],
    ).to.deep.equal(['data.type', 'data.name', 'data.reserved_rate_limit']);
  });

  it("lists with the store's page length and reports the reserved total", async () => {
    const { create, list, store } = await setup();
    for (const n of [1, 2, 3])
      await create.execute(store.id, { type: 'application_key', name: `k${n}`, reserved_rate_limit: n });
    const listed = await list.execute(store.id, queryParams([]));
    if (E.isLeft(listed)) throw new Error('not listed');
    expect(listed.right.page).to.deep.equal({ offset: 0, limit: 25 });
    expect(listed.right.total).to.equal(4);
    expect(listed.right.totalReservedRateLimit).to.equal(6);
    expect(E.isLeft(await list.execute(store.id, queryParams([['page[limit]', '101']])))).to.equal(true);
  });

  it('updates only the given fields and moves updated_at', async () => {
    const { create, update, clock, store } = await setup();
    const created = await create.execute(store.id, { type: 'application_key', name: 'old', reserved_rate_limit: 5 });
    if (E.isLeft(created)) throw new Error('not created');
    clock.advance(1000);
    const updated = await update.execute(store.id, created.right.key.id, { type: 'application_key', name: 'new' });
    expect(updated).to.deep.equal(E.right({ ...created.right.key, name: 'new', updatedAt: clock.now() }));
  });

  it('checks the budget on update only when the reservation changes', async () => {
    const { create, update, store, stores } = await setup();
    const created = await create.execute(store.id, { type: 'application_key', name: 'k', reserved_rate_limit: 100 });
    if (E.isLeft(created)) throw new Error('not created');
    const other = await create.execute(store.id, { type: 'application_key', name: 'o' });
    if (E.isLeft(other)) throw new Error('not created');
    expect(
      E.isRight(await update.execute(store.id, other.right.key.id, { type: 'application_key', name: 'renamed' })),
    ).to.equal(true);
    expect(
      await update.execute(store.id, other.right.key.id, { type: 'application_key', reserved_rate_limit: 1 }),
    ).to.deep.equal(
      E.left({
        _tag: 'Conflict',
        detail: 'requested reserved rate limit will exceed the maximum',
        code: 'reservation_over_budget',
      }),
    );
    expect(
      E.isRight(
        await update.execute(store.id, created.right.key.id, { type: 'application_key', reserved_rate_limit: 100 }),
      ),
    ).to.equal(true);
    expect(await stores.findById(store.id)).to.include({ rateLimit: 100 });
  });

  it('treats malformed, unknown and foreign ids as not found', async () => {
    const { get, update, remove, store, firstKey } = await setup();
    const notFound = E.left({ _tag: 'NotFound', detail: 'application key not found' });
    expect(await get.execute(store.id, 'not-a-uuid')).to.deep.equal(notFound);
    expect(await update.execute(store.id, 'not-a-uuid', { type: 'application_key' })).to.deep.equal(notFound);
    expect(await remove.execute(store.id, '00000000-0000-4000-8000-000000000000')).to.deep.equal(notFound);
    expect(await get.execute(store.id, firstKey.id.toUpperCase())).to.deep.equal(E.right(firstKey));
  });

  it('deletes a key', async () => {
    const { get, remove, store, firstKey } = await setup();
    expect(await remove.execute(store.id, firstKey.id)).to.deep.equal(E.right(undefined));
    expect(E.isLeft(await get.execute(store.id, firstKey.id))).to.equal(true);
  });
});
