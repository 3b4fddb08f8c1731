import {
  CreateFeature,
  DeleteFeature,
  GetFeature,
  ListFeatures,
  UpdateFeature,
} from '../../../application/use-cases/features/features.js';
import { FEATURE_TYPE, FEATURES, type Feature } from '../../../domain/features/feature.js';
import { concept, inGeneration } from '../endpoints/endpoint.js';
import { filterParameter } from '../openapi/shared-components.js';
import { type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { storeRecordResource } from '../routes/store-record-resource.js';
import { FEATURE_OPERATIONS, FEATURE_SCHEMAS } from './feature-operations.js';

const featureResource = (feature: Feature) => storeRecordResource(FEATURE_TYPE, feature, feature.attributes);

/**
 * `/subscriptions/features` (EPCC 2025): the store's features, readable by storefronts as the rest of the
 * catalogue is. Only the 2025 generation has them.
 */
export const FEATURE_ENDPOINTS = concept<RecordUseCases<Feature>>({
  useCases: ({ use }) => ({
    create: use(CreateFeature),
    list: use(ListFeatures),
    get: use(GetFeature),
    update: use(UpdateFeature),
    remove: use(DeleteFeature),
  }),
  schemas: FEATURE_SCHEMAS,
  parameters: { FeatureFilter: filterParameter(FEATURES.list) },
  endpoints: inGeneration(
    '2025',
    recordEndpoints(FEATURE_OPERATIONS, (u: RecordUseCases<Feature>) => u, featureResource),
  ),
});
