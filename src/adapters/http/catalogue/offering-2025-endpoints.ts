import * as E from 'fp-ts/lib/Either.js';
import { BuildOffering } from '../../../application/use-cases/catalogue/build-offering.js';
import { CreateOffering } from '../../../application/use-cases/catalogue/create-offering.js';
import { DetachOfferingPlan } from '../../../application/use-cases/catalogue/detach-offering-plan.js';
import { DetachOfferingProduct } from '../../../application/use-cases/catalogue/detach-offering-product.js';
import { GetOffering } from '../../../application/use-cases/catalogue/get-offering.js';
import { ListOfferingPlans } from '../../../application/use-cases/catalogue/list-offering-plans.js';
import { ListOfferingProducts } from '../../../application/use-cases/catalogue/list-offering-products.js';
import { ListOfferings } from '../../../application/use-cases/catalogue/list-offerings.js';
import { MakeOfferingPlan, MakeOfferingProduct } from '../../../application/use-cases/catalogue/make-offering-items.js';
import { UpdateOffering } from '../../../application/use-cases/catalogue/update-offering.js';
import { UpdateOfferingPlan } from '../../../application/use-cases/catalogue/update-offering-plan.js';
import { UpdateOfferingProduct } from '../../../application/use-cases/catalogue/update-offering-product.js';
import type { Offering, OfferingItem } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_NOT_FOUND } from '../../../domain/catalogue/offering-copy-input.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, queryOf } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
import {
  DELETED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { preferredCurrency } from '../preferred-currency.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import {
  offering2025Resource,
  offeringPlan2025Resource,
  offeringPricingOption2025Resource,
} from './offering-2025-documents.js';
import { offeringIncluded2025 } from './offering-2025-included.js';
import {
  buildOffering2025,
  createOffering2025,
  included2025Member,
  item2025Request,
  NOT_SERVED,
  OFFERING_2025_SCHEMAS,
  OFFERING_FILTER_2025,
  OFFERING_INCLUDE_2025,
  OFFERINGS_2025_EPCC,
  offering2025,
  offering2025Document,
  updateOffering2025,
} from './offering-2025-schemas.js';
import { currencyParameters, INVALID, NOT_FOUND, TAG } from './subscription-offering-schemas.js';

interface Offering2025UseCases {
  readonly build: UseCase<BuildOffering>;
  readonly create: UseCase<CreateOffering>;
  readonly list: UseCase<ListOfferings>;
  readonly get: UseCase<GetOffering>;
  readonly update: UseCase<UpdateOffering>;
  readonly listProducts: UseCase<ListOfferingProducts>;
  readonly listPlans: UseCase<ListOfferingPlans>;
  readonly makeProduct: UseCase<MakeOfferingProduct>;
  readonly makePlan: UseCase<MakeOfferingPlan>;
  readonly updateProduct: UseCase<UpdateOfferingProduct>;
  readonly updatePlan: UseCase<UpdateOfferingPlan>;
  readonly detachProduct: UseCase<DetachOfferingProduct>;
  readonly detachPlan: UseCase<DetachOfferingPlan>;
}

const PRICING_OPTION_NOT_FOUND = 'subscription offering pricing option not found';

/** The path parameter of a plan or pricing option, named as the 2024 copies' so both wires share one route. */
const itemParameter = (what: 'plan' | 'pricing option'): Parameter => ({
  name: 'copyId',
  in: 'path',
  required: true,
  description: `The id of the offering's ${what}. An id that is not a UUID, or that the offering does not hold, is answered 404.`,
  schema: { type: 'string', format: 'uuid' },
});
const PLAN_PARAMETERS = [ID_PARAMETER, itemParameter('plan')];
const OPTION_PARAMETERS = [ID_PARAMETER, itemParameter('pricing option')];
const ITEM_MISSING = (what: string) => `No offering of this store has this id, or the offering has no ${what} with it.`;

const copyParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['copyId'] ?? '';

/** One item of the offering by the id in the path, or the 404 naming what is missing. */
const held = <A>(
  items: readonly OfferingItem<A>[],
  id: string,
  missing: string,
): E.Either<DomainError, OfferingItem<A>> => {
  const found = items.find((item) => item.id === id);
  return found === undefined ? E.left(notFound(missing)) : E.right(found);
};

