import {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from '../../../application/use-cases/catalogue/subscription-plans.js';
import {
  CreateSubscriptionProduct,
  DeleteSubscriptionProduct,
  GetSubscriptionProduct,
  ListSubscriptionProducts,
  UpdateSubscriptionProduct,
} from '../../../application/use-cases/catalogue/subscription-products.js';
import { CATALOGUE_LIST } from '../../../domain/catalogue/catalogue-query.js';
import type { SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { SubscriptionProduct } from '../../../domain/catalogue/product.js';
import { concept } from '../endpoints/endpoint.js';
import { filterParameter } from '../openapi/shared-components.js';
import { preferredCurrency } from '../preferred-currency.js';
import { type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { planResource, productResource } from './subscription-catalogue-documents.js';
import { PLAN_OPERATIONS, PRODUCT_OPERATIONS } from './subscription-catalogue-operations.js';
import { SUBSCRIPTION_CATALOGUE_SCHEMAS } from './subscription-catalogue-schemas.js';

interface CatalogueUseCases {
  readonly products: RecordUseCases<SubscriptionProduct>;
  readonly plans: RecordUseCases<SubscriptionPlan>;
}

/** `/subscriptions/products` and `/subscriptions/plans`: the originals offerings are built from, readable by storefronts. */
export const SUBSCRIPTION_CATALOGUE_ENDPOINTS = concept<CatalogueUseCases>({
  useCases: ({ use }) => ({
    products: {
      create: use(CreateSubscriptionProduct),
      list: use(ListSubscriptionProducts),
      get: use(GetSubscriptionProduct),
      update: use(UpdateSubscriptionProduct),
      remove: use(DeleteSubscriptionProduct),
    },
    plans: {
      create: use(CreateSubscriptionPlan),
      list: use(ListSubscriptionPlans),
      get: use(GetSubscriptionPlan),
      update: use(UpdateSubscriptionPlan),
      remove: use(DeleteSubscriptionPlan),
    },
  }),
  schemas: SUBSCRIPTION_CATALOGUE_SCHEMAS,
  parameters: { CatalogueFilter: filterParameter(CATALOGUE_LIST) },
  // Originals exist on the 2024 wire only: 2025 makes plans and pricing options inside offerings.
  endpoints: [
    ...recordEndpoints(
      PRODUCT_OPERATIONS,
      (u: CatalogueUseCases) => u.products,
      (p, ctx) => productResource(p, preferredCurrency(ctx)),
    ),
    ...recordEndpoints(
      PLAN_OPERATIONS,
      (u: CatalogueUseCases) => u.plans,
      (p) => planResource(p),
    ),
  ].map((endpoint) => ({ ...endpoint, generation: '2024' as const })),
});
