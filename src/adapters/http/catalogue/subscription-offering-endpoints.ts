import { AttachOfferingPlans } from '../../../application/use-cases/catalogue/attach-offering-plans.js';
import { AttachOfferingProducts } from '../../../application/use-cases/catalogue/attach-offering-products.js';
import { BuildOffering } from '../../../application/use-cases/catalogue/build-offering.js';
import { CreateOffering } from '../../../application/use-cases/catalogue/create-offering.js';
import { DeleteOffering } from '../../../application/use-cases/catalogue/delete-offering.js';
import { DetachOfferingPlan } from '../../../application/use-cases/catalogue/detach-offering-plan.js';
import { DetachOfferingProduct } from '../../../application/use-cases/catalogue/detach-offering-product.js';
import { GetOffering } from '../../../application/use-cases/catalogue/get-offering.js';
import { ListOfferingPlans } from '../../../application/use-cases/catalogue/list-offering-plans.js';
import { ListOfferingProducts } from '../../../application/use-cases/catalogue/list-offering-products.js';
import { ListOfferings } from '../../../application/use-cases/catalogue/list-offerings.js';
import { ReplaceOfferingProducts } from '../../../application/use-cases/catalogue/replace-offering-products.js';
import { UpdateOffering } from '../../../application/use-cases/catalogue/update-offering.js';
import { UpdateOfferingPlan } from '../../../application/use-cases/catalogue/update-offering-plan.js';
import { UpdateOfferingProduct } from '../../../application/use-cases/catalogue/update-offering-product.js';
import { productsOfPlan } from '../../../domain/catalogue/eligibility.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, queryOf } from '../http-state.js';
import {
  DELETED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  requestFields,
  schemaRef,
} from '../openapi/schema-builders.js';
import { preferredCurrency } from '../preferred-currency.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { includedFor } from '../subscriptions/subscription-documents.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import { offeringPlanResource, offeringProductResource, offeringResource } from './subscription-catalogue-documents.js';
import { OPTIONAL_OFFERING_FIELDS, offeringFields } from './subscription-catalogue-schemas.js';
import {
  copyParameter,
  currencyParameters,
  detachCopy,
  GENERATION_MISMATCH,
  INVALID,
  ids,
  includedMember,
  NOT_FOUND,
  newOffering,
  OFFERING_FILTER,
  OFFERING_INCLUDE,
  offering,
  offeringDocument,
  PRODUCT_COPIES_ANSWER,
  productIdsRequest,
  TAG,
  typedOffering,
  updateCopy,
} from './subscription-offering-schemas.js';

