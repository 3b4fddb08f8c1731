import * as E from 'fp-ts/lib/Either.js';
import { AttachOfferingPlans } from '../../../application/use-cases/catalogue/attach-offering-plans.js';
import { AttachOfferingProducts } from '../../../application/use-cases/catalogue/attach-to-offering.js';
import { BuildOffering } from '../../../application/use-cases/catalogue/build-offering.js';
import { UpdateOffering } from '../../../application/use-cases/catalogue/change-offering.js';
import { CreateOffering } from '../../../application/use-cases/catalogue/create-offering.js';
import { DeleteOffering } from '../../../application/use-cases/catalogue/delete-offering.js';
import { DetachOfferingPlan } from '../../../application/use-cases/catalogue/detach-offering-plan.js';
import { DetachOfferingProduct } from '../../../application/use-cases/catalogue/detach-from-offering.js';
import { UpdateOfferingProduct } from '../../../application/use-cases/catalogue/edit-offering-copy.js';
import { ListOfferingProducts } from '../../../application/use-cases/catalogue/list-offering-copies.js';
import { ListOfferingPlans } from '../../../application/use-cases/catalogue/list-offering-plans.js';
import { ListOfferings } from '../../../application/use-cases/catalogue/list-offerings.js';
import { GetOffering } from '../../../application/use-cases/catalogue/read-offerings.js';
import { ReplaceOfferingProducts } from '../../../application/use-cases/catalogue/replace-offering-products.js';
import { UpdateOfferingPlan } from '../../../application/use-cases/catalogue/update-offering-plan.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { idParam, principalOf, queryOf, respondWithError } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { preferredCurrency } from '../subscriptions/route-prefixes.js';
import { includedFor } from '../subscriptions/subscription-documents.js';
import { offeringPlanResource, offeringProductResource, offeringResource } from './subscription-catalogue-documents.js';
import type { OperationSpec } from '../openapi/operation-builder.js';
import { OFFERING_LIST } from '../../../domain/catalogue/offering-query.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import { OFFERING_INCLUDES } from '../../../domain/catalogue/offering-query.js';
import { OFFERING_PLAN_TYPE, OFFERING_PRODUCT_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent, listResponseSchema, PAGING_PARAMETERS } from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  requestFields,
  schemaRef,
  uuid,
} from '../openapi/schema-builders.js';
import {
  offeringFields,
  OPTIONAL_OFFERING_FIELDS,
  OPTIONAL_PLAN_FIELDS,
  OPTIONAL_PRODUCT_FIELDS,
  planFields,
  productFields,
} from './subscription-catalogue-schemas.js';
import { filterParameter } from '../openapi/shared-components.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';

const TAG = 'Subscription offerings';
const ids = (what: string): Schema => ({
  ...arrayOf(uuid, { minItems: 1, maxItems: ATTACH_MAX }),
  description: `1 to ${ATTACH_MAX} ids of the store's ${what}; repeats count once.`,
});
const offering = schemaRef('SubscriptionOffering');
const offeringDocument = jsonContent(dataDocument(offering));
const NOT_FOUND = 'No offering of this store has this id.';
const INVALID = 'Every invalid field, each with its `source`.';
const currencyParameters = [parameterRef('Currency')];
const copyParameter = (what: 'product' | 'plan'): Parameter => ({
  name: 'copyId',
  in: 'path',
  required: true,
  description: `The id of the offering's copy of the ${what} (not the original's). An id that is not a UUID, or that the offering does not hold, is answered 404.`,
  schema: { type: 'string', format: 'uuid' },
});
const COPY_NOT_FOUND = (what: 'product' | 'plan') =>
  `No offering of this store has this id, or the offering holds no ${what} copy with this id.`;
const detachCopy = (what: 'product' | 'plan', operationName: string): OperationSpec => ({
  operationId: `detachSubscriptionOffering${operationName}`,
  summary: `Remove a ${what} from an offering`,
  description: `${SUBSCRIPTIONS_EPCC} Makes a new version of the offering; existing subscriptions keep the version they were made from. Once no offering holds a copy of the original ${what}, the original can be deleted.`,
  tag: TAG,
  access: 'edit-catalogue',
  success: { '204': { description: 'Removed; no body.' } },
  errors: { 404: COPY_NOT_FOUND(what) },
});
const COPIES = {
  product: {
    name: 'Product',
    type: OFFERING_PRODUCT_TYPE,
    fields: productFields,
    optional: OPTIONAL_PRODUCT_FIELDS,
    schema: 'SubscriptionOfferingProduct',
    priced: '',
  },
  plan: {
    name: 'Plan',
    type: OFFERING_PLAN_TYPE,
    fields: planFields,
    optional: OPTIONAL_PLAN_FIELDS,
    schema: 'SubscriptionOfferingPlan',
    priced: ", priced from the offering's products",
  },
} as const;
const updateCopy = (what: 'product' | 'plan'): OperationSpec => {
  const copy = COPIES[what];
  return {
    operationId: `updateSubscriptionOffering${copy.name}`,
    summary: `Update a ${what} in an offering`,
    description: `${SUBSCRIPTIONS_EPCC} A partial update of the offering's copy (\`null\` clears an optional field), in a new version of the offering: the original ${what} and existing subscriptions are left as they are.`,
    tag: TAG,
    access: 'edit-catalogue',
    parameters: currencyParameters,
    requestBody: {
      description: 'The attributes to change.',
      content: jsonContent(
        dataRequest(
          openObject(
            { type: constant(copy.type), attributes: openObject(requestFields(copy.fields, copy.optional), []) },
            ['type', 'attributes'],
          ),
        ),
      ),
    },
    success: {
      '200': {
        description: `The ${what} copy as it is now${copy.priced}.`,
        content: jsonContent(dataDocument(schemaRef(copy.schema))),
      },
    },
    errors: { 400: INVALID, 404: COPY_NOT_FOUND(what) },
  };
};
const OFFERING_INCLUDE: Parameter = {
  name: 'include',
  in: 'query',
  description: `The offerings' copies to embed, comma-separated: ${OFFERING_INCLUDES.map((i) => `\`${i}\``).join(', ')}. \`included.plans\` / \`included.products\` hold each copy once, and are present (maybe empty) exactly when asked for. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string' },
};
const includedMember = { included: schemaRef('SubscriptionIncluded') };
const catalogueFilter = filterParameter(OFFERING_LIST);
export const OFFERING_FILTER: Parameter = {
  ...catalogueFilter,
  description: `${catalogueFilter.description ?? ''} \`external_product_refs\` takes \`in\` only, as in EPCC: the offerings holding a product whose \`external_ref\` is one of the values. \`proration_policy_id\`: the offerings using that proration policy.`,
};
const relationship = (what: string): Schema =>
  openObject(
    { data: arrayOf(openObject({ type: { type: 'string' }, id: uuid }, ['type', 'id']), { maxItems: ATTACH_MAX }) },
    ['data'],
    `Up to ${ATTACH_MAX} of the store's ${what} to copy into the offering, as resource identifiers; the relationship's name says what they are, so \`type\` is not checked. Repeats count once.`,
  );
const newOffering = dataRequest(
  openObject(
    {
      type: constant(OFFERING_TYPE),
      attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), ['name']),
      relationships: openObject({ products: relationship('products'), plans: relationship('plans') }, []),
    },
    ['type', 'attributes'],
  ),
);
const typedOffering = (required: readonly string[]) =>
  dataRequest(
    openObject(
      {
        type: constant(OFFERING_TYPE),
        attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), required),
      },
      ['type', 'attributes'],
    ),
  );

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
