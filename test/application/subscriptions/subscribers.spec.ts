import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemorySubscriberRepository } from '../../../src/adapters/persistence/in-memory/subscriptions/in-memory-subscriber-repository.js';
import { UpdateStoreSettings } from '../../../src/application/use-cases/settings/update-store-settings.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from '../../../src/application/use-cases/subscriptions/subscribers.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { inMemoryCore } from '../../support/in-memory-core.js';
import { right } from '../../support/subscription-core.js';

const ACCOUNT = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
const data = (attributes: Record<string, unknown> = {}) => ({
  type: 'subscription_subscriber',
  attributes: { account_id: ACCOUNT, name: 'Ada Lovelace', email: 'ada@example.com', ...attributes },
});

const setup = async () => {
  const core = inMemoryCore();
  const repo = new InMemorySubscriberRepository(core.state);
  const createStore = new CreateStore(core.stores, core.clock, core.ids, core.secrets);
  const [store, other] = [
    right(await createStore.execute('Shop')).store,
    right(await createStore.execute('Other')).store,
  ];
  return {
    ...core,
    storeId: store.id,
    otherId: other.id,
    create: new CreateSubscriber(repo, core.clock, core.ids),
    get: new GetSubscriber(repo),
    list: new ListSubscribers(repo, core.stores),
    update: new UpdateSubscriber(repo, core.clock),
    remove: new DeleteSubscriber(repo),
  };
};

describe('subscriber use cases', () => {
  it("stamps a new subscriber with the clock's time and an update with the time of the change", async () => {
    const { create, update, get, clock, storeId } = await setup();
    const made = right(await create.execute(storeId, data()));
    expect(made).to.deep.include({ storeId, createdAt: clock.now(), updatedAt: clock.now() });
    clock.advance(60_000);
    const changed = right(
      await update.execute(storeId, made.id, {
        type: 'subscription_subscriber',
        attributes: { email: 'ada@lovelace.org' },
      }),
    );
    expect(changed).to.deep.equal({
      ...made,
      attributes: { ...made.attributes, email: 'ada@lovelace.org' },
      updatedAt: clock.now(),
    });
    expect(right(await get.execute(storeId, made.id.toUpperCase()))).to.deep.equal(changed);
  });

  it("treats another store's subscriber as one that does not exist", async () => {
    const { create, update, get, remove, storeId, otherId } = await setup();
    const made = right(await create.execute(storeId, data()));
    const notFound = E.left({ _tag: 'NotFound', detail: 'subscriber not found' });
    expect(await get.execute(otherId, made.id)).to.deep.equal(notFound);
    expect(await update.execute(otherId, made.id, data())).to.deep.equal(notFound);
    expect(await remove.execute(otherId, made.id)).to.deep.equal(notFound);
    expect(await remove.execute(storeId, 'not-a-uuid')).to.deep.equal(notFound);
    expect(right(await get.execute(storeId, made.id))).to.deep.equal(made);
    expect(await remove.execute(storeId, made.id)).to.deep.equal(E.right(undefined));
    expect(await get.execute(storeId, made.id)).to.deep.equal(notFound);
  });

  it('refuses an invalid update with its issues, and changes nothing', async () => {
    const { create, update, get, storeId } = await setup();
    const made = right(await create.execute(storeId, data()));
    const refused = await update.execute(storeId, made.id, {
      type: 'subscription_subscriber',
      attributes: { name: 'ab' },
    });
    expect(refused).to.deep.equal(
      E.left({
        _tag: 'ValidationFailed',
        issues: [{ source: 'data.attributes.name', detail: 'must be 3 to 1024 characters long' }],
      }),
    );
    expect(right(await get.execute(storeId, made.id))).to.deep.equal(made);
  });

  it("pages with the store's page length unless page[limit] is given", async () => {
    const { create, list, stores, storeId, clock } = await setup();
    for (let n = 0; n < 3; n += 1) {
      right(await create.execute(storeId, data({ name: `Subscriber ${n}` })));
      clock.advance(1);
    }
    right(await new UpdateStoreSettings(stores).execute(storeId, { type: 'settings', page_length: 2 }));
    const page = right(await list.execute(storeId, queryParams([])));
    expect(page.items.map((s) => s.attributes.name)).to.deep.equal(['Subscriber 2', 'Subscriber 1']);
    expect(page.page).to.deep.include({ limit: 2, offset: 0 });
    expect(right(await list.execute(storeId, queryParams([['page[limit]', '3']]))).items).to.have.length(3);
    expect(await list.execute(storeId, queryParams([['filter', 'eq(account_id,x):eq(colour,blue)']]))).to.satisfy(
      E.isLeft,
    );
  });
});
