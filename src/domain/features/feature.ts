import * as E from 'fp-ts/lib/Either.js';
import { parseCatalogueName, parseDescription, parseExternalRef } from '../catalogue/catalogue-fields.js';
import { type Changes, type Created, optionalField, requiredField } from '../shared/record-parser.js';
import {
  BY_EXTERNAL_REF_LIST,
  type StoreRecord,
  type StoreRecordKind,
  storeRecordParsers,
} from '../store-records/store-record.js';
import { parseFeatureConfiguration } from './feature-configuration.js';

export const FEATURE_TYPE = 'subscription_feature';

export const FEATURE_FIELDS = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
  configuration: requiredField(parseFeatureConfiguration),
};

/** A feature's attributes, named as EPCC's 2025 API names them. */
export type FeatureAttributes = Created<typeof FEATURE_FIELDS>;
export type FeatureChanges = Changes<typeof FEATURE_FIELDS>;

/**
 * Something a subscription gives its subscriber beyond the plan itself (EPCC 2025): access to a thing, a
 * promotion, or a metered allowance, each named by a tag put on the subscriber's account. A store keeps
 * its features; offerings attach them and their plans configure them.
 */
export type Feature = StoreRecord<FeatureAttributes>;

/** EPCC: `external_ref` is unique among the store's features, and the list filters on it. */
export const FEATURES: StoreRecordKind<FeatureAttributes, FeatureChanges, never> = {
  ...storeRecordParsers(FEATURE_TYPE, FEATURE_FIELDS, 'feature', E.right),
  exclusiveValue: (attributes) => attributes.external_ref,
  notFound: 'feature not found',
  list: BY_EXTERNAL_REF_LIST,
  taken: 'another feature of the store has this external_ref',
};
