import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OfferingProrationRepository } from '../../../../application/ports/billing/offering-proration-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
} from '../../../../application/ports/storage-outcomes.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { storedUuid } from '../sql/stored-json.js';

/** The column migration 0008 adds to offerings; the offering repository itself never writes it. */
interface OfferingProrationColumn {
  proration_policy_id: string | null;
}

class PolicyGone extends Error {}

@injectable()
export class KyselyOfferingProrationRepository implements OfferingProrationRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async use(
    storeId: Uuid,
    offeringId: Uuid,
    policyId: Uuid | undefined,
  ): Promise<E.Either<Missing | ReferenceMissing, void>> {
    const db = this.handle.db.withTables<{ subscription_offerings: OfferingProrationColumn }>();
    try {
      return await db.transaction().execute(async (trx): Promise<E.Either<Missing | ReferenceMissing, void>> => {
        const offering = await trx
          .selectFrom('subscription_offerings')
          .select('id')
          .where('store_id', '=', storeId)
          .where('id', '=', offeringId)
          .forUpdate()
          .executeTakeFirst();
        if (offering === undefined) return E.left(missing);
        if (policyId !== undefined) {
          const policy = await trx
            .selectFrom('subscription_proration_policies')
            .select('id')
            .where('store_id', '=', storeId)
            .where('id', '=', policyId)
            .executeTakeFirst();
          if (policy === undefined) return E.left(referenceMissing);
        }
        try {
          await trx
            .updateTable('subscription_offerings')
            .set({ proration_policy_id: policyId ?? null })
            .where('id', '=', offeringId)
            .execute();
        } catch (error) {
          // The foreign key saw the policy deleted after it was read: the transaction is rolled back.
          throw isForeignKeyViolation(error) ? new PolicyGone() : error;
        }
        return E.right(undefined);
      });
    } catch (error) {
      if (error instanceof PolicyGone) return E.left(referenceMissing);
      throw error;
    }
  }

  async policyIdOf(storeId: Uuid, offeringId: Uuid): Promise<Uuid | undefined> {
    const db = this.handle.db.withTables<{ subscription_offerings: OfferingProrationColumn }>();
    const row = await db
      .selectFrom('subscription_offerings')
      .select('proration_policy_id')
      .where('store_id', '=', storeId)
      .where('id', '=', offeringId)
      .executeTakeFirst();
    return row?.proration_policy_id == null
      ? undefined
      : storedUuid('offering proration policy', row.proration_policy_id);
  }
}
