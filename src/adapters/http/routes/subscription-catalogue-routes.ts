import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import type { CatalogueService } from '../../../application/use-cases/subscriptions/catalogue-service.js';
import { SubscriptionPlans } from '../../../application/use-cases/subscriptions/subscription-plans.js';
import { SubscriptionProducts } from '../../../application/use-cases/subscriptions/subscription-products.js';
import { queryParams } from '../../../domain/query/query-params.js';
import type { SubscriptionPlan } from '../../../domain/subscription/plan.js';
import type { SubscriptionProduct } from '../../../domain/subscription/product.js';
import { planResource, productResource } from '../documents/subscription-catalogue-documents.js';
import { principalOf, respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from './list-response.js';
import type { RouteContext } from './route-context.js';
import { bothPrefixes, preferredCurrency } from './subscription-paths.js';

const catalogueRoutes = <A extends SubscriptionProduct | SubscriptionPlan>(
  router: Router<HttpState>,
  { guard, baseUrl }: RouteContext,
  collection: string,
  service: CatalogueService<A>,
  resource: (item: A, ctx: HttpContext) => unknown,
): void => {
  const item = `${collection}/:id`;
  router
    .post(bothPrefixes(collection), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await service.create(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: resource(created.right, ctx) };
    })
    .get(bothPrefixes(collection), guard('read'), async (ctx) => {
      const found = await service.list(principalOf(ctx).storeId, queryParams(new URLSearchParams(ctx.querystring)));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, baseUrl, found.right, (record) => resource(record, ctx));
    })
    .get(bothPrefixes(item), guard('read'), async (ctx) => {
      const found = await service.get(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: resource(found.right, ctx) };
    })
    .put(bothPrefixes(item), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await service.update(principalOf(ctx).storeId, ctx.params['id'] ?? '', data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: resource(updated.right, ctx) };
    })
    .delete(bothPrefixes(item), guard('write'), async (ctx) => {
      const deleted = await service.delete(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    });
};

/** `/subscriptions/products` and `/subscriptions/plans`: the originals offerings are built from. */
export const subscriptionCatalogueRoutes = (router: Router<HttpState>, container: Container, routes: RouteContext): void => {
  catalogueRoutes(router, routes, '/subscriptions/products', container.get(SubscriptionProducts), (p, ctx) => productResource(p, preferredCurrency(ctx)));
  catalogueRoutes(router, routes, '/subscriptions/plans', container.get(SubscriptionPlans), (p) => planResource(p));
};
