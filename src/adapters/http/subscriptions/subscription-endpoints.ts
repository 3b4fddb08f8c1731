import * as E from 'fp-ts/lib/Either.js';
import type { StoreClock } from '../../../application/ports/test-clocks/store-clock.js';
import { TOKENS } from '../../../application/tokens.js';
import { ChangeSubscriptionState } from '../../../application/use-cases/subscriptions/change-subscription-state.js';
import { CreateSubscription } from '../../../application/use-cases/subscriptions/create-subscription.js';
import { DeleteSubscription } from '../../../application/use-cases/subscriptions/delete-subscription.js';
import { GetSubscription } from '../../../application/use-cases/subscriptions/get-subscription.js';
import { GetSubscriptionState } from '../../../application/use-cases/subscriptions/get-subscription-state.js';
import { ListPlansOfSubscription } from '../../../application/use-cases/subscriptions/list-plans-of-subscription.js';
import { ListProductsOfSubscription } from '../../../application/use-cases/subscriptions/list-products-of-subscription.js';
import { ListSubscriptionStates } from '../../../application/use-cases/subscriptions/list-subscription-states.js';
import { ListSubscriptionDocuments } from '../../../application/use-cases/subscriptions/list-subscriptions.js';
import { ManageSubscriptionProducts } from '../../../application/use-cases/subscriptions/manage-subscription-products.js';
import { UpdateSubscription } from '../../../application/use-cases/subscriptions/update-subscription.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { SUBSCRIPTION_LIST } from '../../../domain/subscriptions/subscription-query.js';
import { offeringProductResource } from '../catalogue/subscription-catalogue-documents.js';
import { JsonBytes } from '../documents/json-bytes.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withBody, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, principalOf, queryOf, respondWithError, shopperOf } from '../http-state.js';
import {
  cursorListResponseSchema,
  DELETED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { preferredCurrency } from '../preferred-currency.js';
import { requestDataList } from '../request-body.js';
import { cursorListFrame, listDocument, listFrame } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import {
  includedFor,
  stateResource,
  subscriptionPlanResource,
  subscriptionResource,
  writeIncluded,
} from './subscription-documents.js';
import { SUBSCRIPTIONS_EPCC } from './subscription-path.js';
import {
  includedMember,
  NOT_FOUND,
  newSubscription,
  productChanges,
  STATE_ID_PARAMETER,
  SUBSCRIPTION_INCLUDE,
  SUBSCRIPTION_SCHEMAS,
  stateChange,
  subscriptionChanges,
  TAG,
} from './subscription-schemas.js';
import { writeStoredSubscriptions } from './subscription-stored-document.js';

interface SubscriptionUseCases {
  readonly create: UseCase<CreateSubscription>;
  readonly list: UseCase<ListSubscriptionDocuments>;
  readonly get: UseCase<GetSubscription>;
  readonly update: UseCase<UpdateSubscription>;
  readonly remove: UseCase<DeleteSubscription>;
  readonly listPlans: UseCase<ListPlansOfSubscription>;
  readonly listProducts: UseCase<ListProductsOfSubscription>;
  readonly manageProducts: UseCase<ManageSubscriptionProducts>;
  readonly changeState: UseCase<ChangeSubscriptionState>;
  readonly listStates: UseCase<ListSubscriptionStates>;
  readonly getState: UseCase<GetSubscriptionState>;
  /** Dates the derived status (a subscription closes when its end date passes): the store's time, its test clock's when set. */
  readonly clock: StoreClock;
}

/** The document of a subscription as written, dated by the store's clock. */
const subscriptionDocument =
  (clock: StoreClock) =>
  async (
    { subscription, offering }: { readonly subscription: Subscription; readonly offering: Offering },
    ctx: HttpContext,
  ) => ({ data: subscriptionResource(subscription, offering, await clock.now(principalOf(ctx).storeId)) });

/** `/subscriptions/subscriptions`, with a subscription's copies and its state changes. */
export const SUBSCRIPTION_ENDPOINTS = concept<SubscriptionUseCases>({
  useCases: ({ use, container }) => ({
    create: use(CreateSubscription),
    list: use(ListSubscriptionDocuments),
    get: use(GetSubscription),
    update: use(UpdateSubscription),
    remove: use(DeleteSubscription),
    listPlans: use(ListPlansOfSubscription),
    listProducts: use(ListProductsOfSubscription),
    manageProducts: use(ManageSubscriptionProducts),
    changeState: use(ChangeSubscriptionState),
    listStates: use(ListSubscriptionStates),
    getState: use(GetSubscriptionState),
    clock: container.get(TOKENS.StoreClock),
  }),
  schemas: SUBSCRIPTION_SCHEMAS,
  parameters: { SubscriptionFilter: filterParameter(SUBSCRIPTION_LIST), SubscriptionInclude: SUBSCRIPTION_INCLUDE },
  endpoints: [
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/subscriptions'),
      generation: '2024',
      spec: {
        operationId: 'createSubscription',
        summary: 'Subscribe an account to a plan of an offering',
        description: `${SUBSCRIPTIONS_EPCC} The fields sit directly in \`data\`.`,
        tag: TAG,
        access: 'write',
        post: true,
        requestBody: { description: 'The subscription.', content: jsonContent(newSubscription) },
        success: {
          '201': { description: 'The subscription.', content: jsonContent(dataDocument(schemaRef('Subscription'))) },
        },
        errors: {
          400: "Every invalid field, each with its `source`; a `plan_id` that is not one of the offering's plans, or a currency the plan is not priced in.",
          404: "The offering is not the store's.",
        },
      },
      handle: ({ create, clock }) =>
        created(
          withData((data, storeId) => create.execute(storeId, data)),
          subscriptionDocument(clock),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions'),
      generation: '2024',
      spec: {
        operationId: 'listSubscriptions',
        summary: 'List subscriptions',
        description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages. Past the offset limit, \`page[after]\` walks the whole list by cursor (an extension).`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: [
          ...PAGING_PARAMETERS,
          parameterRef('PageAfter'),
          parameterRef('SubscriptionFilter'),
          parameterRef('SubscriptionInclude'),
          parameterRef('Currency'),
        ],
        success: {
          '200': {
            description: 'A page of subscriptions.',
            content: jsonContent(
              cursorListResponseSchema(listResponseSchema(schemaRef('Subscription'), {}, includedMember, ['included'])),
            ),
          },
        },
        errors: {
          400: 'A paging parameter out of range or given twice, `page[offset]` with `page[after]`, a `page[after]` token this list did not make, a filter that does not parse, or an unknown include.',
        },
      },
      handle:
        ({ list, clock }, { links }) =>
        async (ctx) => {
          const found = await list.execute(principalOf(ctx).storeId, queryOf(ctx), shopperOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          const now = await clock.now(principalOf(ctx).storeId);
          const { offerings, items, cursor, include } = found.right;
          // Put together from the subscriptions' stored documents, each offering version's encoded once and copied.
          const out = new JsonBytes().text('{"data":[');
          writeStoredSubscriptions(out, items, offerings, now, '2024');
          const frame =
            cursor === undefined
              ? listFrame(ctx, links, found.right)
              : cursorListFrame(ctx, links, found.right, cursor);
          out.text(`],${JSON.stringify(frame).slice(1, -1)}`);
          writeIncluded(out, offerings.values(), include, preferredCurrency(ctx));
          ctx.type = 'application/json';
          ctx.body = out.text('}').toBuffer();
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getSubscription',
        summary: 'Get a subscription',
        description: SUBSCRIPTIONS_EPCC,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: [parameterRef('SubscriptionInclude'), parameterRef('Currency')],
        success: {
          '200': {
            description: 'The subscription.',
            content: jsonContent(dataDocument(schemaRef('Subscription'), includedMember, ['included'])),
          },
        },
        errors: { 400: 'An unknown include.', 404: NOT_FOUND },
      },
      handle: ({ get, clock }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, idParam(ctx), queryOf(ctx), shopperOf(ctx)),
          async (found, ctx) => ({
            ...(await subscriptionDocument(clock)(found, ctx)),
            ...includedFor([found.offering], found.include, preferredCurrency(ctx)),
          }),
        ),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'updateSubscription',
        summary: 'Update a subscription',
        description: `${SUBSCRIPTIONS_EPCC} A partial update: fields left out keep their values. A plan change moves the subscription to another plan of its own offering snapshot (the snapshot itself never changes); from then on that plan's \`can_*\` flags gate the state actions.`,
        tag: TAG,
        access: 'write',
        requestBody: { description: 'The changes.', content: jsonContent(subscriptionChanges) },
        success: {
          '200': {
            description: 'The subscription as updated.',
            content: jsonContent(dataDocument(schemaRef('Subscription'))),
          },
        },
        errors: {
          400: "Every invalid field, each with its `source`; a `plan_id` that is not one of the subscription's offering plans, or one not priced in its currency.",
          403: 'A paused subscription cannot move to a plan that does not allow subscribers to resume.',
          404: NOT_FOUND,
          422: 'A canceled or closed subscription cannot change its plan; only a pending subscription can change its `go_live_after`.',
          codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed'] },
        },
      },
      handle: ({ update, clock }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data)),
          subscriptionDocument(clock),
        ),
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'deleteSubscription',
        summary: 'Delete a subscription',
        description: `${SUBSCRIPTIONS_EPCC} Its state history goes with it; the offering snapshot it shared with other subscriptions stays. A subscription with invoices is kept (invoices are financial records, as EPCC keeps them): cancel it instead.`,
        tag: TAG,
        access: 'write',
        success: DELETED,
        errors: {
          404: NOT_FOUND,
          409: 'A payment was attempted on one of its invoices (its invoices are deleted with it otherwise).',
          codes: { 409: ['in_use'] },
        },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, idParam(ctx))),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/plans'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listPlansOfSubscription',
        summary: "List a subscription's plans",
        description: `${SUBSCRIPTIONS_EPCC} Every plan of the subscription's offering as it was when the subscription was made, in the order attached, priced from the products the subscription holds; \`meta.active_plan\` is \`true\` on the plan it is on and \`null\` on the others. Paged like every list.`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('Currency')],
        success: {
          '200': {
            description: "A page of the subscription's plans.",
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingPlan'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ listPlans }, { links }) =>
        answer(
          (storeId, ctx) => listPlans.execute(storeId, idParam(ctx), queryOf(ctx), shopperOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (plan) =>
              subscriptionPlanResource(plan, page.subscription, page.products, preferredCurrency(ctx)),
            ),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/products'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listProductsOfSubscription',
        summary: "List a subscription's products",
        description: `${SUBSCRIPTIONS_EPCC} The copies of products the subscription holds, from its offering as it was when the subscription was made, in the order attached. Paged like every list.`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('Currency')],
        success: {
          '200': {
            description: "A page of the subscription's products.",
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingProduct'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ listProducts }, { links }) =>
        answer(
          (storeId, ctx) => listProducts.execute(storeId, idParam(ctx), queryOf(ctx), shopperOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (product) => offeringProductResource(product, preferredCurrency(ctx))),
        ),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/products'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'manageProductsOfSubscription',
        summary: "Change a subscription's products",
        description: `${SUBSCRIPTIONS_EPCC} Each change, in order: \`attach\` adds products of the subscription's offering (as it was when the subscription was made), \`detach\` drops ones it holds, \`replace\` holds exactly those given. The offering snapshot itself never changes; its plans are priced from what the subscription holds.`,
        tag: TAG,
        access: 'write',
        requestBody: { description: 'The changes, applied in order.', content: jsonContent(productChanges) },
        success: { '204': { description: 'Changed; no body.' } },
        errors: {
          400: "Every invalid change, each with its `source`; a product that is not one of the offering's, a detached one the subscription does not hold, or changes that would leave its plan without a price in its currency.",
          404: NOT_FOUND,
          422: 'A canceled or closed subscription keeps its products.',
          codes: { 422: ['state_transition_not_allowed'] },
        },
      },
      handle: ({ manageProducts }) =>
        noContent(
          withBody(requestDataList, (changes, storeId, ctx) => manageProducts.execute(storeId, idParam(ctx), changes)),
        ),
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/states'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'changeSubscriptionState',
        summary: 'Cancel, pause or resume a subscription',
        description: `${SUBSCRIPTIONS_EPCC} Pause keeps \`status\` active and sets \`paused\`; resume clears it; cancel sets \`canceled\` and \`end_date\`, the end of the current billing period, and keeps \`status\` active too: the next billing run due for it sets \`inactive\`; a pending subscription canceled never goes live and is never billed: \`end_date\` at once, \`inactive\` at once, and \`go_live\` or \`resume\` refused after it. \`go_live\` starts a pending subscription now: its billing periods and trial count from then. A subscription closed by dunning (canceled, with an invoice whose retries were spent) can be resumed once none of its invoices is outstanding after a failed payment; it is billed again from then.`,
        tag: TAG,
        access: 'write',
        shopper: 'own-state',
        post: true,
        requestBody: { description: 'The action.', content: jsonContent(stateChange) },
        success: { '204': { description: 'Applied; no body.' } },
        errors: {
          400: 'A missing or wrong `type`, or an unknown action.',
          403: 'The plan does not allow the action (`can_cancel`, `can_pause`, `can_resume`).',
          404: NOT_FOUND,
          422: 'The action does not apply to the subscription as it stands: resuming a running one, pausing a paused one, pausing or resuming a pending one, `go_live` on one that is live, anything after a cancel or once closed (`state_transition_not_allowed`); resuming one closed by dunning while an invoice of it is unpaid (`invoice_unpaid`).',
          codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed', 'invoice_unpaid'] },
        },
      },
      handle: ({ changeState }) =>
        noContent(withData((data, storeId, ctx) => changeState.execute(storeId, idParam(ctx), data, shopperOf(ctx)))),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/states'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listSubscriptionStates',
        summary: "List a subscription's state changes",
        description: `${SUBSCRIPTIONS_EPCC} Newest first, paged like every list, exact totals.`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: PAGING_PARAMETERS,
        success: {
          '200': {
            description: 'A page of state changes.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionState'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ listStates }, { links }) =>
        answer(
          (storeId, ctx) => listStates.execute(storeId, idParam(ctx), queryOf(ctx), shopperOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, stateResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/subscriptions/{id}/states/{state_id}'),
      pathParameters: [ID_PARAMETER, STATE_ID_PARAMETER],
      spec: {
        operationId: 'getSubscriptionState',
        summary: "Get one of a subscription's state changes",
        description: SUBSCRIPTIONS_EPCC,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        success: {
          '200': {
            description: 'The state change.',
            content: jsonContent(dataDocument(schemaRef('SubscriptionState'))),
          },
        },
        errors: {
          404: 'No subscription of this store has this id, or the subscription has no state change with this id.',
        },
      },
      handle: ({ getState }) =>
        answer(
          (storeId, ctx) => getState.execute(storeId, idParam(ctx), ctx.params['state_id'] ?? '', shopperOf(ctx)),
          inData(stateResource),
        ),
    },
  ],
});
