import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { AttachOfferingPlans } from '../../../application/use-cases/catalogue/attach-offering-plans.js';
import type { AttachOfferingProducts } from '../../../application/use-cases/catalogue/attach-to-offering.js';
import type { DeleteOffering } from '../../../application/use-cases/catalogue/delete-offering.js';
import type { UpdateOffering } from '../../../application/use-cases/catalogue/change-offering.js';
import type { DetachOfferingPlan } from '../../../application/use-cases/catalogue/detach-offering-plan.js';
import type { DetachOfferingProduct } from '../../../application/use-cases/catalogue/detach-from-offering.js';
import type { UpdateOfferingPlan } from '../../../application/use-cases/catalogue/update-offering-plan.js';
import type { UpdateOfferingProduct } from '../../../application/use-cases/catalogue/edit-offering-copy.js';
import type { ReplaceOfferingProducts } from '../../../application/use-cases/catalogue/replace-offering-products.js';
import type { BuildOffering } from '../../../application/use-cases/catalogue/build-offering.js';
import type { CreateOffering } from '../../../application/use-cases/catalogue/create-offering.js';
import type { ListOfferingPlans } from '../../../application/use-cases/catalogue/list-offering-plans.js';
import type { ListOfferingProducts } from '../../../application/use-cases/catalogue/list-offering-copies.js';
import type { GetOffering } from '../../../application/use-cases/catalogue/read-offerings.js';
import type { ListOfferings } from '../../../application/use-cases/catalogue/list-offerings.js';
import { offeringPlanResource, offeringProductResource, offeringResource } from './subscription-catalogue-documents.js';
import { includedFor } from '../subscriptions/subscription-documents.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';
import { bothPrefixes, preferredCurrency } from '../subscriptions/route-prefixes.js';

const COLLECTION = '/subscriptions/offerings';
const ITEM = `${COLLECTION}/:id`;

export interface OfferingUseCases {
  readonly build: UseCase<BuildOffering>;
  readonly create: UseCase<CreateOffering>;
  readonly list: UseCase<ListOfferings>;
  readonly get: UseCase<GetOffering>;
  readonly update: UseCase<UpdateOffering>;
  readonly remove: UseCase<DeleteOffering>;
  readonly attachProducts: UseCase<AttachOfferingProducts>;
  readonly attachPlans: UseCase<AttachOfferingPlans>;
  readonly listProducts: UseCase<ListOfferingProducts>;
  readonly listPlans: UseCase<ListOfferingPlans>;
  readonly detachProduct: UseCase<DetachOfferingProduct>;
  readonly detachPlan: UseCase<DetachOfferingPlan>;
  readonly updateProduct: UseCase<UpdateOfferingProduct>;
  readonly updatePlan: UseCase<UpdateOfferingPlan>;
  readonly replaceProducts: UseCase<ReplaceOfferingProducts>;
}

const copyParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['copyId'] ?? '';

export const subscriptionOfferingRoutes = (
  router: Router<HttpState>,
  offerings: OfferingUseCases,
  { guard, links }: RouteContext,
): void => {
  router
    .post(bothPrefixes(`${COLLECTION}/build`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const built = E.isLeft(data) ? data : await offerings.build.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(built)) return respondWithError(ctx, built.left);
      ctx.status = 201;
      ctx.body = { data: offeringResource(built.right) };
    })
    .post(bothPrefixes(COLLECTION), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await offerings.create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: offeringResource(created.right) };
    })
    .get(bothPrefixes(COLLECTION), guard('catalogue'), async (ctx) => {
      const found = await offerings.list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = {
        ...listDocument(ctx, links, found.right, offeringResource),
        ...includedFor(found.right.items, found.right.include, preferredCurrency(ctx)),
      };
    })
    .get(bothPrefixes(ITEM), guard('catalogue'), async (ctx) => {
      const found = await offerings.get.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const { offering, include } = found.right;
      ctx.body = { data: offeringResource(offering), ...includedFor([offering], include, preferredCurrency(ctx)) };
    })
    .put(bothPrefixes(ITEM), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data)
        ? data
        : await offerings.update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: offeringResource(updated.right) };
    })
    .delete(bothPrefixes(ITEM), guard('edit-catalogue'), async (ctx) => {
      const deleted = await offerings.remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    })
    .post(bothPrefixes(`${ITEM}/products/attach`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const attached = E.isLeft(data)
        ? data
        : await offerings.attachProducts.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(attached)) return respondWithError(ctx, attached.left);
      ctx.body = { data: attached.right.products.map((p) => offeringProductResource(p, preferredCurrency(ctx))) };
    })
    .post(bothPrefixes(`${ITEM}/plans/attach`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const attached = E.isLeft(data)
        ? data
        : await offerings.attachPlans.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(attached)) return respondWithError(ctx, attached.left);
      const { plans, products } = attached.right;
      ctx.body = { data: plans.map((p) => offeringPlanResource(p, products, preferredCurrency(ctx))) };
    })
    .get(bothPrefixes(`${ITEM}/products`), guard('catalogue'), async (ctx) => {
      const found = await offerings.listProducts.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, (p) => offeringProductResource(p, preferredCurrency(ctx)));
    })
    .get(bothPrefixes(`${ITEM}/plans`), guard('catalogue'), async (ctx) => {
      const found = await offerings.listPlans.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const { products } = found.right.offering;
      ctx.body = listDocument(ctx, links, found.right, (p) =>
        offeringPlanResource(p, products, preferredCurrency(ctx)),
      );
    })
    // Before the copy routes, which would read `replace` as a copy's id.
    .put(bothPrefixes(`${ITEM}/products/replace`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const replaced = E.isLeft(data)
        ? data
        : await offerings.replaceProducts.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(replaced)) return respondWithError(ctx, replaced.left);
      ctx.body = { data: replaced.right.products.map((p) => offeringProductResource(p, preferredCurrency(ctx))) };
    })
    .put(bothPrefixes(`${ITEM}/products/:copyId`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data)
        ? data
        : await offerings.updateProduct.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: offeringProductResource(updated.right.copy, preferredCurrency(ctx)) };
    })
    .put(bothPrefixes(`${ITEM}/plans/:copyId`), guard('edit-catalogue'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data)
        ? data
        : await offerings.updatePlan.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = {
        data: offeringPlanResource(updated.right.copy, updated.right.offering.products, preferredCurrency(ctx)),
      };
    })
    .delete(bothPrefixes(`${ITEM}/products/:copyId`), guard('edit-catalogue'), async (ctx) => {
      const detached = await offerings.detachProduct.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx));
      if (E.isLeft(detached)) return respondWithError(ctx, detached.left);
      ctx.status = 204;
    })
    .delete(bothPrefixes(`${ITEM}/plans/:copyId`), guard('edit-catalogue'), async (ctx) => {
      const detached = await offerings.detachPlan.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx));
      if (E.isLeft(detached)) return respondWithError(ctx, detached.left);
      ctx.status = 204;
    });
};
