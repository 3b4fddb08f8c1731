import { GetMerchantRealmMapping } from '../../../application/use-cases/realm-mappings/get-merchant-realm-mapping.js';
import { UpdateMerchantRealmPrefix } from '../../../application/use-cases/realm-mappings/update-merchant-realm-prefix.js';
import { MERCHANT_REALM_MAPPING_TYPE, PREFIX_IN_USE } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { PREFIX_MAX, PREFIX_MIN, PREFIX_PATTERN } from '../../../domain/realm-mappings/prefix-input.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, inData, withData } from '../endpoints/handlers.js';
import { idParam } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import { ID_PARAMETER, jsonContent } from '../openapi/operation-builder.js';
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
import type { UseCase } from '../routes/route-context.js';
import { merchantRealmMappingResource } from './merchant-realm-mapping-document.js';

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

const MERCHANT_REALM_MAPPING_SCHEMAS = { MerchantRealmMapping: mapping };

const mappingDocument = jsonContent(dataDocument(schemaRef('MerchantRealmMapping')));
const NOT_FOUND = 'No mapping of this store has this id (a store has exactly one).';

interface MerchantRealmMappingUseCases {
  readonly get: UseCase<GetMerchantRealmMapping>;
  readonly update: UseCase<UpdateMerchantRealmPrefix>;
}

/** `/v2/merchant-realm-mappings`: the store's one mapping, read and renamed with an admin token. */
export const MERCHANT_REALM_MAPPING_ENDPOINTS = concept<MerchantRealmMappingUseCases>({
  useCases: ({ use }) => ({ get: use(GetMerchantRealmMapping), update: use(UpdateMerchantRealmPrefix) }),
  schemas: MERCHANT_REALM_MAPPING_SCHEMAS,
  endpoints: [
    {
      method: 'get',
      path: '/v2/merchant-realm-mappings',
      spec: {
        operationId: 'getStoreMerchantRealmMapping',
        summary: "Get the store's merchant realm mapping",
        description: `${EPCC} The store's one mapping, as a single object rather than a list.`,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The mapping.', content: mappingDocument } },
        errors: { 404: 'The store has no mapping (only when it was removed outside the API).' },
      },
      handle: ({ get }) => answer((storeId) => get.execute(storeId), inData(merchantRealmMappingResource)),
    },
    {
      method: 'get',
      path: '/v2/merchant-realm-mappings/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getMerchantRealmMapping',
        summary: 'Get a merchant realm mapping',
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The mapping.', content: mappingDocument } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }) =>
        answer((storeId, ctx) => get.execute(storeId, idParam(ctx)), inData(merchantRealmMappingResource)),
    },
    {
      method: 'put',
      path: '/v2/merchant-realm-mappings/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
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
      },
      handle: ({ update }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data)),
          inData(merchantRealmMappingResource),
        ),
    },
  ],
});
