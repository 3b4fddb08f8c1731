import { MERCHANT_REALM_MAPPING_TYPE, PREFIX_IN_USE } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { PREFIX_MAX, PREFIX_MIN, PREFIX_PATTERN } from '../../../domain/realm-mappings/prefix-input.js';
import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent, operation } from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  nullable,
  openObject,
  schemaRef,
  uuid,
} from '../openapi/schema-builders.js';

const TAG = 'Merchant realm mappings';
const EPCC = 'As EPCC (`openapispecs/merchantrealmmappings/OpenAPISpec.yaml` in elasticpath/elasticpath-dev).';
const prefix: Schema = {
  type: 'string',
  minLength: PREFIX_MIN,
  maxLength: PREFIX_MAX,
  pattern: PREFIX_PATTERN.source,
  description: `${PREFIX_MIN} to ${PREFIX_MAX} ASCII letters and digits, unique across stores regardless of case.`,
};

const mapping: Schema = closedObject({
  id: uuid,
  type: constant(MERCHANT_REALM_MAPPING_TYPE),
  prefix: { ...nullable(prefix), description: 'The login prefix of the store; null until it is first set.' },
  realm_id: uuid,
  store_id: uuid,
});

export const MERCHANT_REALM_MAPPING_SCHEMAS = { MerchantRealmMapping: mapping };

const mappingDocument = jsonContent(dataDocument(schemaRef('MerchantRealmMapping')));
const NOT_FOUND = 'No mapping of this store has this id (a store has exactly one).';

export const merchantRealmMappingPaths: Readonly<Record<string, PathItem>> = {
  '/v2/merchant-realm-mappings': {
    get: operation({
      operationId: 'getStoreMerchantRealmMapping',
      summary: "Get the store's merchant realm mapping",
      description: `${EPCC} The store's one mapping, as a single object rather than a list.`,
      tag: TAG,
      access: 'admin',
      success: { '200': { description: 'The mapping.', content: mappingDocument } },
      errors: { 404: 'The store has no mapping (only when it was removed outside the API).' },
    }),
  },
  '/v2/merchant-realm-mappings/{id}': {
    parameters: [ID_PARAMETER],
    get: operation({
      operationId: 'getMerchantRealmMapping',
      summary: 'Get a merchant realm mapping',
      description: EPCC,
      tag: TAG,
      access: 'admin',
      success: { '200': { description: 'The mapping.', content: mappingDocument } },
      errors: { 404: NOT_FOUND },
    }),
    put: operation({
      operationId: 'updateMerchantRealmMapping',
      summary: "Set the store's login prefix",
      description: EPCC,
      tag: TAG,
      access: 'admin',
      requestBody: {
        description: 'The new prefix.',
        content: jsonContent(
          dataRequest(openObject({ type: constant(MERCHANT_REALM_MAPPING_TYPE), prefix }, ['type', 'prefix'])),
        ),
      },
      success: { '200': { description: 'The mapping as it is now.', content: mappingDocument } },
      errors: {
        400: 'A missing or wrong `type`, a missing or malformed `prefix`.',
        404: NOT_FOUND,
        409: `Another store has this prefix: \`${PREFIX_IN_USE}\`.`,
        codes: { 409: ['prefix_taken'] },
      },
    }),
  },
};
