import type { StoreRecord } from '../../../domain/store-records/store-record.js';
import { formatTimestamp } from '../timestamps.js';

/** EPCC's shape of a store's record: the attributes alone (no timestamps among them), and `meta` with the owner and the timestamps. */
export const storeRecordResource = <A extends object>(type: string, record: StoreRecord<A>, attributes: object) => ({
  id: record.id,
  type,
  attributes,
  meta: {
    owner: 'store',
    timestamps: { created_at: formatTimestamp(record.createdAt), updated_at: formatTimestamp(record.updatedAt) },
  },
});
