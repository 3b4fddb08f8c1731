import { type CustomAttributes, parseCustomAttributes } from '../../../../domain/catalogue/custom-attributes.js';
import type { Eligibility } from '../../../../domain/catalogue/eligibility.js';
import type { Offering, OfferingItem, OfferingProduct } from '../../../../domain/catalogue/offering.js';
import { offeringAttributesFromStorage } from '../../../../domain/catalogue/offering-input.js';
import { planAttributesFromStorage } from '../../../../domain/catalogue/plan.js';
import { type ProductAttributes, productAttributesFromStorage } from '../../../../domain/catalogue/product.js';
import { FEATURES } from '../../../../domain/features/feature.js';
import { decodeStored, record, storedDate, storedUuid } from '../sql/stored-json.js';

const itemFromJson = <A>(what: string, value: unknown, decode: (attributes: unknown) => A): OfferingItem<A> => {
  const item = record(what, value);
  return {
    id: storedUuid(`${what} id`, item['id']),
    ...(item['originId'] === undefined ? {} : { originId: storedUuid(`${what} origin`, item['originId']) }),
    attributes: decode(item['attributes']),
    createdAt: storedDate(`${what} createdAt`, item['createdAt']),
    updatedAt: storedDate(`${what} updatedAt`, item['updatedAt']),
  };
};

/** Stored eligibility (product id → plan ids), read back; absent or null is every product under every plan. */
export const eligibilityFromJson = (value: unknown): Eligibility | undefined => {
  if (value === undefined || value === null) return undefined;
  return Object.fromEntries(
    Object.entries(record('offering eligibility', value)).map(([product, plans]) => {
      if (!Array.isArray(plans)) throw new Error('stored offering eligibility is not a list of plans');
      return [storedUuid('eligible product', product), plans.map((plan) => storedUuid('eligible plan', plan))];
    }),
  );
};

/** Stored custom attributes, read back through the rule that admits them; absent or null is none. */
export const customAttributesFromJson = (value: unknown): CustomAttributes | undefined =>
  value === undefined || value === null
    ? undefined
    : decodeStored('custom attributes', parseCustomAttributes(value, ''));

/** An offering's `eligibility` member: none when every product may be bought under every plan. */
export const eligible = (eligibility: Eligibility | undefined): { readonly eligibility?: Eligibility } =>
  eligibility === undefined ? {} : { eligibility };

const withCustomAttributes = (item: OfferingItem<ProductAttributes>, stored: unknown): OfferingProduct => {
  const customAttributes = customAttributesFromJson(stored);
  return customAttributes === undefined ? item : { ...item, customAttributes };
};

/** An offering snapshot as stored: the whole offering, with its copies, as JSON. */
export const offeringToJson = (offering: Offering): string => JSON.stringify(offering);

export const offeringFromJson = (value: unknown): Offering => {
  const o = record('offering', value);
  const list = (key: string): unknown[] => {
    const items = o[key];
    if (!Array.isArray(items)) throw new Error(`stored offering ${key} is not a list`);
    return items;
  };
  return {
    id: storedUuid('offering id', o['id']),
    storeId: storedUuid('offering store', o['storeId']),
    attributes: decodeStored('offering', offeringAttributesFromStorage(o['attributes'])),
    version: Number(o['version']),
    products: list('products').map((p) =>
      withCustomAttributes(
        itemFromJson('offering product', p, (a) => decodeStored('product', productAttributesFromStorage(a))),
        record('offering product', p)['customAttributes'],
      ),
    ),
    plans: list('plans').map((p) =>
      itemFromJson('offering plan', p, (a) => decodeStored('plan', planAttributesFromStorage(a))),
    ),
    // Snapshots taken before offerings held features have none.
    features: (o['features'] === undefined ? [] : list('features')).map((f) =>
      itemFromJson('offering feature', f, (a) => decodeStored('feature', FEATURES.fromStorage(a))),
    ),
    ...eligible(eligibilityFromJson(o['eligibility'])),
    createdAt: storedDate('offering createdAt', o['createdAt']),
    updatedAt: storedDate('offering updatedAt', o['updatedAt']),
  };
};

export { itemFromJson, withCustomAttributes };
