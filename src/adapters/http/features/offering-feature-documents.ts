import type { OfferingFeature } from '../../../domain/catalogue/offering.js';
import { OFFERING_FEATURE_TYPE } from '../../../domain/features/offering-feature.js';
import { formatTimestamp } from '../timestamps.js';

/** A feature of an offering (or of a subscription's snapshot of it), under the id its plans configure it by. */
export const offeringFeatureResource = (feature: OfferingFeature) => ({
  id: feature.id,
  type: OFFERING_FEATURE_TYPE,
  attributes: feature.attributes,
  meta: {
    owner: 'store',
    timestamps: { created_at: formatTimestamp(feature.createdAt), updated_at: formatTimestamp(feature.updatedAt) },
  },
});
