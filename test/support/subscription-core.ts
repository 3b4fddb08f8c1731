import * as E from 'fp-ts/lib/Either.js';
import { CreateStore } from '../../src/application/use-cases/create-store.js';
import { SubscriptionOfferings } from '../../src/application/use-cases/subscriptions/subscription-offerings.js';
import { SubscriptionPlans } from '../../src/application/use-cases/subscriptions/subscription-plans.js';
import { SubscriptionProducts } from '../../src/application/use-cases/subscriptions/subscription-products.js';
import { Subscriptions } from '../../src/application/use-cases/subscriptions/subscriptions.js';
import { inMemoryCore } from './in-memory-core.js';
import { PLAN_ATTRIBUTES } from './subscription-builders.js';
import { InMemoryOfferingRepository } from '../../src/adapters/persistence/in-memory/in-memory-offering-repository.js';
import { InMemoryPlanRepository, InMemoryProductRepository } from '../../src/adapters/persistence/in-memory/in-memory-catalogue-repository.js';
import { InMemorySubscriptionRepository } from '../../src/adapters/persistence/in-memory/in-memory-subscription-repository.js';

export const right = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(`expected a Right, got ${JSON.stringify(result.left)}`);
  return result.right;
};

/** The subscription use cases over in-memory storage, with one store and a stoppable clock. */
export const subscriptionCore = async () => {
  const core = inMemoryCore();
  const productRepo = new InMemoryProductRepository(core.state);
  const planRepo = new InMemoryPlanRepository(core.state);
  const offeringRepo = new InMemoryOfferingRepository(core.state);
  const subscriptionRepo = new InMemorySubscriptionRepository(core.state);
  const store = right(await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('Shop')).store;
  return {
    ...core,
    storeId: store.id,
    products: new SubscriptionProducts(productRepo, core.stores, core.clock, core.ids),
    plans: new SubscriptionPlans(planRepo, core.stores, core.clock, core.ids),
    offerings: new SubscriptionOfferings(offeringRepo, productRepo, planRepo, core.stores, core.clock, core.ids),
    subscriptions: new Subscriptions(subscriptionRepo, offeringRepo, core.stores, core.clock, core.ids),
  };
};

export const productData = (attributes: Record<string, unknown> = {}) => ({
  type: 'subscription_product',
  attributes: { name: 'Coffee beans', price: { USD: { amount: 1000 }, EUR: { amount: 900 } }, ...attributes },
});

export const planData = (attributes: Record<string, unknown> = {}) => ({
  type: 'subscription_plan',
  attributes: { ...PLAN_ATTRIBUTES, ...attributes },
});

export const subscriptionData = (offeringId: string, planId: string, fields: Record<string, unknown> = {}) => ({
  account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
  offering_id: offeringId,
  plan_id: planId,
  currency: 'USD',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  payment_authority: { type: 'platform_payments_processor' },
  ...fields,
});
