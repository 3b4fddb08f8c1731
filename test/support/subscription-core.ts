import * as E from 'fp-ts/lib/Either.js';
import { storedSubscriptionDocuments } from '../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { InMemoryOfferingProrationRepository } from '../../src/adapters/persistence/in-memory/billing/in-memory-offering-proration-repository.js';
import { InMemoryPaymentRunStore } from '../../src/adapters/persistence/in-memory/billing/in-memory-payment-run-store.js';
import { usedByAnOffering } from '../../src/adapters/persistence/in-memory/billing/offering-proration-policies.js';
import { InMemoryCatalogueRepository } from '../../src/adapters/persistence/in-memory/catalogue/in-memory-catalogue-repository.js';
import { InMemoryOfferingRepository } from '../../src/adapters/persistence/in-memory/catalogue/in-memory-offering-repository.js';
import { InMemoryStoreRecordRepository } from '../../src/adapters/persistence/in-memory/in-memory-store-record-repository.js';
import { InMemorySubscriptionRepository } from '../../src/adapters/persistence/in-memory/subscriptions/in-memory-subscription-repository.js';
import { AttachOfferingPlans } from '../../src/application/use-cases/catalogue/attach-offering-plans.js';
import { AttachOfferingProducts } from '../../src/application/use-cases/catalogue/attach-offering-products.js';
import { BuildOffering } from '../../src/application/use-cases/catalogue/build-offering.js';
import { CreateOffering } from '../../src/application/use-cases/catalogue/create-offering.js';
import { DeleteOffering } from '../../src/application/use-cases/catalogue/delete-offering.js';
import { DetachOfferingPlan } from '../../src/application/use-cases/catalogue/detach-offering-plan.js';
import { DetachOfferingProduct } from '../../src/application/use-cases/catalogue/detach-offering-product.js';
import { GetOffering, type OfferingWithIncludes } from '../../src/application/use-cases/catalogue/get-offering.js';
import { ListOfferingPlans } from '../../src/application/use-cases/catalogue/list-offering-plans.js';
import { ListOfferingProducts } from '../../src/application/use-cases/catalogue/list-offering-products.js';
import { ListOfferings } from '../../src/application/use-cases/catalogue/list-offerings.js';
import { ReplaceOfferingProducts } from '../../src/application/use-cases/catalogue/replace-offering-products.js';
import {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from '../../src/application/use-cases/catalogue/subscription-plans.js';
import {
  CreateSubscriptionProduct,
  DeleteSubscriptionProduct,
  GetSubscriptionProduct,
  ListSubscriptionProducts,
  UpdateSubscriptionProduct,
} from '../../src/application/use-cases/catalogue/subscription-products.js';
import { UpdateOffering } from '../../src/application/use-cases/catalogue/update-offering.js';
import { UpdateOfferingPlan } from '../../src/application/use-cases/catalogue/update-offering-plan.js';
import { UpdateOfferingProduct } from '../../src/application/use-cases/catalogue/update-offering-product.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { ChangeSubscriptionState } from '../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../src/application/use-cases/subscriptions/create-subscription.js';
import { DeleteSubscription } from '../../src/application/use-cases/subscriptions/delete-subscription.js';
import { GetSubscription } from '../../src/application/use-cases/subscriptions/get-subscription.js';
import { GetSubscriptionState } from '../../src/application/use-cases/subscriptions/get-subscription-state.js';
import { ListPlansOfSubscription } from '../../src/application/use-cases/subscriptions/list-plans-of-subscription.js';
import { ListProductsOfSubscription } from '../../src/application/use-cases/subscriptions/list-products-of-subscription.js';
import { ListSubscriptionStates } from '../../src/application/use-cases/subscriptions/list-subscription-states.js';
import { ListSubscriptions } from '../../src/application/use-cases/subscriptions/list-subscriptions.js';
import { ManageSubscriptionProducts } from '../../src/application/use-cases/subscriptions/manage-subscription-products.js';
import { UpdateSubscription } from '../../src/application/use-cases/subscriptions/update-subscription.js';
import { everyStoreOn } from '../../src/application/use-cases/test-clocks/store-time.js';
import { PRORATION_POLICIES } from '../../src/domain/billing/proration/proration-policy.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { inMemoryCore } from './in-memory-core.js';
import { PLAN_ATTRIBUTES } from './subscription-builders.js';

export const right = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(`expected a Right, got ${JSON.stringify(result.left)}`);
  return result.right;
};

