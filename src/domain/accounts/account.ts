import type { Uuid } from '../shared/uuid.js';

export const ACCOUNT_TYPE = 'account';

/**
 * A store's customer organisation or household: what subscriptions bill (a subscriber's `account_id`), and
 * what members sign in to. A sub-account names its parent when made; the parent never changes, so the chain
 * above it (`ancestorIds`, the root first, the parent last) is fixed at creation too.
 */
export interface Account {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly name: string;
  readonly legalName?: string;
  /** Unique in the store when set. */
  readonly registrationId?: string;
  readonly externalRef?: string;
  readonly parentId?: Uuid;
  readonly ancestorIds: readonly Uuid[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
