import * as E from 'fp-ts/lib/Either.js';
import type { StoreClock } from '../../../application/ports/test-clocks/store-clock.js';
import { TOKENS } from '../../../application/tokens.js';
import { CreateSubscription } from '../../../application/use-cases/subscriptions/create-subscription.js';
import { GetSubscription } from '../../../application/use-cases/subscriptions/get-subscription.js';
import { ListSubscriptionDocuments } from '../../../application/use-cases/subscriptions/list-subscriptions.js';
import { ManageSubscriptionProducts } from '../../../application/use-cases/subscriptions/manage-subscription-products.js';
import { UpdateSubscription } from '../../../application/use-cases/subscriptions/update-subscription.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import { SUBSCRIPTION_LIST } from '../../../domain/subscriptions/subscription-query.js';
import { JsonBytes } from '../documents/json-bytes.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, noContent, withBody, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, principalOf, queryOf, respondWithError, shopperOf } from '../http-state.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent } from '../openapi/operation-builder.js';
import { schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { preferredCurrency } from '../preferred-currency.js';
import { requestDataList } from '../request-body.js';
import { cursorListFrame, listFrame } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { prorationPreviewResource } from './proration-preview-document.js';
import {
  included2025For,
  subscription2025Resource,
  subscriptionPlans2025,
  subscriptionPricingOptions2025,
  writeIncluded2025,
} from './subscription-2025-documents.js';
import { domainQueryOf2025 } from './subscription-2025-query.js';
import { SUBSCRIPTION_2025_SCHEMAS, SUBSCRIPTIONS_2025_EPCC } from './subscription-2025-schemas.js';
import { NOT_FOUND, TAG } from './subscription-schemas.js';
import { writeStoredSubscriptions } from './subscription-stored-document.js';

interface Subscription2025UseCases {
  readonly create: UseCase<CreateSubscription>;
  readonly list: UseCase<ListSubscriptionDocuments>;
  readonly get: UseCase<GetSubscription>;
  readonly update: UseCase<UpdateSubscription>;
  readonly preview: Pick<UpdateSubscription, 'previewProration'>;
  readonly manageProducts: UseCase<ManageSubscriptionProducts>;
  readonly clock: StoreClock;
}

const data = (schema: Schema): Schema => ({ type: 'object', properties: { data: schema } });
const dataList = (schema: Schema): Schema => ({
  type: 'object',
  properties: { data: { type: 'array', items: schema } },
});

const document2025 =
  (clock: StoreClock) =>
  async (
    { subscription, offering }: { readonly subscription: Subscription; readonly offering: Offering },
    ctx: HttpContext,
  ) => ({
    data: subscription2025Resource(subscription, offering, await clock.now(principalOf(ctx).storeId)),
  });

/** A subscription and its snapshot, read with no include: the plan and pricing option reads need nothing else. */
const snapshotOf = (get: UseCase<GetSubscription>, ctx: HttpContext & WithParams) =>
  get.execute(principalOf(ctx).storeId, idParam(ctx), new Map(), shopperOf(ctx));

const copyId = (name: string, what: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description: `The id of a ${what} of the subscription's offering.`,
  schema: { type: 'string' },
});

type WithParams = { readonly params: Readonly<Record<string, string | undefined>> };

const PLAN_MISSING = 'No subscription of this store has this id, or its offering has no plan with this id.';
const OPTION_MISSING = 'No subscription of this store has this id, or its offering has no pricing option with this id.';

/** One of a subscription's 2025 copies by id, or the 404 that says which is missing. */
const oneOf = <A extends { readonly id: string }>(all: readonly A[], id: string | undefined, missing: string) => {
  const found = all.find((item) => item.id === id);
  return found === undefined ? E.left<DomainError, A>(notFound(missing)) : E.right<DomainError, A>(found);
};

