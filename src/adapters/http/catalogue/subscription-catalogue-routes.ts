import type Router from '@koa/router';
import type { SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { SubscriptionProduct } from '../../../domain/catalogue/product.js';
import { planResource, productResource } from './subscription-catalogue-documents.js';
import type { HttpState } from '../http-state.js';
import { CATALOGUE_ACCESS, recordRoutes, type RecordUseCases } from '../routes/record-routes.js';
import type { RouteContext } from '../routes/route-context.js';
import { preferredCurrency } from '../subscriptions/route-prefixes.js';

/** `/subscriptions/products` and `/subscriptions/plans`: the originals offerings are built from, readable by storefronts. */
export const subscriptionCatalogueRoutes = (
  router: Router<HttpState>,
  useCases: {
    readonly products: RecordUseCases<SubscriptionProduct>;
    readonly plans: RecordUseCases<SubscriptionPlan>;
  },
  routes: RouteContext,
): void => {
  recordRoutes(router, routes, '/subscriptions/products', CATALOGUE_ACCESS, useCases.products, (p, ctx) =>
    productResource(p, preferredCurrency(ctx)),
  );
  recordRoutes(router, routes, '/subscriptions/plans', CATALOGUE_ACCESS, useCases.plans, (p) => planResource(p));
};