const plan = (offering: Offering, product: Offering['products'][number], ctx: HttpContext) =>
  offeringPlan2025Resource(product, offering, preferredCurrency(ctx));
const pricingOption = (offering: Offering, option: Offering['plans'][number], ctx: HttpContext) =>
  offeringPricingOption2025Resource(option, offering, preferredCurrency(ctx));

const planDocument = jsonContent(dataDocument(schemaRef('CurrentSubscriptionOfferingPlan')));
const optionDocument = jsonContent(dataDocument(schemaRef('SubscriptionOfferingPricingOption')));
const offeringPath = withAndWithoutV2('/subscriptions/offerings/{id}');
const plansPath = withAndWithoutV2('/subscriptions/offerings/{id}/plans');
const planPath = withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}');
const optionsPath = withAndWithoutV2('/subscriptions/offerings/{id}/pricing-options');
const optionPath = withAndWithoutV2('/subscriptions/offerings/{id}/pricing-options/{copyId}');

const OFFERING_ENDPOINTS: Endpoint<Offering2025UseCases>[] = [
  {
    method: 'post',
    ...withAndWithoutV2('/subscriptions/offerings/build'),
    generation: '2025',
    spec: {
      operationId: 'BuildOffering',
      summary: 'Build an offering with its plans and pricing options in one call',
      description: `${OFFERINGS_2025_EPCC} Plans and pricing options are made inside the offering, with no original; \`pricing_option_associations\` says which plans may be bought with which pricing options (absent: every plan with every one).`,
      tag: TAG,
      access: 'edit-catalogue',
      post: true,
      requestBody: { description: 'The offering and what it contains.', content: jsonContent(buildOffering2025) },
      success: { '201': { description: 'The offering.', content: offering2025Document } },
      errors: {
        400: INVALID,
        404: "`proration_policy_id` is not one of the store's proration policies, or a feature named in `features` is not one of the store's (`detail` names each).",
        409: 'Two features of the build have one `external_ref`, by which plans may name them.',
        422: NOT_SERVED,
        codes: { 409: ['external_ref_taken'], 422: ['not_served_yet'] },
      },
    },
    handle: ({ build }) =>
      created(
        withData((data, storeId) => build.execute(storeId, data, '2025')),
        inData(offering2025Resource),
      ),
  },
  {
    method: 'post',
    ...withAndWithoutV2('/subscriptions/offerings'),
    generation: '2025',
    spec: {
      operationId: 'CreateOffering',
      summary: 'Create an empty offering',
      description: `${OFFERINGS_2025_EPCC} Add plans and pricing options to it afterwards.`,
      tag: TAG,
      access: 'edit-catalogue',
      post: true,
      requestBody: {
        description: 'The offering, and the proration policy it uses, if any.',
        content: jsonContent(createOffering2025),
      },
      success: { '201': { description: 'The offering.', content: offering2025Document } },
      errors: { 400: INVALID, 404: "The proration policy is not one of the store's." },
    },
    handle: ({ create }) =>
      created(
        withData((data, storeId) => create.execute(storeId, data, '2025')),
        inData(offering2025Resource),
      ),
  },
  {
    method: 'get',
    ...withAndWithoutV2('/subscriptions/offerings'),
    generation: '2025',
    spec: {
      operationId: 'ListOfferings',
      summary: 'List offerings',
      description: `${OFFERINGS_2025_EPCC} Newest first. Readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: [
        ...PAGING_PARAMETERS,
        parameterRef('CurrentOfferingFilter'),
        OFFERING_INCLUDE_2025,
        ...currencyParameters,
      ],
      success: {
        '200': {
          description: 'A page of offerings, with what `include` asks for.',
          content: jsonContent(listResponseSchema(offering2025, {}, included2025Member, ['included'])),
        },
      },
      errors: {
        400: 'A paging parameter out of range or given twice, a filter that does not parse, or an unknown include.',
      },
    },
    handle: ({ list }, { links }) =>
      answer(
        (storeId, ctx) => list.execute(storeId, queryOf(ctx), '2025'),
        (page, ctx) => ({
          ...listDocument(ctx, links, page, offering2025Resource),
          ...offeringIncluded2025(page.items, page.include, preferredCurrency(ctx)),
        }),
      ),
  },
  {
    method: 'get',
    ...offeringPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'GetOffering',
      summary: 'Get an offering',
      description: `${OFFERINGS_2025_EPCC} Readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: [OFFERING_INCLUDE_2025, ...currencyParameters],
      success: {
        '200': {
          description: 'The offering, with what `include` asks for.',
          content: jsonContent(dataDocument(offering2025, included2025Member, ['included'])),
        },
      },
      errors: { 400: 'An unknown include.', 404: NOT_FOUND },
    },
    handle: ({ get }) =>
      answer(
        (storeId, ctx) => get.execute(storeId, idParam(ctx), queryOf(ctx), '2025'),
        ({ offering, include }, ctx) => ({
          data: offering2025Resource(offering),
          ...offeringIncluded2025([offering], include, preferredCurrency(ctx)),
        }),
      ),
  },
  {
    method: 'put',
    ...offeringPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'UpdateOffering',
      summary: 'Update an offering',
      description: `${OFFERINGS_2025_EPCC} Its attributes (a new version; existing subscriptions keep theirs) and/or the proration policy it uses (\`null\`: none), which applies to all its subscriptions.`,
      tag: TAG,
      access: 'edit-catalogue',
      requestBody: { description: 'What to change.', content: jsonContent(updateOffering2025) },
      success: { '200': { description: 'The offering as it is now.', content: offering2025Document } },
      errors: { 400: INVALID, 404: `${NOT_FOUND} Or the proration policy is not one of the store's.` },
    },
    handle: ({ update }) =>
      answer(
        withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data, '2025')),
        inData(offering2025Resource),
      ),
  },
];