const ENDPOINTS: Endpoint<Subscription2025UseCases>[] = [
  {
    method: 'post',
    ...withAndWithoutV2('/subscriptions/subscriptions'),
    generation: '2025',
    spec: {
      operationId: 'CreateSubscription',
      summary: 'Subscribe an account to a plan of an offering with one of its pricing options',
      description: `${SUBSCRIPTIONS_2025_EPCC} \`pricing_option_id\` is the billing rule, \`plan_id\` the one plan the subscription holds. An inline offering, \`offering_external_ref\`, \`first_invoice_paid\`, \`started_at\`, \`order\` and \`override_first_period_end_date\` are not served yet (422 \`not_served_yet\`).`,
      tag: TAG,
      access: 'write',
      post: true,
      requestBody: { description: 'The subscription.', content: jsonContent(data(schemaRef('BuildSubscription2025'))) },
      success: {
        '201': { description: 'The subscription.', content: jsonContent(data(schemaRef('Subscription2025'))) },
      },
      errors: {
        400: "Every invalid field, each with its `source`; a `pricing_option_id` or `plan_id` that is not the offering's, or a currency the pair is not priced in.",
        404: "The offering is not the store's.",
        422: 'A field of the 2025 create that is not served yet.',
        codes: { 422: ['not_served_yet'] },
      },
    },
    handle: ({ create, clock }) =>
      created(
        withData((body, storeId) => create.execute(storeId, body, '2025')),
        document2025(clock),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions'),
    generation: '2025',
    spec: {
      operationId: 'ListSubscriptions',
      summary: 'List subscriptions',
      description: `${SUBSCRIPTIONS_2025_EPCC} Filters and order as on the 2024 wire; \`include\` takes \`plans\` and \`pricing_options\`.`,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      parameters: [
        { $ref: '#/components/parameters/PageOffset' },
        { $ref: '#/components/parameters/PageLimit' },
        { $ref: '#/components/parameters/SubscriptionFilter2025' },
        { $ref: '#/components/parameters/SubscriptionInclude2025' },
      ],
      success: {
        '200': {
          description: 'A page of subscriptions.',
          content: jsonContent(dataList(schemaRef('Subscription2025'))),
        },
      },
      errors: { 400: 'A paging parameter out of range, a filter that does not parse, or an unknown include.' },
    },
    handle:
      ({ list, clock }, { links }) =>
      async (ctx) => {
        const storeId = principalOf(ctx).storeId;
        const query = domainQueryOf2025(queryOf(ctx));
        if (E.isLeft(query)) return respondWithError(ctx, validationFailed(query.left));
        const found = await list.execute(storeId, query.right, shopperOf(ctx));
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        const now = await clock.now(storeId);
        const { offerings, items, include, cursor } = found.right;
        // Put together from the same stored documents as the 2024 list, with this wire's pieces.
        const out = new JsonBytes().text('{"data":[');
        writeStoredSubscriptions(out, items, offerings, now, '2025');
        // `page[after]` walks past the offset limit on this wire too (an extension, as on 2024's).
        const frame =
          cursor === undefined ? listFrame(ctx, links, found.right) : cursorListFrame(ctx, links, found.right, cursor);
        out.text(`],${JSON.stringify(frame).slice(1, -1)}`);
        writeIncluded2025(out, offerings.values(), include, preferredCurrency(ctx));
        ctx.type = 'application/json';
        ctx.body = out.text('}').toBuffer();
      },
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'GetSubscription',
      summary: 'Get a subscription',
      description: SUBSCRIPTIONS_2025_EPCC,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      parameters: [{ $ref: '#/components/parameters/SubscriptionInclude2025' }],
      success: {
        '200': { description: 'The subscription.', content: jsonContent(data(schemaRef('Subscription2025'))) },
      },
      errors: { 400: 'An unknown include.', 404: NOT_FOUND },
    },
    handle: ({ get, clock }) =>
      answer(
        async (storeId, ctx) => {
          const query = domainQueryOf2025(queryOf(ctx));
          return E.isLeft(query)
            ? E.left(validationFailed(query.left))
            : get.execute(storeId, idParam(ctx), query.right, shopperOf(ctx));
        },
        async (found, ctx) => ({
          ...(await document2025(clock)(found, ctx)),
          ...included2025For([found.offering], found.include, preferredCurrency(ctx)),
        }),
      ),
  },
  {
    method: 'put',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'UpdateSubscription',
      summary: 'Update a subscription',
      description: `${SUBSCRIPTIONS_2025_EPCC} \`pricing_option_id\` switches the billing rule (prorated under the offering's proration policy, as any plan switch); \`plan_id\` makes that plan the one the subscription holds; \`address_id\`, \`payment_authority\` and \`go_live_after\` as on the 2024 wire.`,
      tag: TAG,
      access: 'write',
      requestBody: { description: 'The changes.', content: jsonContent(data(schemaRef('SubscriptionUpdate2025'))) },
      success: {
        '200': {
          description: 'The subscription as updated.',
          content: jsonContent(data(schemaRef('Subscription2025'))),
        },
      },
      errors: {
        400: "Every invalid field, each with its `source`; a `pricing_option_id` or `plan_id` that is not of the subscription's offering, or a pair not priced in its currency.",
        403: 'A paused subscription cannot move to a pricing option that does not allow subscribers to resume.',
        404: NOT_FOUND,
        422: 'A canceled or closed subscription keeps its plan and pricing option.',
        codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed'] },
      },
    },
    handle: ({ update, clock }) =>
      answer(
        withData((body, storeId, ctx) => update.execute(storeId, idParam(ctx), body, '2025')),
        document2025(clock),
      ),
  },
  {
    method: 'post',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/proration-preview'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'CreateSubscriptionProrationPreview',
      summary: 'Preview the proration of a plan or pricing option switch',
      description: `${SUBSCRIPTIONS_2025_EPCC} Not a change: the switch is decided as \`UpdateSubscription\` would decide it now, with the same rules and refusals, and nothing is stored. \`would_prorate\` is whether the switch would add a proration; \`rejection_reason\` is \`no_change\` for a switch to what the subscription already has, else null (no proration policy, nothing invoiced yet, a trial). A switch that nets negative carries the credit into the next invoice, so \`would_refund\` and \`refund_amount\` are never given.`,
      tag: TAG,
      access: 'read',
      requestBody: {
        description: 'The switch to preview.',
        content: jsonContent(data(schemaRef('ProrationPreviewRequest2025'))),
      },
      success: {
        '200': {
          description: 'What the switch would do.',
          content: jsonContent(data(schemaRef('ProrationPreview2025'))),
        },
      },
      errors: {
        400: "Every invalid field, each with its `source`; a `pricing_option_id` or `plan_id` that is not of the subscription's offering.",
        403: 'A paused subscription cannot move to a pricing option that does not allow subscribers to resume.',
        404: NOT_FOUND,
        422: 'A canceled or closed subscription keeps its plan and pricing option.',
        codes: { 403: ['plan_not_permitted'], 422: ['state_transition_not_allowed'] },
      },
    },
    handle: ({ preview }) =>
      answer(
        withData((body, storeId, ctx) => preview.previewProration(storeId, idParam(ctx), body)),
        prorationPreviewResource,
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/plans'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListSubscriptionPlans',
      summary: "List a subscription's plans",
      description: `${SUBSCRIPTIONS_2025_EPCC} Every plan of its offering as it was when the subscription was made; \`meta.active_plan\` is true on those it holds.`,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      success: {
        '200': {
          description: "The subscription's plans.",
          content: jsonContent(dataList(schemaRef('SubscriptionPlan2025'))),
        },
      },
      errors: { 404: NOT_FOUND },
    },
    handle: ({ get }) =>
      answer(
        (_storeId, ctx) => snapshotOf(get, ctx),
        ({ subscription, offering }, ctx) => ({
          data: subscriptionPlans2025(subscription, offering, preferredCurrency(ctx)),
        }),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/plans/{plan_id}'),
    generation: '2025',
    pathParameters: [ID_PARAMETER, copyId('plan_id', 'plan')],
    spec: {
      operationId: 'GetSubscriptionPlan',
      summary: "Get one of a subscription's plans",
      description: SUBSCRIPTIONS_2025_EPCC,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      success: { '200': { description: 'The plan.', content: jsonContent(data(schemaRef('SubscriptionPlan2025'))) } },
      errors: { 404: PLAN_MISSING },
    },
    handle: ({ get }) =>
      answer(
        async (_storeId, ctx) =>
          E.flatMap((found: { subscription: Subscription; offering: Offering }) =>
            oneOf(
              subscriptionPlans2025(found.subscription, found.offering, preferredCurrency(ctx)),
              ctx.params['plan_id'],
              PLAN_MISSING,
            ),
          )(await snapshotOf(get, ctx)),
        (plan) => ({ data: plan }),
      ),
  },
  {
    method: 'put',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/plans'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ManageSubscriptionPlans',
      summary: 'Detach plans from a subscription',
      description: `${SUBSCRIPTIONS_2025_EPCC} Each step, in order, \`detach\`es plans the subscription holds; its pricing option must stay priced in its currency for what is left.`,
      tag: TAG,
      access: 'write',
      requestBody: {
        description: 'The changes, applied in order.',
        content: jsonContent(dataList(schemaRef('ManageSubscriptionPlans2025'))),
      },
      success: { '204': { description: 'Changed; no body.' } },
      errors: {
        400: "Every invalid step, each with its `source`; a plan that is not the offering's or one the subscription does not hold.",
        404: NOT_FOUND,
        422: 'A canceled or closed subscription keeps its plans.',
        codes: { 422: ['state_transition_not_allowed'] },
      },
    },
    handle: ({ manageProducts }) =>
      noContent(
        withBody(requestDataList, (changes, storeId, ctx) =>
          manageProducts.execute(storeId, idParam(ctx), changes, '2025'),
        ),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/pricing-options'),
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListSubscriptionPricingOptions',
      summary: "List a subscription's pricing options",
      description: `${SUBSCRIPTIONS_2025_EPCC} Every pricing option of its offering as it was when the subscription was made; \`meta.active_pricing_option\` is true on its own.`,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      success: {
        '200': {
          description: "The subscription's pricing options.",
          content: jsonContent(dataList(schemaRef('SubscriptionPricingOption2025'))),
        },
      },
      errors: { 404: NOT_FOUND },
    },
    handle: ({ get }) =>
      answer(
        (_storeId, ctx) => snapshotOf(get, ctx),
        ({ subscription, offering }, ctx) => ({
          data: subscriptionPricingOptions2025(subscription, offering, preferredCurrency(ctx)),
        }),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/subscriptions/{id}/pricing-options/{pricing_option_id}'),
    generation: '2025',
    pathParameters: [ID_PARAMETER, copyId('pricing_option_id', 'pricing option')],
    spec: {
      operationId: 'GetSubscriptionPricingOption',
      summary: "Get one of a subscription's pricing options",
      description: SUBSCRIPTIONS_2025_EPCC,
      tag: TAG,
      access: 'read',
      shopper: 'read',
      success: {
        '200': {
          description: 'The pricing option.',
          content: jsonContent(data(schemaRef('SubscriptionPricingOption2025'))),
        },
      },
      errors: { 404: OPTION_MISSING },
    },
    handle: ({ get }) =>
      answer(
        async (_storeId, ctx) =>
          E.flatMap((found: { subscription: Subscription; offering: Offering }) =>
            oneOf(
              subscriptionPricingOptions2025(found.subscription, found.offering, preferredCurrency(ctx)),
              ctx.params['pricing_option_id'],
              OPTION_MISSING,
            ),
          )(await snapshotOf(get, ctx)),
        (option) => ({ data: option }),
      ),
  },
];

/**
 * The subscriptions of EPCC's 2025 generation: the same use cases as 2024's, their bodies read and their
 * records rendered in the 2025 names. Each is served only to a store (or path prefix) that speaks 2025.
 */
export const SUBSCRIPTION_2025_ENDPOINTS = concept<Subscription2025UseCases>({
  useCases: ({ use, container }) => ({
    create: use(CreateSubscription),
    list: use(ListSubscriptionDocuments),
    get: use(GetSubscription),
    update: use(UpdateSubscription),
    preview: use(UpdateSubscription),
    manageProducts: use(ManageSubscriptionProducts),
    clock: container.get(TOKENS.StoreClock),
  }),
  schemas: SUBSCRIPTION_2025_SCHEMAS,
  parameters: {
    SubscriptionFilter2025: filterParameter(SUBSCRIPTION_LIST),
    SubscriptionInclude2025: {
      name: 'include',
      in: 'query',
      description: 'Related resources to embed: `plans`, `pricing_options`, or both, comma-separated.',
      schema: { type: 'string' },
    },
  },
  endpoints: ENDPOINTS,
});
