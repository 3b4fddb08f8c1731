import { recordEvents } from '../events/record-events.js';
import { parsePlanFeatureConfigurations } from '../features/plan-feature-configuration.js';
import { type Changes, type Created, optionalField, requiredField } from '../shared/record-parser.js';
import {
  parseCatalogueName,
  parseDescription,
  parseExternalRef,
  parseImageUri,
  parsePriceMap,
  parsePriceUnits,
  parseSku,
} from './catalogue-fields.js';
import { attributeRules, type CatalogueKind, type CatalogueRecord } from './catalogue-record.js';

export const PRODUCT_TYPE = 'subscription_product';

export const PRODUCT_FIELDS = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
  sku: optionalField(parseSku),
  main_image: optionalField(parseImageUri),
  price: optionalField(parsePriceMap),
  price_units: optionalField(parsePriceUnits),
};

/**
 * A product copied into an offering is a 2025 plan, which may also configure the offering's features
 * (keyed by offering feature id); an original product has none to configure.
 */
export const OFFERING_PRODUCT_FIELDS = {
  ...PRODUCT_FIELDS,
  feature_configurations: optionalField(parsePlanFeatureConfigurations),
};

/** A product's attributes, named as the API names them. */
export type ProductAttributes = Created<typeof OFFERING_PRODUCT_FIELDS>;
export type ProductChanges = Changes<typeof PRODUCT_FIELDS>;

/** Something sold by subscription; offerings carry copies of products. */
export type SubscriptionProduct = CatalogueRecord<ProductAttributes>;

/** What a product's event names: the product, as its GET returns it. */
export interface ProductSubject {
  readonly resource: 'product';
  readonly product: SubscriptionProduct;
}

export const PRODUCTS: CatalogueKind<ProductAttributes, ProductChanges, ProductSubject> = {
  ...attributeRules(PRODUCT_TYPE, PRODUCT_FIELDS, 'product'),
  // Stored copies keep their feature configurations.
  fromStorage: attributeRules(PRODUCT_TYPE, OFFERING_PRODUCT_FIELDS, 'product').fromStorage,
  notFound: 'subscription product not found',
  inUse: 'the product is used by an offering',
  events: recordEvents(
    {
      created: 'subscription-product.created',
      updated: 'subscription-product.updated',
      deleted: 'subscription-product.deleted',
    },
    PRODUCT_TYPE,
    (product) => ({ resource: 'product', product }),
  ),
};

export const {
  parseNew: parseProductAttributes,
  parseChanges: parseProductChanges,
  fromStorage: productAttributesFromStorage,
} = PRODUCTS;
