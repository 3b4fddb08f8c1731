import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { SubscriptionOfferings } from '../../../application/use-cases/subscriptions/subscription-offerings.js';
import { queryParams } from '../../../domain/query/query-params.js';
import { offeringPlanResource, offeringProductResource, offeringResource } from '../documents/subscription-catalogue-documents.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from './list-response.js';
import type { RouteContext } from './route-context.js';
import { bothPrefixes, preferredCurrency } from './subscription-paths.js';

const COLLECTION = '/subscriptions/offerings';
const ITEM = `${COLLECTION}/:id`;

export const subscriptionOfferingRoutes = (router: Router<HttpState>, container: Container, { guard, baseUrl }: RouteContext): void => {
  const offerings = container.get(SubscriptionOfferings);
  const query = (querystring: string) => queryParams(new URLSearchParams(querystring));

  router
    .post(bothPrefixes(`${COLLECTION}/build`), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const built = E.isLeft(data) ? data : await offerings.build(principalOf(ctx).storeId, data.right);
      if (E.isLeft(built)) return respondWithError(ctx, built.left);
      ctx.status = 201;
      ctx.body = { data: offeringResource(built.right) };
    })
    .post(bothPrefixes(COLLECTION), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await offerings.create(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: offeringResource(created.right) };
    })
    .get(bothPrefixes(COLLECTION), guard('read'), async (ctx) => {
      const found = await offerings.list(principalOf(ctx).storeId, query(ctx.querystring));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, baseUrl, found.right, offeringResource);
    })
    .get(bothPrefixes(ITEM), guard('read'), async (ctx) => {
      const found = await offerings.get(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: offeringResource(found.right) };
    })
    .put(bothPrefixes(ITEM), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await offerings.update(principalOf(ctx).storeId, ctx.params['id'] ?? '', data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: offeringResource(updated.right) };
    })
    .delete(bothPrefixes(ITEM), guard('write'), async (ctx) => {
      const deleted = await offerings.delete(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    })
    .post(bothPrefixes(`${ITEM}/products/attach`), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const storeId = principalOf(ctx).storeId;
      const attached = E.isLeft(data) ? data : await offerings.attachProducts(storeId, ctx.params['id'] ?? '', data.right);
      if (E.isLeft(attached)) return respondWithError(ctx, attached.left);
      ctx.body = { data: attached.right.map((p) => offeringProductResource(p, preferredCurrency(ctx))) };
    })
    .post(bothPrefixes(`${ITEM}/plans/attach`), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const storeId = principalOf(ctx).storeId;
      const id = ctx.params['id'] ?? '';
      const attached = E.isLeft(data) ? data : await offerings.attachPlans(storeId, id, data.right);
      if (E.isLeft(attached)) return respondWithError(ctx, attached.left);
      const offering = await offerings.get(storeId, id);
      const products = E.isRight(offering) ? offering.right.products : [];
      ctx.body = { data: attached.right.map((p) => offeringPlanResource(p, products, preferredCurrency(ctx))) };
    })
    .get(bothPrefixes(`${ITEM}/products`), guard('read'), async (ctx) => {
      const found = await offerings.listProducts(principalOf(ctx).storeId, ctx.params['id'] ?? '', query(ctx.querystring));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, baseUrl, found.right, (p) => offeringProductResource(p, preferredCurrency(ctx)));
    })
    .get(bothPrefixes(`${ITEM}/plans`), guard('read'), async (ctx) => {
      const storeId = principalOf(ctx).storeId;
      const id = ctx.params['id'] ?? '';
      const [found, offering] = await Promise.all([offerings.listPlans(storeId, id, query(ctx.querystring)), offerings.get(storeId, id)]);
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const products = E.isRight(offering) ? offering.right.products : [];
      ctx.body = listDocument(ctx, baseUrl, found.right, (p) => offeringPlanResource(p, products, preferredCurrency(ctx)));
    });
};
