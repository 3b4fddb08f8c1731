import * as E from 'fp-ts/lib/Either.js';
import type { Kysely } from 'kysely';
import { type InUse, inUse, type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Tables } from '../engine/schema.js';
import { isForeignKeyViolation } from '../engine/sql-flavor.js';

/** Tables whose rows other rows may refer to (without a cascade), each row owned by a store. */
export type ReferableTable =
  | 'subscription_products'
  | 'subscription_plans'
  | 'subscription_proration_policies'
  | 'subscription_dunning_rules'
  | 'subscription_schedules'
  | 'subscription_features';

/**
 * Deletes a store's row; a row something still refers to is refused by the database's foreign key, so a
 * reference made at the same moment can never be left dangling.
 */
export const deleteReferableRow = async (
  db: Kysely<Tables>,
  table: ReferableTable,
  storeId: Uuid,
  id: Uuid,
): Promise<E.Either<Missing | InUse, void>> => {
  try {
    const result = await db.deleteFrom(table).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? E.right(undefined) : E.left(missing);
  } catch (error) {
    if (isForeignKeyViolation(error)) return E.left(inUse);
    throw error;
  }
};
