import type { Offering, OfferingItem } from '../../../../domain/catalogue/offering.js';
import { offeringAttributesFromStorage } from '../../../../domain/catalogue/offering-input.js';
import { planAttributesFromStorage } from '../../../../domain/catalogue/plan.js';
import { productAttributesFromStorage } from '../../../../domain/catalogue/product.js';
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
      itemFromJson('offering product', p, (a) => decodeStored('product', productAttributesFromStorage(a))),
    ),
    plans: list('plans').map((p) =>
      itemFromJson('offering plan', p, (a) => decodeStored('plan', planAttributesFromStorage(a))),
    ),
    // Snapshots taken before offerings held features have none.
    features: (o['features'] === undefined ? [] : list('features')).map((f) =>
      itemFromJson('offering feature', f, (a) => decodeStored('feature', FEATURES.fromStorage(a))),
    ),
    createdAt: storedDate('offering createdAt', o['createdAt']),
    updatedAt: storedDate('offering updatedAt', o['updatedAt']),
  };
};

export { itemFromJson };