const PLAN_ENDPOINTS: Endpoint<Offering2025UseCases>[] = [
  {
    method: 'get',
    ...plansPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListOfferingPlans',
      summary: "List an offering's plans",
      description: `${OFFERINGS_2025_EPCC} In the order they were added; readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: [...PAGING_PARAMETERS, ...currencyParameters],
      success: {
        '200': {
          description: "A page of the offering's plans, each priced under the pricing options it is associated with.",
          content: jsonContent(listResponseSchema(schemaRef('CurrentSubscriptionOfferingPlan'))),
        },
      },
      errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
    },
    handle: ({ listProducts }, { links }) =>
      answer(
        (storeId, ctx) => listProducts.execute(storeId, idParam(ctx), queryOf(ctx)),
        (page, ctx) => listDocument(ctx, links, page, (product) => plan(page.offering, product, ctx)),
      ),
  },
  {
    method: 'post',
    ...plansPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'CreateOfferingPlan',
      summary: 'Create a plan inside an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering; the plan has no original.`,
      tag: TAG,
      access: 'edit-catalogue',
      post: true,
      parameters: currencyParameters,
      requestBody: { description: 'The plan.', content: item2025Request('plan', true) },
      success: {
        '201': {
          description: 'The plan, priced under the pricing options it is associated with.',
          content: planDocument,
        },
      },
      errors: { 400: INVALID, 404: NOT_FOUND, 422: NOT_SERVED, codes: { 422: ['not_served_yet'] } },
    },
    handle: ({ makeProduct }) =>
      created(
        withData((data, storeId, ctx) => makeProduct.execute(storeId, idParam(ctx), data)),
        ({ offering, copy }, ctx) => ({ data: plan(offering, copy, ctx) }),
      ),
  },
  {
    method: 'get',
    ...planPath,
    generation: '2025',
    pathParameters: PLAN_PARAMETERS,
    spec: {
      operationId: 'GetOfferingPlan',
      summary: 'Get a plan of an offering',
      description: `${OFFERINGS_2025_EPCC} Readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: currencyParameters,
      success: {
        '200': {
          description: 'The plan, priced under the pricing options it is associated with.',
          content: planDocument,
        },
      },
      errors: { 404: ITEM_MISSING('plan') },
    },
    handle: ({ get }) =>
      answer(
        async (storeId, ctx) =>
          E.flatMap(({ offering }: { readonly offering: Offering }) =>
            E.map((product: Offering['products'][number]) => ({ offering, product }))(
              held(offering.products, copyParam(ctx), OFFERING_PLAN_NOT_FOUND),
            ),
          )(await get.execute(storeId, idParam(ctx))),
        ({ offering, product }, ctx) => ({ data: plan(offering, product, ctx) }),
      ),
  },
  {
    method: 'put',
    ...planPath,
    generation: '2025',
    pathParameters: PLAN_PARAMETERS,
    spec: {
      operationId: 'UpdateOfferingPlan',
      summary: 'Update a plan of an offering',
      description: `${OFFERINGS_2025_EPCC} A partial update (\`null\` clears an optional field), in a new version of the offering; existing subscriptions keep theirs.`,
      tag: TAG,
      access: 'edit-catalogue',
      parameters: currencyParameters,
      requestBody: { description: 'The attributes to change.', content: item2025Request('plan', false) },
      success: { '200': { description: 'The plan as it is now.', content: planDocument } },
      errors: { 400: INVALID, 404: ITEM_MISSING('plan'), 422: NOT_SERVED, codes: { 422: ['not_served_yet'] } },
    },
    handle: ({ updateProduct }) =>
      answer(
        withData((data, storeId, ctx) => updateProduct.execute(storeId, idParam(ctx), copyParam(ctx), data, '2025')),
        ({ offering, copy }, ctx) => ({ data: plan(offering, copy, ctx) }),
      ),
  },
  {
    method: 'delete',
    ...planPath,
    generation: '2025',
    pathParameters: PLAN_PARAMETERS,
    spec: {
      operationId: 'DeleteOfferingPlan',
      summary: 'Remove a plan from an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering; existing subscriptions keep theirs.`,
      tag: TAG,
      access: 'edit-catalogue',
      success: DELETED,
      errors: { 404: ITEM_MISSING('plan') },
    },
    handle: ({ detachProduct }) =>
      noContent((storeId, ctx) => detachProduct.execute(storeId, idParam(ctx), copyParam(ctx))),
  },
];

