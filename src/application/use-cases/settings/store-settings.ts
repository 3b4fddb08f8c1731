import type { Store } from '../../../domain/stores/store.js';

/** The settings a store can change: the page length every list uses when `page[limit]` is absent. */
export interface StoreSettings {
  readonly pageLength: number;
}

export const settingsOf = (store: Store): StoreSettings => ({ pageLength: store.pageLength });
