import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SettingsChanges } from '../../../../domain/settings/settings-input.js';
import {
  isSubscriptionsGeneration,
  type SubscriptionsGeneration,
} from '../../../../domain/settings/subscriptions-generation.js';
import type { Store } from '../../../../domain/stores/store.js';
import type { StoresTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

export const storeFromRow = (row: Selectable<StoresTable>): Store => ({
  id: storedUuid('store id', row.id),
  name: row.name,
  rateLimit: Number(row.rate_limit),
  pageLength: Number(row.page_length),
  subscriptionsGeneration: storedGeneration(row.subscriptions_generation),
  createdAt: row.created_at,
});

export const storeToRow = (store: Store): Insertable<StoresTable> => ({
  id: store.id,
  name: store.name,
  rate_limit: store.rateLimit,
  page_length: store.pageLength,
  subscriptions_generation: store.subscriptionsGeneration,
  created_at: store.createdAt,
});

const storedGeneration = (value: string): SubscriptionsGeneration => {
  if (!isSubscriptionsGeneration(value))
    throw new Error(`stored store has an unknown subscriptions generation: ${value}`);
  return value;
};

/** The columns of the settings a change gives; the others are left as they are. */
export const settingsToRow = (changes: SettingsChanges): Updateable<StoresTable> => ({
  ...(changes.pageLength === undefined ? {} : { page_length: changes.pageLength }),
  ...(changes.subscriptionsGeneration === undefined
    ? {}
    : { subscriptions_generation: changes.subscriptionsGeneration }),
});
