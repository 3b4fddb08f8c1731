import type * as E from 'fp-ts/lib/Either.js';
import type { GatewaySettings } from '../../../domain/gateways/gateway-settings.js';
import type { GatewaySlug } from '../../../domain/gateways/gateway-slug.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * Storage of each store's gateway settings, a record per store and gateway; a gateway never changed has
 * the defaults. Credentials arrive and leave sealed: storage never sees them in the clear.
 */
export interface GatewaySettingsRepository {
  /** Every served gateway's settings, in `SERVED_GATEWAYS` order; undefined when there is no such store. */
  list(storeId: Uuid): Promise<readonly GatewaySettings[] | undefined>;
  /** The gateway's settings; undefined when there is no such store. */
  find(storeId: Uuid, slug: GatewaySlug): Promise<GatewaySettings | undefined>;
  /**
   * Reads, changes and stores one gateway's settings, one change at a time per store, audited in the same
   * transaction; undefined when there is no such store, and a refusal of `change` stores nothing.
   */
  update<R>(
    storeId: Uuid,
    slug: GatewaySlug,
    change: (current: GatewaySettings) => E.Either<R, GatewaySettings>,
  ): Promise<E.Either<R, GatewaySettings> | undefined>;
}
