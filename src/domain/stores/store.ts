import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../settings/subscriptions-generation.js';
import type { Uuid } from '../shared/uuid.js';

export const DEFAULT_PAGE_LENGTH = 25;
const DEFAULT_RATE_LIMIT = 100;

/** A tenant: it owns every other resource and nothing crosses from one store to another. */
export interface Store {
  readonly id: Uuid;
  readonly name: string;
  /** Requests per second the store may make; application key reservations share it. */
  readonly rateLimit: number;
  /** Records per list page when a request gives no `page[limit]`. */
  readonly pageLength: number;
  /** What the store's un-prefixed subscriptions paths mean. */
  readonly subscriptionsGeneration: SubscriptionsGeneration;
  readonly createdAt: Date;
}

/** Every setting of a new store, which `DELETE /v2/settings` puts back. */
export const DEFAULT_STORE_SETTINGS = {
  pageLength: DEFAULT_PAGE_LENGTH,
  subscriptionsGeneration: DEFAULT_SUBSCRIPTIONS_GENERATION,
} as const satisfies Pick<Store, 'pageLength' | 'subscriptionsGeneration'>;

export const newStore = (id: Uuid, name: string, now: Date): Store => ({
  id,
  name,
  rateLimit: DEFAULT_RATE_LIMIT,
  ...DEFAULT_STORE_SETTINGS,
  createdAt: now,
});
