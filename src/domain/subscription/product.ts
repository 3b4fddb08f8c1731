import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { optionalField, parseChanges, parseCreated, requiredField, type Changes, type Created } from '../shared/record-parser.js';
import type { Uuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';
import {
  parseCatalogueName,
  parseDescription,
  parseExternalRef,
  parseImageUri,
  parsePriceMap,
  parsePriceUnits,
  parseSku,
  typedAttributes,
} from './catalogue-fields.js';

export const PRODUCT_TYPE = 'subscription_product';
export const PRODUCT_NOT_FOUND = 'subscription product not found';
export const PRODUCT_IN_USE = 'the product is used by an offering';

const PRODUCT_FIELDS = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
  sku: optionalField(parseSku),
  main_image: optionalField(parseImageUri),
  price: optionalField(parsePriceMap),
  price_units: optionalField(parsePriceUnits),
};

/** A product's attributes, named as the API names them. */
export type ProductAttributes = Created<typeof PRODUCT_FIELDS>;
export type ProductChanges = Changes<typeof PRODUCT_FIELDS>;

/** Something sold by subscription; offerings carry copies of products. */
export interface SubscriptionProduct {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: ProductAttributes;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const parseProductAttributes = (data: unknown): Parsed<ProductAttributes> =>
  pipe(
    typedAttributes(data, PRODUCT_TYPE),
    E.flatMap((attributes) => parseCreated(PRODUCT_FIELDS, attributes, 'data.attributes')),
  );

export const parseProductChanges = (data: unknown): Parsed<ProductChanges> =>
  pipe(
    typedAttributes(data, PRODUCT_TYPE),
    E.flatMap((attributes) => parseChanges(PRODUCT_FIELDS, attributes, 'data.attributes')),
  );

/** Product attributes as read back from storage: the same rules, so drifted data fails loudly. */
export const productAttributesFromStorage = (stored: unknown): Parsed<ProductAttributes> => parseCreated(PRODUCT_FIELDS, stored, 'product');
