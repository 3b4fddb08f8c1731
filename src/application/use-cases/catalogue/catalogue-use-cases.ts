// The use cases of catalogue, by the names the library exports them under: catalogue-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { AssociateOfferingPlans } from './associate-offering-plans.js';
export { AttachOfferingFeatures } from './attach-offering-features.js';
export { AttachOfferingPlans } from './attach-offering-plans.js';
export { AttachOfferingProducts } from './attach-offering-products.js';
export { BuildOffering } from './build-offering.js';
export { CreateOffering } from './create-offering.js';
export { DeleteOffering } from './delete-offering.js';
export { DetachOfferingPlan } from './detach-offering-plan.js';
export { DetachOfferingProduct } from './detach-offering-product.js';
export { GetOffering } from './get-offering.js';
export { GetOfferingFeature, ListOfferingFeatures } from './list-offering-features.js';
export { ListOfferingPlans } from './list-offering-plans.js';
export { ListOfferingProducts } from './list-offering-products.js';
export { ListOfferings } from './list-offerings.js';
export { CreateOfferingFeature } from './make-offering-feature.js';
export { MakeOfferingPlan, MakeOfferingProduct } from './make-offering-items.js';
export { DeleteOfferingFeature } from './remove-offering-feature.js';
export { ReplaceOfferingProducts } from './replace-offering-products.js';
export {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from './subscription-plans.js';
export {
  CreateSubscriptionProduct,
  DeleteSubscriptionProduct,
  GetSubscriptionProduct,
  ListSubscriptionProducts,
  UpdateSubscriptionProduct,
} from './subscription-products.js';
export { UpdateOffering } from './update-offering.js';
export { UpdateOfferingFeature } from './update-offering-feature.js';
export { UpdateOfferingPlan } from './update-offering-plan.js';
export { UpdateOfferingProduct } from './update-offering-product.js';
