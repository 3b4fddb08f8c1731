import * as E from 'fp-ts/lib/Either.js';
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
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { idParam, principalOf, queryOf, respondWithError } from '../http-state.js';
import { ID_PARAMETER, jsonContent, listResponseSchema, PAGING_PARAMETERS } from '../openapi/operation-builder.js';
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
import { requestData } from '../request-body.js';
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
  INVALID,
  ids,
  includedMember,
  NOT_FOUND,
  newOffering,
  OFFERING_FILTER,
  OFFERING_INCLUDE,
  offering,
  offeringDocument,
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
      handle:
        ({ build }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data) ? data : await build.execute(principalOf(ctx).storeId, data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);
          ctx.status = 201;
          ctx.body = { data: offeringResource(done.right) };
        },
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings'),
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
      handle:
        ({ create }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data) ? data : await create.execute(principalOf(ctx).storeId, data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);
          ctx.status = 201;
          ctx.body = { data: offeringResource(done.right) };
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings'),
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
      handle:
        ({ list }, { links }) =>
        async (ctx) => {
          const found = await list.execute(principalOf(ctx).storeId, queryOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          ctx.body = {
            ...listDocument(ctx, links, found.right, offeringResource),
            ...includedFor(found.right.items, found.right.include, preferredCurrency(ctx)),
          };
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}'),
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
      handle:
        ({ get }) =>
        async (ctx) => {
          const found = await get.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          const { offering, include } = found.right;
          ctx.body = { data: offeringResource(offering), ...includedFor([offering], include, preferredCurrency(ctx)) };
        },
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}'),
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
      handle:
        ({ update }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = { data: offeringResource(done.right) };
        },
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
        success: { '204': { description: 'Deleted; no body.' } },
        errors: { 404: NOT_FOUND },
      },
      handle:
        ({ remove }) =>
        async (ctx) => {
          const deleted = await remove.execute(principalOf(ctx).storeId, idParam(ctx));
          if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
          ctx.status = 204;
        },
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/attach'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'attachSubscriptionOfferingProducts',
        summary: 'Copy products into an offering',
        description: `${SUBSCRIPTIONS_EPCC} Products the offering already holds a copy of are skipped.`,
        tag: TAG,
        access: 'edit-catalogue',
        post: true,
        parameters: currencyParameters,
        requestBody: {
          description: 'The products to copy.',
          content: jsonContent(dataRequest(openObject({ products: ids('products') }, ['products']))),
        },
        success: {
          '200': {
            description: 'Every product copy the offering now holds.',
            content: jsonContent(closedObject({ data: arrayOf(schemaRef('SubscriptionOfferingProduct')) })),
          },
        },
        errors: { 400: INVALID, 404: "The offering, or a product id, is not the store's." },
      },
      handle:
        ({ attachProducts }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data)
            ? data
            : await attachProducts.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = { data: done.right.products.map((p) => offeringProductResource(p, preferredCurrency(ctx))) };
        },
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/attach'),
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
        errors: { 400: INVALID, 404: "The offering, or a plan id, is not the store's." },
      },
      handle:
        ({ attachPlans }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data)
            ? data
            : await attachPlans.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = {
            data: done.right.plans.map((p) => offeringPlanResource(p, done.right.products, preferredCurrency(ctx))),
          };
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products'),
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
        errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
      },
      handle:
        ({ listProducts }, { links }) =>
        async (ctx) => {
          const found = await listProducts.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          ctx.body = listDocument(ctx, links, found.right, (p) => offeringProductResource(p, preferredCurrency(ctx)));
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans'),
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
        errors: { 400: 'A paging parameter out of range or given twice.', 404: NOT_FOUND },
      },
      handle:
        ({ listPlans }, { links }) =>
        async (ctx) => {
          const found = await listPlans.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          const { products } = found.right.offering;
          ctx.body = listDocument(ctx, links, found.right, (p) =>
            offeringPlanResource(p, products, preferredCurrency(ctx)),
          );
        },
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/replace'),
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'replaceSubscriptionOfferingProducts',
        summary: "Replace an offering's products",
        description: `${SUBSCRIPTIONS_EPCC} The offering's products become fresh copies of the given products, in the order given, in a new version of the offering; the copies it held (with any edits made to them) are removed, which frees originals no other offering holds. Existing subscriptions keep the version they were made from.`,
        tag: TAG,
        access: 'edit-catalogue',
        parameters: currencyParameters,
        requestBody: {
          description: 'The products the offering is to hold.',
          content: jsonContent(dataRequest(openObject({ products: ids('products') }, ['products']))),
        },
        success: {
          '200': {
            description: 'Every product copy the offering now holds.',
            content: jsonContent(closedObject({ data: arrayOf(schemaRef('SubscriptionOfferingProduct')) })),
          },
        },
        errors: { 400: INVALID, 404: "The offering, or a product id, is not the store's." },
      },
      handle:
        ({ replaceProducts }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data)
            ? data
            : await replaceProducts.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = { data: done.right.products.map((p) => offeringProductResource(p, preferredCurrency(ctx))) };
        },
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/{copyId}'),
      pathParameters: [ID_PARAMETER, copyParameter('product')],
      spec: updateCopy('product'),
      handle:
        ({ updateProduct }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data)
            ? data
            : await updateProduct.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = { data: offeringProductResource(done.right.copy, preferredCurrency(ctx)) };
        },
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/products/{copyId}'),
      pathParameters: [ID_PARAMETER, copyParameter('product')],
      spec: detachCopy('product', 'Product'),
      handle:
        ({ detachProduct }) =>
        async (ctx) => {
          const detached = await detachProduct.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx));
          if (E.isLeft(detached)) return respondWithError(ctx, detached.left);
          ctx.status = 204;
        },
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}'),
      pathParameters: [ID_PARAMETER, copyParameter('plan')],
      spec: updateCopy('plan'),
      handle:
        ({ updatePlan }) =>
        async (ctx) => {
          const data = requestData(ctx);
          const done = E.isLeft(data)
            ? data
            : await updatePlan.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx), data.right);
          if (E.isLeft(done)) return respondWithError(ctx, done.left);

          ctx.body = {
            data: offeringPlanResource(done.right.copy, done.right.offering.products, preferredCurrency(ctx)),
          };
        },
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/offerings/{id}/plans/{copyId}'),
      pathParameters: [ID_PARAMETER, copyParameter('plan')],
      spec: detachCopy('plan', 'Plan'),
      handle:
        ({ detachPlan }) =>
        async (ctx) => {
          const detached = await detachPlan.execute(principalOf(ctx).storeId, idParam(ctx), copyParam(ctx));
          if (E.isLeft(detached)) return respondWithError(ctx, detached.left);
          ctx.status = 204;
        },
    },
  ],
});
