import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../../../../domain/stores/store.js';
import type { StoresTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

export const storeFromRow = (row: Selectable<StoresTable>): Store => ({
  id: storedUuid('store id', row.id),
  name: row.name,
  rateLimit: Number(row.rate_limit),
  pageLength: Number(row.page_length),
  createdAt: row.created_at,
});

export const storeToRow = (store: Store): Insertable<StoresTable> => ({
  id: store.id,
  name: store.name,
  rate_limit: store.rateLimit,
  page_length: store.pageLength,
  created_at: store.createdAt,
});