interface OfferingUseCases {
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

/** The answer of attaching or replacing products: every product copy the offering now holds. */
const productCopies = (offering: Offering, ctx: HttpContext) => ({
  data: offering.products.map((p) => offeringProductResource(p, preferredCurrency(ctx))),
});

/**
 * `/subscriptions/offerings`: what subscribers subscribe to, copies of products and plans, readable by
 * storefronts. `build` comes before `{id}`, and `products/replace` before the copies, which would read
 * them as ids.
 */
export const SUBSCRIPTION_OFFERING_ENDPOINTS = concept<OfferingUseCases>({
  useCases: ({ use }) => ({
    build: use(BuildOffering),
    create: use(CreateOffering),
    list: use(ListOfferings),
    get: use(GetOffering),
    update: use(UpdateOffering),
    remove: use(DeleteOffering),
    attachProducts: use(AttachOfferingProducts),
    attachPlans: use(AttachOfferingPlans),
    listProducts: use(ListOfferingProducts),
    listPlans: use(ListOfferingPlans),
    detachProduct: use(DetachOfferingProduct),
    detachPlan: use(DetachOfferingPlan),
    updateProduct: use(UpdateOfferingProduct),
    updatePlan: use(UpdateOfferingPlan),
    replaceProducts: use(ReplaceOfferingProducts),
  }),
  parameters: { OfferingFilter: OFFERING_FILTER },
  endpoints: [
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings/build'),
      generation: '2024',
      spec: {
        operationId: 'buildSubscriptionOffering',
        summary: 'Build an offering from products and plans in one call',
        description: `${SUBSCRIPTIONS_EPCC} The offering's fields sit directly in \`data\`, beside the ids of the products and plans it copies.`,
        tag: TAG,
        access: 'edit-catalogue',
        post: true,
        requestBody: {
          description: 'The offering and what it offers.',
          content: jsonContent(
            dataRequest(
              openObject(
                {
                  ...requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS),
                  products: ids('products'),
                  plans: ids('plans'),
                },
                ['name', 'products', 'plans'],
              ),
            ),
          ),
        },
        success: { '201': { description: 'The offering.', content: offeringDocument } },
        errors: {
          400: INVALID,
          404: "A product or plan id is not one of the store's (the detail lists them), or was deleted meanwhile.",
        },
      },
      handle: ({ build }) =>
        created(
          withData((data, storeId) => build.execute(storeId, data)),
          inData(offeringResource),
        ),
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings'),
      generation: '2024',
      spec: {
        operationId: 'createSubscriptionOffering',
        summary: 'Create an offering',
        description: SUBSCRIPTIONS_EPCC,
        tag: TAG,
        access: 'edit-catalogue',
        post: true,
        requestBody: {
          description: 'The offering, and the products and plans it starts with, if any.',
          content: jsonContent(newOffering),
        },
        success: { '201': { description: 'The offering.', content: offeringDocument } },
        errors: {
          400: INVALID,
          404: "A related product or plan id is not the store's (the detail lists them), or was deleted meanwhile.",
        },
      },
      handle: ({ create }) =>
        created(
          withData((data, storeId) => create.execute(storeId, data)),
          inData(offeringResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings'),
      generation: '2024',
      spec: {
        operationId: 'listSubscriptionOfferings',
        summary: 'List offerings',
        description: `${SUBSCRIPTIONS_EPCC} Newest first. Readable with an implicit token.`,
        tag: TAG,
        access: 'catalogue',
        parameters: [...PAGING_PARAMETERS, parameterRef('OfferingFilter'), OFFERING_INCLUDE, ...currencyParameters],
        success: {
          '200': {
            description: 'A page of offerings, with the copies `include` asks for.',
            content: jsonContent(listResponseSchema(offering, {}, includedMember, ['included'])),
          },
        },
        errors: {
          400: 'A paging parameter out of range or given twice, a filter that does not parse, or an unknown include.',
        },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => ({
            ...listDocument(ctx, links, page, offeringResource),
            ...includedFor(page.items, page.include, preferredCurrency(ctx)),
          }),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getSubscriptionOffering',
        summary: 'Get an offering',
        description: `${SUBSCRIPTIONS_EPCC} Readable with an implicit token.`,
        tag: TAG,
        access: 'catalogue',
        parameters: [OFFERING_INCLUDE, ...currencyParameters],
        success: {
          '200': {
            description: 'The offering, with the copies `include` asks for.',
            content: jsonContent(dataDocument(offering, includedMember, ['included'])),
          },
        },
        errors: { 400: 'An unknown include.', 404: NOT_FOUND },
      },
      handle: ({ get }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, idParam(ctx), queryOf(ctx)),
          ({ offering, include }, ctx) => ({
            data: offeringResource(offering),
            ...includedFor([offering], include, preferredCurrency(ctx)),
          }),
        ),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'updateSubscriptionOffering',
        summary: 'Update an offering',
        description: `${SUBSCRIPTIONS_EPCC} A partial update; existing subscriptions keep the version they were made with.`,
        tag: TAG,
        access: 'edit-catalogue',
        requestBody: { description: 'The attributes to change.', content: jsonContent(typedOffering([])) },
        success: { '200': { description: 'The offering as it is now.', content: offeringDocument } },
        errors: { 400: INVALID, 404: NOT_FOUND },
      },
      handle: ({ update }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data)),
          inData(offeringResource),
        ),
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/offerings/{id}'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'deleteSubscriptionOffering',
        summary: 'Delete an offering',
        description: `${SUBSCRIPTIONS_EPCC} Existing subscriptions keep their snapshot of it.`,
        tag: TAG,
        access: 'edit-catalogue',
        success: DELETED,
        errors: { 404: NOT_FOUND },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, idParam(ctx))),
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/attach'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'attachSubscriptionOfferingProducts',
        summary: 'Copy products into an offering',
        description: `${SUBSCRIPTIONS_EPCC} Products the offering already holds a copy of are skipped.`,
        tag: TAG,
        access: 'edit-catalogue',
        post: true,
        parameters: currencyParameters,
        requestBody: { description: 'The products to copy.', content: productIdsRequest },
        ...PRODUCT_COPIES_ANSWER,
      },
      handle: ({ attachProducts }) =>
        answer(
          withData((data, storeId, ctx) => attachProducts.execute(storeId, idParam(ctx), data)),
          productCopies,
        ),
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/attach'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'attachSubscriptionOfferingPlans',
        summary: 'Copy plans into an offering',
        description: `${SUBSCRIPTIONS_EPCC} Plans the offering already holds a copy of are skipped.`,
        tag: TAG,
        access: 'edit-catalogue',
        post: true,
        parameters: currencyParameters,
        requestBody: {
          description: 'The plans to copy.',
          content: jsonContent(dataRequest(openObject({ plans: ids('plans') }, ['plans']))),
        },
        success: {
          '200': {
            description: 'Every plan copy the offering now holds, with prices.',
            content: jsonContent(closedObject({ data: arrayOf(schemaRef('SubscriptionOfferingPlan')) })),
          },
        },
        errors: {
          400: INVALID,
          404: "The offering, or a plan id, is not the store's.",
          409: GENERATION_MISMATCH,
          codes: { 409: ['generation_mismatch'] },
        },
      },
      handle: ({ attachPlans }) =>
        answer(
          withData((data, storeId, ctx) => attachPlans.execute(storeId, idParam(ctx), data)),
          ({ plans, products }, ctx) => ({
            data: plans.map((p) => offeringPlanResource(p, products, preferredCurrency(ctx))),
          }),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listSubscriptionOfferingProducts',
        summary: "List an offering's products",
        description: `${SUBSCRIPTIONS_EPCC} Readable with an implicit token.`,
        tag: TAG,
        access: 'catalogue',
        parameters: [...PAGING_PARAMETERS, ...currencyParameters],
        success: {
          '200': {
            description: "A page of the offering's product copies.",
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingProduct'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ listProducts }, { links }) =>
        answer(
          (storeId, ctx) => listProducts.execute(storeId, idParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (p) => offeringProductResource(p, preferredCurrency(ctx))),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listSubscriptionOfferingPlans',
        summary: "List an offering's plans",
        description: `${SUBSCRIPTIONS_EPCC} Readable with an implicit token.`,
        tag: TAG,
        access: 'catalogue',
        parameters: [...PAGING_PARAMETERS, ...currencyParameters],
        success: {
          '200': {
            description: "A page of the offering's plan copies, with prices.",
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionOfferingPlan'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: NOT_FOUND },
      },
      handle: ({ listPlans }, { links }) =>
        answer(
          (storeId, ctx) => listPlans.execute(storeId, idParam(ctx), queryOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (p) =>
              offeringPlanResource(p, productsOfPlan(page.offering, p.id), preferredCurrency(ctx)),
            ),
        ),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/replace'),
      generation: '2024',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'replaceSubscriptionOfferingProducts',
        summary: "Replace an offering's products",
        description: `${SUBSCRIPTIONS_EPCC} The offering's products become fresh copies of the given products, in the order given, in a new version of the offering; the copies it held (with any edits made to them) are removed, which frees originals no other offering holds. Existing subscriptions keep the version they were made from.`,
        tag: TAG,
        access: 'edit-catalogue',
        parameters: currencyParameters,
        requestBody: { description: 'The products the offering is to hold.', content: productIdsRequest },
        ...PRODUCT_COPIES_ANSWER,
        errors: {
          ...PRODUCT_COPIES_ANSWER.errors,
          409: "Some of the offering's products configure features (set through the 2025 generation, where they are plans), which replacing them would drop (`generation_mismatch`).",
          codes: { 409: ['generation_mismatch'] },
        },
      },
      handle: ({ replaceProducts }) =>
        answer(
          withData((data, storeId, ctx) => replaceProducts.execute(storeId, idParam(ctx), data)),
          productCopies,
        ),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/{copyId}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER, copyParameter('product')],
      spec: updateCopy('product'),
      handle: ({ updateProduct }) =>
        answer(
          withData((data, storeId, ctx) => updateProduct.execute(storeId, idParam(ctx), copyParam(ctx), data)),
          ({ copy }, ctx) => ({ data: offeringProductResource(copy, preferredCurrency(ctx)) }),
        ),
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/{copyId}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER, copyParameter('product')],
      spec: detachCopy('product', 'Product'),
      handle: ({ detachProduct }) =>
        noContent((storeId, ctx) => detachProduct.execute(storeId, idParam(ctx), copyParam(ctx))),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER, copyParameter('plan')],
      spec: updateCopy('plan'),
      handle: ({ updatePlan }) =>
        answer(
          withData((data, storeId, ctx) => updatePlan.execute(storeId, idParam(ctx), copyParam(ctx), data)),
          ({ copy, offering }, ctx) => ({
            data: offeringPlanResource(copy, productsOfPlan(offering, copy.id), preferredCurrency(ctx)),
          }),
        ),
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}'),
      generation: '2024',
      pathParameters: [ID_PARAMETER, copyParameter('plan')],
      spec: detachCopy('plan', 'Plan'),
      handle: ({ detachPlan }) =>
        noContent((storeId, ctx) => detachPlan.execute(storeId, idParam(ctx), copyParam(ctx))),
    },
  ],
});
