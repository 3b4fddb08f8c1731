import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { StoreClock } from '../../../application/ports/test-clocks/store-clock.js';
import type { CreateSubscription } from '../../../application/use-cases/subscriptions/create-subscription.js';
import type { DeleteSubscription } from '../../../application/use-cases/subscriptions/delete-subscription.js';
import type { UpdateSubscription } from '../../../application/use-cases/subscriptions/update-subscription.js';
import type { ManageSubscriptionProducts } from '../../../application/use-cases/subscriptions/manage-subscription-products.js';
import type { ListPlansOfSubscription } from '../../../application/use-cases/subscriptions/list-subscription-copies.js';
import type { ListProductsOfSubscription } from '../../../application/use-cases/subscriptions/list-products-of-subscription.js';
import type { GetSubscription } from '../../../application/use-cases/subscriptions/read-subscriptions.js';
import type { ListSubscriptions } from '../../../application/use-cases/subscriptions/list-subscriptions.js';
import type { ChangeSubscriptionState } from '../../../application/use-cases/subscriptions/subscription-states.js';
import type { GetSubscriptionState } from '../../../application/use-cases/subscriptions/get-subscription-state.js';
import type { ListSubscriptionStates } from '../../../application/use-cases/subscriptions/list-subscription-states.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { JsonBytes } from '../documents/json-bytes.js';
import { offeringProductResource } from '../catalogue/subscription-catalogue-documents.js';
import {
  includedFor,
  stateResource,
  subscriptionPlanResource,
  subscriptionResource,
  writeIncluded,
  writeSubscriptionResource,
} from './subscription-documents.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData, requestDataList } from '../request-body.js';
import { cursorListFrame, listDocument, listFrame } from '../routes/list-response.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';
import { bothPrefixes, preferredCurrency } from './route-prefixes.js';

const COLLECTION = '/subscriptions/subscriptions';
const ITEM = `${COLLECTION}/:id`;

export interface SubscriptionUseCases {
  readonly create: UseCase<CreateSubscription>;
  readonly list: UseCase<ListSubscriptions>;
  readonly get: UseCase<GetSubscription>;
  readonly update: UseCase<UpdateSubscription>;
  readonly remove: UseCase<DeleteSubscription>;
  readonly listPlans: UseCase<ListPlansOfSubscription>;
  readonly listProducts: UseCase<ListProductsOfSubscription>;
  readonly manageProducts: UseCase<ManageSubscriptionProducts>;
  readonly changeState: UseCase<ChangeSubscriptionState>;
  readonly listStates: UseCase<ListSubscriptionStates>;
  readonly getState: UseCase<GetSubscriptionState>;
}

/** `clock` dates the derived status (a subscription closes when its end date passes): the store's time, its test clock's when set. */
export const subscriptionRoutes = (
  router: Router<HttpState>,
  subscriptions: SubscriptionUseCases,
  clock: StoreClock,
  { guard, links }: RouteContext,
): void => {
  router
    .post(bothPrefixes(COLLECTION), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await subscriptions.create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = {
        data: subscriptionResource(
          created.right.subscription,
          created.right.offering,
          await clock.now(principalOf(ctx).storeId),
        ),
      };
    })
    .get(bothPrefixes(COLLECTION), guard('read'), async (ctx) => {
      const found = await subscriptions.list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const now = await clock.now(principalOf(ctx).storeId);
      const { offerings, items, cursor, include } = found.right;
      // Written straight to bytes, each offering version's documents encoded once and copied into every page.
      const out = new JsonBytes().text('{"data":[');
      items.forEach((subscription: Subscription, i) => {
        const offering = offerings.get(subscription.offeringVersionId);
        if (offering === undefined)
          throw new Error(`offering version ${subscription.offeringVersionId} was not loaded`);
        if (i > 0) out.text(',');
        writeSubscriptionResource(out, subscription, offering, now);
      });
      const frame =
        cursor === undefined ? listFrame(ctx, links, found.right) : cursorListFrame(ctx, links, found.right, cursor);
      out.text(`],${JSON.stringify(frame).slice(1, -1)}`);
      writeIncluded(out, offerings.values(), include, preferredCurrency(ctx));
      ctx.type = 'application/json';
      ctx.body = out.text('}').toBuffer();
    })
    .get(bothPrefixes(ITEM), guard('read'), async (ctx) => {
      const found = await subscriptions.get.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const { subscription, offering, include } = found.right;
      ctx.body = {
        data: subscriptionResource(subscription, offering, await clock.now(principalOf(ctx).storeId)),
        ...includedFor([offering], include, preferredCurrency(ctx)),
      };
    })
    .put(bothPrefixes(ITEM), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data)
        ? data
        : await subscriptions.update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = {
        data: subscriptionResource(
          updated.right.subscription,
          updated.right.offering,
          await clock.now(principalOf(ctx).storeId),
        ),
      };
    })
    .delete(bothPrefixes(ITEM), guard('write'), async (ctx) => {
      const deleted = await subscriptions.remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    })
    .get(bothPrefixes(`${ITEM}/plans`), guard('read'), async (ctx) => {
      const found = await subscriptions.listPlans.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const { subscription, products } = found.right;
      ctx.body = listDocument(ctx, links, found.right, (plan) =>
        subscriptionPlanResource(plan, subscription, products, preferredCurrency(ctx)),
      );
    })
    .get(bothPrefixes(`${ITEM}/products`), guard('read'), async (ctx) => {
      const found = await subscriptions.listProducts.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, (product) =>
        offeringProductResource(product, preferredCurrency(ctx)),
      );
    })
    .put(bothPrefixes(`${ITEM}/products`), guard('write'), async (ctx) => {
      const data = requestDataList(ctx);
      const managed = E.isLeft(data)
        ? data
        : await subscriptions.manageProducts.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(managed)) return respondWithError(ctx, managed.left);
      ctx.status = 204;
    })
    .post(bothPrefixes(`${ITEM}/states`), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const changed = E.isLeft(data)
        ? data
        : await subscriptions.changeState.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(changed)) return respondWithError(ctx, changed.left);
      ctx.status = 204;
    })
    .get(bothPrefixes(`${ITEM}/states`), guard('read'), async (ctx) => {
      const states = await subscriptions.listStates.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(states)) return respondWithError(ctx, states.left);
      ctx.body = listDocument(ctx, links, states.right, stateResource);
    })
    .get(bothPrefixes(`${ITEM}/states/:state_id`), guard('read'), async (ctx) => {
      const state = await subscriptions.getState.execute(
        principalOf(ctx).storeId,
        idParam(ctx),
        ctx.params['state_id'] ?? '',
      );
      if (E.isLeft(state)) return respondWithError(ctx, state.left);
      ctx.body = { data: stateResource(state.right) };
    });
};
