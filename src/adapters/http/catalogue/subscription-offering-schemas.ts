import { OFFERING_PLAN_TYPE, OFFERING_PRODUCT_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import { OFFERING_INCLUDES, OFFERING_LIST } from '../../../domain/catalogue/offering-query.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import type { OperationSpec } from '../openapi/operation-builder.js';
import { jsonContent } from '../openapi/operation-builder.js';
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
import { filterParameter } from '../openapi/shared-components.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import {
  OPTIONAL_OFFERING_FIELDS,
  OPTIONAL_PLAN_FIELDS,
  OPTIONAL_PRODUCT_FIELDS,
  offeringFields,
  planFields,
  productFields,
} from './subscription-catalogue-schemas.js';

export const TAG = 'Subscription offerings';
export const ids = (what: string): Schema => ({
  ...arrayOf(uuid, { minItems: 1, maxItems: ATTACH_MAX }),
  description: `1 to ${ATTACH_MAX} ids of the store's ${what}; repeats count once.`,
});
/** The body naming the products to copy into an offering: `data.products`. */
export const productIdsRequest = jsonContent(dataRequest(openObject({ products: ids('products') }, ['products'])));
export const offering = schemaRef('SubscriptionOffering');
export const offeringDocument = jsonContent(dataDocument(offering));
export const NOT_FOUND = 'No offering of this store has this id.';
export const INVALID = 'Every invalid field, each with its `source`.';
export const currencyParameters = [parameterRef('Currency')];
export const copyParameter = (what: 'product' | 'plan'): Parameter => ({
  name: 'copyId',
  in: 'path',
  required: true,
  description: `The id of the offering's copy of the ${what} (not the original's). An id that is not a UUID, or that the offering does not hold, is answered 404.`,
  schema: { type: 'string', format: 'uuid' },
});
/** What attaching or replacing products answers: every product copy the offering holds then, or why not. */
/** A 2024 write refused because the offering holds what only the 2025 wire shows (`lostOn2024Wire`). */
export const GENERATION_MISMATCH =
  'The offering was shaped on the 2025 wire: its plans and pricing options are associated pair by pair (attaching here would associate nothing), or, for a replace, a plan has custom attributes it would drop. `detail` says which.';

export const PRODUCT_COPIES_ANSWER = {
  success: {
    '200': {
      description: 'Every product copy the offering now holds.',
      content: jsonContent(closedObject({ data: arrayOf(schemaRef('SubscriptionOfferingProduct')) })),
    },
  },
  errors: {
    400: INVALID,
    404: "The offering, or a product id, is not the store's.",
    409: GENERATION_MISMATCH,
    codes: { 409: ['generation_mismatch'] },
  },
} satisfies Pick<OperationSpec, 'success' | 'errors'>;
const COPY_NOT_FOUND = (what: 'product' | 'plan') =>
  `No offering of this store has this id, or the offering holds no ${what} copy with this id.`;
export const detachCopy = (what: 'product' | 'plan', operationName: string): OperationSpec => ({
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
export const updateCopy = (what: 'product' | 'plan'): OperationSpec => {
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
export const OFFERING_INCLUDE: Parameter = {
  name: 'include',
  in: 'query',
  description: `The offerings' copies to embed, comma-separated: ${OFFERING_INCLUDES.map((i) => `\`${i}\``).join(', ')}. \`included.plans\` / \`included.products\` hold each copy once, and are present (maybe empty) exactly when asked for. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string' },
};
export const includedMember = { included: schemaRef('SubscriptionIncluded') };
const catalogueFilter = filterParameter(OFFERING_LIST);
export const OFFERING_FILTER: Parameter = {
  ...catalogueFilter,
  description: `${catalogueFilter.description ?? ''} \`external_product_refs\` takes \`in\` only, as in EPCC: the offerings holding a product whose \`external_ref\` is one of the values. \`proration_policy_id\`: the offerings using that proration policy.`,
};
export const relationship = (what: string): Schema =>
  openObject(
    { data: arrayOf(openObject({ type: { type: 'string' }, id: uuid }, ['type', 'id']), { maxItems: ATTACH_MAX }) },
    ['data'],
    `Up to ${ATTACH_MAX} of the store's ${what} to copy into the offering, as resource identifiers; the relationship's name says what they are, so \`type\` is not checked. Repeats count once.`,
  );
export const newOffering = dataRequest(
  openObject(
    {
      type: constant(OFFERING_TYPE),
      attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), ['name']),
      relationships: openObject({ products: relationship('products'), plans: relationship('plans') }, []),
    },
    ['type', 'attributes'],
  ),
);
export const typedOffering = (required: readonly string[]) =>
  dataRequest(
    openObject(
      {
        type: constant(OFFERING_TYPE),
        attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), required),
      },
      ['type', 'attributes'],
    ),
  );
