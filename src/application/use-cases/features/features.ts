import { FEATURES, type FeatureAttributes, type FeatureChanges } from '../../../domain/features/feature.js';
import { TOKENS } from '../../tokens.js';
import { recordUseCases } from '../record-use-cases.js';
import { storeRecordBodies } from '../store-records.js';

/** A store's features; an external_ref is held by one feature of the store at most. */
const FEATURE_USE_CASES = recordUseCases(
  storeRecordBodies<FeatureAttributes, FeatureChanges>({ kind: FEATURES, takenCode: 'external_ref_taken' }),
  TOKENS.FeatureRepository,
);

export const CreateFeature = FEATURE_USE_CASES.Create;
export type CreateFeature = InstanceType<typeof CreateFeature>;
export const GetFeature = FEATURE_USE_CASES.Get;
export type GetFeature = InstanceType<typeof GetFeature>;
export const ListFeatures = FEATURE_USE_CASES.List;
export type ListFeatures = InstanceType<typeof ListFeatures>;
export const UpdateFeature = FEATURE_USE_CASES.Update;
export type UpdateFeature = InstanceType<typeof UpdateFeature>;
export const DeleteFeature = FEATURE_USE_CASES.Delete;
export type DeleteFeature = InstanceType<typeof DeleteFeature>;
