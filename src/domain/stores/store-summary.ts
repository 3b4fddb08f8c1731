import type { ListQuery, ListRules } from '../query/list-query.js';
import type { Store } from './store.js';

/** A store as an operator surveys it: its request budget beside what its keys reserve of it. */
export interface StoreSummary {
  readonly store: Store;
  readonly keyCount: number;
  /** Sum of the reservations of the store's keys, at most its `rateLimit`. */
  readonly reservedRateLimit: number;
}

/** Stores are listed whole, in the order of every list: no filter, nothing to include. */
export const STORE_LIST: ListRules = {};
export type StoreQuery = ListQuery;
