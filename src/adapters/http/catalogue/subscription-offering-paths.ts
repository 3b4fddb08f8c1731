import { OFFERING_LIST } from '../../../domain/catalogue/offering-query.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import { OFFERING_INCLUDES } from '../../../domain/catalogue/offering-query.js';
import { OFFERING_PLAN_TYPE, OFFERING_PRODUCT_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import type { Parameter, PathItem, Schema } from '../openapi/openapi-types.js';
import {
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  operation,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
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
import { subscriptionPath, SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';

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
const detachCopy = (what: 'product' | 'plan', operationName: string) =>
  operation({
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
const updateCopy = (what: 'product' | 'plan') => {
  const copy = COPIES[what];
  return operation({
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
  });
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

export const subscriptionOfferingPaths: Readonly<Record<string, PathItem>> = {
  ...subscriptionPath('/subscriptions/offerings/build', {
    post: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings', {
    post: operation({
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
    }),
    get: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}', {
    parameters: [ID_PARAMETER],
    get: operation({
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
    }),
    put: operation({
      operationId: 'updateSubscriptionOffering',
      summary: 'Update an offering',
      description: `${SUBSCRIPTIONS_EPCC} A partial update; existing subscriptions keep the version they were made with.`,
      tag: TAG,
      access: 'edit-catalogue',
      requestBody: { description: 'The attributes to change.', content: jsonContent(typedOffering([])) },
      success: { '200': { description: 'The offering as it is now.', content: offeringDocument } },
      errors: { 400: INVALID, 404: NOT_FOUND },
    }),
    delete: operation({
      operationId: 'deleteSubscriptionOffering',
      summary: 'Delete an offering',
      description: `${SUBSCRIPTIONS_EPCC} Existing subscriptions keep their snapshot of it.`,
      tag: TAG,
      access: 'edit-catalogue',
      success: { '204': { description: 'Deleted; no body.' } },
      errors: { 404: NOT_FOUND },
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/products/attach', {
    parameters: [ID_PARAMETER],
    post: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/plans/attach', {
    parameters: [ID_PARAMETER],
    post: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/products', {
    parameters: [ID_PARAMETER],
    get: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/plans', {
    parameters: [ID_PARAMETER],
    get: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/products/replace', {
    parameters: [ID_PARAMETER],
    put: operation({
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
    }),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/products/{copyId}', {
    parameters: [ID_PARAMETER, copyParameter('product')],
    put: updateCopy('product'),
    delete: detachCopy('product', 'Product'),
  }),
  ...subscriptionPath('/subscriptions/offerings/{id}/plans/{copyId}', {
    parameters: [ID_PARAMETER, copyParameter('plan')],
    put: updateCopy('plan'),
    delete: detachCopy('plan', 'Plan'),
  }),
};