const PRICING_OPTION_ENDPOINTS: Endpoint<Offering2025UseCases>[] = [
  {
    method: 'get',
    ...optionsPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'ListOfferingPricingOptions',
      summary: "List an offering's pricing options",
      description: `${OFFERINGS_2025_EPCC} In the order they were added; readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: [...PAGING_PARAMETERS, ...currencyParameters],
      success: {
        '200': {
          description:
            "A page of the offering's pricing options, each with the price of every plan associated with it.",
          content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingPricingOption'))),
        },
      },
      errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
    },
    handle: ({ listPlans }, { links }) =>
      answer(
        (storeId, ctx) => listPlans.execute(storeId, idParam(ctx), queryOf(ctx)),
        (page, ctx) => listDocument(ctx, links, page, (option) => pricingOption(page.offering, option, ctx)),
      ),
  },
  {
    method: 'post',
    ...optionsPath,
    generation: '2025',
    pathParameters: [ID_PARAMETER],
    spec: {
      operationId: 'CreateOfferingPricingOption',
      summary: 'Create a pricing option inside an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering; the pricing option has no original. In an offering whose every plan may be bought with every pricing option it applies to every plan; otherwise to none until associated.`,
      tag: TAG,
      access: 'edit-catalogue',
      post: true,
      parameters: currencyParameters,
      requestBody: { description: 'The pricing option.', content: item2025Request('pricing option', true) },
      success: {
        '201': {
          description: 'The pricing option, with the price of every plan associated with it.',
          content: optionDocument,
        },
      },
      errors: { 400: INVALID, 404: NOT_FOUND },
    },
    handle: ({ makePlan }) =>
      created(
        withData((data, storeId, ctx) => makePlan.execute(storeId, idParam(ctx), data)),
        ({ offering, copy }, ctx) => ({ data: pricingOption(offering, copy, ctx) }),
      ),
  },
  {
    method: 'get',
    ...optionPath,
    generation: '2025',
    pathParameters: OPTION_PARAMETERS,
    spec: {
      operationId: 'GetOfferingPricingOption',
      summary: 'Get a pricing option of an offering',
      description: `${OFFERINGS_2025_EPCC} Readable with an implicit token.`,
      tag: TAG,
      access: 'catalogue',
      parameters: currencyParameters,
      success: {
        '200': {
          description: 'The pricing option, with the price of every plan associated with it.',
          content: optionDocument,
        },
      },
      errors: { 404: ITEM_MISSING('pricing option') },
    },
    handle: ({ get }) =>
      answer(
        async (storeId, ctx) =>
          E.flatMap(({ offering }: { readonly offering: Offering }) =>
            E.map((option: Offering['plans'][number]) => ({ offering, option }))(
              held(offering.plans, copyParam(ctx), PRICING_OPTION_NOT_FOUND),
            ),
          )(await get.execute(storeId, idParam(ctx))),
        ({ offering, option }, ctx) => ({ data: pricingOption(offering, option, ctx) }),
      ),
  },
  {
    method: 'put',
    ...optionPath,
    generation: '2025',
    pathParameters: OPTION_PARAMETERS,
    spec: {
      operationId: 'UpdateOfferingPricingOption',
      summary: 'Update a pricing option of an offering',
      description: `${OFFERINGS_2025_EPCC} A partial update (\`null\` clears an optional field), in a new version of the offering; existing subscriptions keep theirs.`,
      tag: TAG,
      access: 'edit-catalogue',
      parameters: currencyParameters,
      requestBody: { description: 'The attributes to change.', content: item2025Request('pricing option', false) },
      success: { '200': { description: 'The pricing option as it is now.', content: optionDocument } },
      errors: { 400: INVALID, 404: ITEM_MISSING('pricing option') },
    },
    handle: ({ updatePlan }) =>
      answer(
        withData((data, storeId, ctx) => updatePlan.execute(storeId, idParam(ctx), copyParam(ctx), data, '2025')),
        ({ offering, copy }, ctx) => ({ data: pricingOption(offering, copy, ctx) }),
      ),
  },
  {
    method: 'delete',
    ...optionPath,
    generation: '2025',
    pathParameters: OPTION_PARAMETERS,
    spec: {
      operationId: 'DeleteOfferingPricingOption',
      summary: 'Remove a pricing option from an offering',
      description: `${OFFERINGS_2025_EPCC} A new version of the offering; existing subscriptions keep theirs.`,
      tag: TAG,
      access: 'edit-catalogue',
      success: DELETED,
      errors: { 404: ITEM_MISSING('pricing option') },
    },
    handle: ({ detachPlan }) => noContent((storeId, ctx) => detachPlan.execute(storeId, idParam(ctx), copyParam(ctx))),
  },
];

/**
 * `/subscriptions/offerings` on EPCC's 2025 wire: the same offerings, products and plans as the 2024
 * endpoints, under 2025's names. `build` comes before `{id}`, and `relationships/pricing_options` is
 * literal where it could be read as an id.
 */
export const OFFERING_2025_ENDPOINTS = concept<Offering2025UseCases>({
  useCases: ({ use }) => ({
    build: use(BuildOffering),
    create: use(CreateOffering),
    list: use(ListOfferings),
    get: use(GetOffering),
    update: use(UpdateOffering),
    listProducts: use(ListOfferingProducts),
    listPlans: use(ListOfferingPlans),
    makeProduct: use(MakeOfferingProduct),
    makePlan: use(MakeOfferingPlan),
    updateProduct: use(UpdateOfferingProduct),
    updatePlan: use(UpdateOfferingPlan),
    detachProduct: use(DetachOfferingProduct),
    detachPlan: use(DetachOfferingPlan),
  }),
  schemas: OFFERING_2025_SCHEMAS,
  parameters: { CurrentOfferingFilter: OFFERING_FILTER_2025 },
  endpoints: [...OFFERING_ENDPOINTS, ...PLAN_ENDPOINTS, ...PRICING_OPTION_ENDPOINTS],
});
