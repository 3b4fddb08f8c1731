import * as E from 'fp-ts/lib/Either.js';
import type { Offering, OfferingFeature, OfferingProduct } from '../catalogue/offering.js';
import { ATTACH_MAX } from '../catalogue/offering-input.js';
import { issues } from '../shared/errors.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { storeRecordParsers } from '../store-records/store-record.js';
import { FEATURE_FIELDS, type FeatureAttributes } from './feature.js';
import { configurationProblems, withoutFeature } from './plan-feature-configuration.js';

export const OFFERING_FEATURE_TYPE = 'subscription_offering_feature';
export const OFFERING_FEATURE_NOT_FOUND = 'subscription offering feature not found';

/** A feature made inside an offering, or a change to the offering's copy: a store feature's fields and rules. */
export const {
  parseNew: parseNewOfferingFeature,
  parseChanges: parseOfferingFeatureChanges,
  whole: wholeOfferingFeature,
} = storeRecordParsers(OFFERING_FEATURE_TYPE, FEATURE_FIELDS, 'offering feature', E.right);

/** The reference as EPCC's build and attach take it: a feature's id, or else its `external_ref`. */
export const featureReference = (reference: string): { readonly id: Uuid } | { readonly externalRef: string } => {
  const id = parseUuid(reference);
  return id === undefined ? { externalRef: reference } : { id };
};

/** `{"data": {"features": [...]}}` of an attach: 1 to `ATTACH_MAX` ids or external_refs. */
export const parseFeatureAttachment = (data: unknown): Parsed<readonly string[]> => {
  const features = isRecord(data) ? data['features'] : undefined;
  if (
    !Array.isArray(features) ||
    features.length === 0 ||
    features.length > ATTACH_MAX ||
    features.some((f) => typeof f !== 'string' || f.length === 0)
  )
    return E.left(
      issues('data.features', `must be a list of 1 to ${ATTACH_MAX} feature ids or external_refs of the store`),
    );
  return E.right([...new Set(features as string[])]);
};

/** Whether another of the offering's features already has this external_ref (it names one feature in a build). */
export const externalRefHeld = (
  features: readonly OfferingFeature[],
  externalRef: string | undefined,
  exceptId?: Uuid,
): boolean =>
  externalRef !== undefined && features.some((f) => f.id !== exceptId && f.attributes.external_ref === externalRef);

/**
 * The offering without one of its features: the configurations its plans had of it go with it, as EPCC's
 * delete refuses nothing (Stripe detaches a product's feature the same way). Undefined when it holds none.
 */
export const withoutOfferingFeature = (
  offering: Offering,
  featureId: Uuid,
): Pick<Offering, 'features' | 'products'> | undefined => {
  if (!offering.features.some((f) => f.id === featureId)) return undefined;
  return {
    features: offering.features.filter((f) => f.id !== featureId),
    products: offering.products.map((product) => {
      const configurations = product.attributes.feature_configurations;
      const kept = withoutFeature(configurations, featureId);
      return kept === configurations
        ? product
        : { ...product, attributes: { ...product.attributes, feature_configurations: kept ?? {} } };
    }),
  };
};

/**
 * The plans (product copies) whose configuration of this feature would no longer fit it once its attributes
 * are these: a changed type, or a promotion tag it stops offering.
 */
export const plansMisfitBy = (
  products: readonly OfferingProduct[],
  featureId: Uuid,
  attributes: FeatureAttributes,
): readonly OfferingProduct[] =>
  products.filter((product) => {
    const configuration = product.attributes.feature_configurations?.[featureId];
    return (
      configuration !== undefined &&
      configurationProblems([{ id: featureId, attributes }], { [featureId]: configuration }, '').length > 0
    );
  });

/** The offering's products (2025 plans) that configure a feature: what a 2024 rewrite of its products would drop. */
export const productsConfiguringFeatures = (offering: Offering): readonly OfferingProduct[] =>
  offering.products.filter((p) => Object.keys(p.attributes.feature_configurations ?? {}).length > 0);

/** Why a 2024 write that would rebuild those products is refused (the 2025 wire keeps them). */
export const featuresWouldBeDropped = (products: readonly OfferingProduct[]): string =>
  `the offering's products ${products.map((p) => p.id).join(', ')} configure features (as 2025 plans), which the 2024 generation does not carry: replacing them would drop those feature_configurations; change them through the 2025 generation (/generations/2025/v2/...) instead`;
