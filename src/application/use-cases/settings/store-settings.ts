import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { Store } from '../../../domain/stores/store.js';

/**
 * The settings a store can change: the page length every list uses when `page[limit]` is absent, and the
 * subscriptions generation its un-prefixed paths speak.
 */
export interface StoreSettings {
  readonly pageLength: number;
  readonly subscriptionsGeneration: SubscriptionsGeneration;
}

export const settingsOf = (store: Store): StoreSettings => ({
  pageLength: store.pageLength,
  subscriptionsGeneration: store.subscriptionsGeneration,
});
