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
  readonly createdAt: Date;
}

export const newStore = (id: Uuid, name: string, now: Date): Store => ({
  id,
  name,
  rateLimit: DEFAULT_RATE_LIMIT,
  pageLength: DEFAULT_PAGE_LENGTH,
  createdAt: now,
});
