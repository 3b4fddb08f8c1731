// The use cases of subscriptions, by the names the library exports them under: subscriptions-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { ChangeSubscriptionState } from './change-subscription-state.js';
export { CreateSubscription } from './create-subscription.js';
export { DeleteSubscription } from './delete-subscription.js';
export { EntitlementsOfSubscribers } from './entitlements-of-subscribers.js';
export { GetSubscription } from './get-subscription.js';
export { GetSubscriptionState } from './get-subscription-state.js';
export { KeepSubscriptionDocuments } from './keep-subscription-documents.js';
export { GetFeatureOfSubscription, ListFeaturesOfSubscription } from './list-features-of-subscription.js';
export { ListPlansOfSubscription } from './list-plans-of-subscription.js';
export { ListProductsOfSubscription } from './list-products-of-subscription.js';
export { ListSubscriptionStates } from './list-subscription-states.js';
export { ListSubscriptionDocuments, ListSubscriptions } from './list-subscriptions.js';
export { ManageSubscriptionProducts } from './manage-subscription-products.js';
export { RunPriceUpdate } from './run-price-update.js';
export {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from './subscribers.js';
export { UpdateSubscription } from './update-subscription.js';
