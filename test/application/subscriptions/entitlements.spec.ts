import { expect } from 'chai';
import { storedSubscriptionDocuments } from '../../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { InMemoryOfferingRepository } from '../../../src/adapters/persistence/in-memory/catalogue/in-memory-offering-repository.js';
import { InMemorySubscriptionRepository } from '../../../src/adapters/persistence/in-memory/subscriptions/in-memory-subscription-repository.js';
import { EntitlementsOfSubscribers } from '../../../src/application/use-cases/subscriptions/entitlements-of-subscribers.js';
import { everyStoreOn } from '../../../src/application/use-cases/test-clocks/store-time.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import { parseUuid } from '../../../src/domain/shared/uuid.js';
import { aFeatureCopy, withFeatures } from '../../support/featured-offerings.js';
import { anOffering, aPlan, aProduct, aSubscriber } from '../../support/subscription-builders.js';
import { right, subscriptionCore, subscriptionData } from '../../support/subscription-core.js';

const ACCOUNT = parseUuid('0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60')!;

/** The subscriber's entitlements from the use cases on in-memory storage, on the store's clock. */
describe('entitlements of subscribers (use cases)', () => {
  const setup = async () => {
    const core = await subscriptionCore();
    const library = aFeatureCopy({ type: 'access', tag: 'library' });
    const seats = aFeatureCopy({ type: 'usage', tag: 'seats', label: 'Seats', default_value: 1 });
    // Made inside the offering, as the 2025 build makes them: copies of no original.
    const made = anOffering(
      core.storeId,
      [aProduct(core.storeId)],
      [aPlan(core.storeId, { end_behavior: 'close', plan_length: 1 })],
    );
    const offering = withFeatures(
      {
        ...made,
        products: made.products.map(({ originId: _, ...p }) => p),
        plans: made.plans.map(({ originId: _, ...p }) => p),
      },
      [library, seats],
      [{ [library.id]: { type: 'access' }, [seats.id]: { type: 'usage', default_value: 4 } }],
    );
    await new InMemoryOfferingRepository(core.state).insert(offering, NO_EVENTS);
    const entitlements = new EntitlementsOfSubscribers(
      new InMemorySubscriptionRepository(core.state, core.ids, storedSubscriptionDocuments),
      everyStoreOn(core.clock),
    );
    const subscribe = async (account = ACCOUNT) =>
      right(
        await core.subscriptions.create(
          core.storeId,
          subscriptionData(offering.id, offering.plans[0]!.id, { account_id: account }),
        ),
      );
    return { ...core, entitlements, subscribe };
  };

  it("grants each subscriber what its account's subscriptions grant, with the usage allowance its plan sets", async () => {
    const { storeId, entitlements, subscribe } = await setup();
    const [ada, grace] = [aSubscriber(storeId, { account_id: ACCOUNT }), aSubscriber(storeId)];
    expect(await entitlements.execute(storeId, [ada, grace])).to.deep.equal([
      { subscriber: ada, entitlements: { tags: [], usage: {} } },
      { subscriber: grace, entitlements: { tags: [], usage: {} } },
    ]);
    await subscribe();
    expect(await entitlements.execute(storeId, [ada, grace])).to.deep.equal([
      { subscriber: ada, entitlements: { tags: ['library', 'seats'], usage: { seats: 4 } } },
      { subscriber: grace, entitlements: { tags: [], usage: {} } },
    ]);
  });

  it("ends with the subscription, on the store's clock, with no write: a closing plan's length run out", async () => {
    const { storeId, entitlements, subscribe, clock } = await setup();
    const ada = aSubscriber(storeId, { account_id: ACCOUNT });
    await subscribe();
    clock.advance(27 * 24 * 3600_000);
    expect((await entitlements.execute(storeId, [ada]))[0]?.entitlements.tags).to.deep.equal(['library', 'seats']);
    clock.advance(5 * 24 * 3600_000);
    expect((await entitlements.execute(storeId, [ada]))[0]?.entitlements.tags).to.deep.equal([]);
  });

  it('reads nothing for no subscribers, and keeps them in the order given', async () => {
    const { storeId, entitlements } = await setup();
    expect(await entitlements.execute(storeId, [])).to.deep.equal([]);
    const many = [aSubscriber(storeId), aSubscriber(storeId), aSubscriber(storeId)];
    expect((await entitlements.execute(storeId, many)).map((e) => e.subscriber)).to.deep.equal(many);
  });
});
