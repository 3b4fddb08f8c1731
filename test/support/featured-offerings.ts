import { randomIds } from '../../src/adapters/system/system-module.js';
import type { Offering, OfferingFeature } from '../../src/domain/catalogue/offering.js';
import type { FeatureConfiguration } from '../../src/domain/features/feature-configuration.js';
import type { PlanFeatureConfigurations } from '../../src/domain/features/plan-feature-configuration.js';

/** A feature as an offering holds it, made inside it. */
export const aFeatureCopy = (
  configuration: FeatureConfiguration,
  name = `Feature ${configuration.type}`,
): OfferingFeature => {
  const createdAt = new Date('2026-01-01T00:00:00.000Z');
  return { id: randomIds.uuid(), attributes: { name, configuration }, createdAt, updatedAt: createdAt };
};

/** The offering holding `features`, its products (2025 plans) configuring them as given, in product order. */
export const withFeatures = (
  offering: Offering,
  features: readonly OfferingFeature[],
  configurations: readonly PlanFeatureConfigurations[],
): Offering => ({
  ...offering,
  features,
  products: offering.products.map((product, i) => {
    const configured = configurations[i];
    return configured === undefined
      ? product
      : { ...product, attributes: { ...product.attributes, feature_configurations: configured } };
  }),
});
