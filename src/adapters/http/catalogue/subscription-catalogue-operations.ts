import { PLAN_TYPE } from '../../../domain/catalogue/plan.js';
import { PRODUCT_TYPE } from '../../../domain/catalogue/product.js';
import type { Parameter, Reference, Schema } from '../openapi/openapi-types.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  constant,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  requestFields,
  schemaRef,
} from '../openapi/schema-builders.js';
import type { RecordOperations } from '../routes/record-endpoints.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import {
  OPTIONAL_PLAN_FIELDS,
  OPTIONAL_PRODUCT_FIELDS,
  planFields,
  productFields,
} from './subscription-catalogue-schemas.js';

interface CatalogueKind {
  /** `products` or `plans`. */
  readonly collection: string;
  readonly singular: string;
  readonly operationName: string;
  readonly type: string;
  readonly schema: string;
  readonly fields: Readonly<Record<string, Schema>>;
  readonly optional: readonly string[];
  /** Extra parameters of reads (a product's display currency). */
  readonly readParameters: readonly (Parameter | Reference)[];
}

const typedAttributes = (type: string, attributes: Schema): Schema =>
  dataRequest(openObject({ type: constant(type), attributes }, ['type', 'attributes']));

const catalogueOperations = (kind: CatalogueKind): RecordOperations => {
  const tag = 'Subscription catalogue';
  const item = schemaRef(kind.schema);
  const notFound = `No ${kind.singular} of this store has this id.`;
  const invalid = 'Every invalid field, each with its `source` (`data.type`, `data.attributes.name`, ...).';
  const required = Object.keys(kind.fields).filter((name) => !kind.optional.includes(name));
  return {
    collection: `/subscriptions/${kind.collection}`,
    create: {
      operationId: `create${kind.operationName}`,
      summary: `Create a ${kind.singular}`,
      description: SUBSCRIPTIONS_EPCC,
      tag,
      access: 'edit-catalogue',
      post: true,
      parameters: kind.readParameters,
      requestBody: {
        description: `The new ${kind.singular}.`,
        content: jsonContent(
          typedAttributes(kind.type, openObject(requestFields(kind.fields, kind.optional), required)),
        ),
      },
      success: { '201': { description: `The ${kind.singular}.`, content: jsonContent(dataDocument(item)) } },
      errors: { 400: invalid },
    },
    list: {
      operationId: `list${kind.operationName}s`,
      summary: `List ${kind.collection}`,
      description: `${SUBSCRIPTIONS_EPCC} Newest first. Readable with an implicit token.`,
      tag,
      access: 'catalogue',
      parameters: [...PAGING_PARAMETERS, parameterRef('CatalogueFilter'), ...kind.readParameters],
      success: {
        '200': { description: `A page of ${kind.collection}.`, content: jsonContent(listResponseSchema(item)) },
      },
      errors: { 400: FILTERED_PAGE_REFUSED },
    },
    get: {
      operationId: `get${kind.operationName}`,
      summary: `Get a ${kind.singular}`,
      description: `${SUBSCRIPTIONS_EPCC} Readable with an implicit token.`,
      tag,
      access: 'catalogue',
      parameters: kind.readParameters,
      success: { '200': { description: `The ${kind.singular}.`, content: jsonContent(dataDocument(item)) } },
      errors: { 404: notFound },
    },
    update: {
      operationId: `update${kind.operationName}`,
      summary: `Update a ${kind.singular}`,
      description: `${SUBSCRIPTIONS_EPCC} A partial update: attributes left out keep their values. Offerings keep the copies they hold.`,
      tag,
      access: 'edit-catalogue',
      parameters: kind.readParameters,
      requestBody: {
        description: 'The attributes to change.',
        content: jsonContent(typedAttributes(kind.type, openObject(requestFields(kind.fields, kind.optional), []))),
      },
      success: {
        '200': { description: `The ${kind.singular} as it is now.`, content: jsonContent(dataDocument(item)) },
      },
      errors: { 400: invalid, 404: notFound },
    },
    remove: {
      operationId: `delete${kind.operationName}`,
      summary: `Delete a ${kind.singular}`,
      description: SUBSCRIPTIONS_EPCC,
      tag,
      access: 'edit-catalogue',
      success: DELETED,
      errors: { 404: notFound, 409: `The ${kind.singular} is used by an offering.`, codes: { 409: ['in_use'] } },
    },
  };
};

export const PRODUCT_OPERATIONS = catalogueOperations({
  collection: 'products',
  singular: 'product',
  operationName: 'SubscriptionProduct',
  type: PRODUCT_TYPE,
  schema: 'SubscriptionProduct',
  fields: productFields,
  optional: OPTIONAL_PRODUCT_FIELDS,
  readParameters: [parameterRef('Currency')],
});

export const PLAN_OPERATIONS = catalogueOperations({
  collection: 'plans',
  singular: 'plan',
  operationName: 'SubscriptionPlan',
  type: PLAN_TYPE,
  schema: 'SubscriptionPlan',
  fields: planFields,
  optional: OPTIONAL_PLAN_FIELDS,
  readParameters: [],
});