/** A use case's `execute`, bound, so that tests read `offerings.build(...)`. */
const run =
  <Args extends unknown[], R>(useCase: { execute(...args: Args): R }) =>
  (...args: Args): R =>
    useCase.execute(...args);

/**
 * The subscription use cases over in-memory storage, with one store and a stoppable clock, grouped by
 * resource for readable tests; each is built with `new` and exactly the ports it declares.
 */
export const subscriptionCore = async () => {
  const core = inMemoryCore();
  const { state, stores, clock, ids } = core;
  const productRepo = new InMemoryCatalogueRepository(state.products, state.offerings, (o) => o.products);
  const planRepo = new InMemoryCatalogueRepository(state.plans, state.offerings, (o) => o.plans);
  const offeringRepo = new InMemoryOfferingRepository(state);
  const subscriptionRepo = new InMemorySubscriptionRepository(state, ids, storedSubscriptionDocuments);
  const store = right(await new CreateStore(stores, clock, ids, core.secrets).execute('Shop')).store;
  return {
    ...core,
    storeId: store.id,
    products: {
      create: run(new CreateSubscriptionProduct(productRepo, clock, ids)),
      get: run(new GetSubscriptionProduct(productRepo)),
      list: run(new ListSubscriptionProducts(productRepo, stores)),
      update: run(new UpdateSubscriptionProduct(productRepo, clock)),
      delete: run(new DeleteSubscriptionProduct(productRepo)),
    },
    plans: {
      create: run(new CreateSubscriptionPlan(planRepo, clock, ids)),
      get: run(new GetSubscriptionPlan(planRepo)),
      list: run(new ListSubscriptionPlans(planRepo, stores)),
      update: run(new UpdateSubscriptionPlan(planRepo, clock)),
      delete: run(new DeleteSubscriptionPlan(planRepo)),
    },
    offerings: {
      create: run(new CreateOffering(offeringRepo, productRepo, planRepo, clock, ids)),
      build: run(new BuildOffering(offeringRepo, productRepo, planRepo, clock, ids)),
      get: async (storeId: Uuid, id: string) =>
        E.map((found: OfferingWithIncludes) => found.offering)(
          await new GetOffering(offeringRepo).execute(storeId, id),
        ),
      getWithIncludes: run(new GetOffering(offeringRepo)),
      list: run(new ListOfferings(offeringRepo, stores)),
      update: run(new UpdateOffering(offeringRepo, clock)),
      delete: run(new DeleteOffering(offeringRepo)),
      attachProducts: run(new AttachOfferingProducts(offeringRepo, productRepo, clock, ids)),
      attachPlans: run(new AttachOfferingPlans(offeringRepo, planRepo, clock, ids)),
      listProducts: run(new ListOfferingProducts(offeringRepo, stores)),
      listPlans: run(new ListOfferingPlans(offeringRepo, stores)),
      detachProduct: run(new DetachOfferingProduct(offeringRepo, clock)),
      detachPlan: run(new DetachOfferingPlan(offeringRepo, clock)),
      updateProduct: run(new UpdateOfferingProduct(offeringRepo, clock)),
      updatePlan: run(new UpdateOfferingPlan(offeringRepo, clock)),
      replaceProducts: run(new ReplaceOfferingProducts(offeringRepo, productRepo, clock, ids)),
    },
    subscriptions: {
      create: run(new CreateSubscription(subscriptionRepo, offeringRepo, everyStoreOn(clock), ids)),
      get: run(new GetSubscription(subscriptionRepo)),
      update: run(
        new UpdateSubscription(
          subscriptionRepo,
          clock,
          everyStoreOn(clock),
          new InMemoryOfferingProrationRepository(state),
          new InMemoryStoreRecordRepository(state.prorationPolicies, PRORATION_POLICIES, (id) =>
            usedByAnOffering(state, id),
          ),
        ),
      ),
      manageProducts: run(new ManageSubscriptionProducts(subscriptionRepo, clock, everyStoreOn(clock))),
      delete: run(new DeleteSubscription(subscriptionRepo)),
      listPlans: run(new ListPlansOfSubscription(subscriptionRepo, stores)),
      listProducts: run(new ListProductsOfSubscription(subscriptionRepo, stores)),
      list: run(new ListSubscriptions(subscriptionRepo, stores)),
      changeState: run(
        new ChangeSubscriptionState(
          subscriptionRepo,
          clock,
          ids,
          everyStoreOn(clock),
          new InMemoryPaymentRunStore(state),
        ),
      ),
      listStates: run(new ListSubscriptionStates(subscriptionRepo, stores)),
      getState: run(new GetSubscriptionState(subscriptionRepo)),
    },
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
