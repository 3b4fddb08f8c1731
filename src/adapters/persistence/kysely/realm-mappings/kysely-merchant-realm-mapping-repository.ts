import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { MerchantRealmMappingRepository } from '../../../../application/ports/realm-mappings/merchant-realm-mapping-repository.js';
import {
  type Missing,
  missing,
  type PrefixTaken,
  prefixTaken,
} from '../../../../application/ports/storage-outcomes.js';
import { REALM_MAPPING_AUDIT } from '../../../../domain/audit/audited-records.js';
import { type MerchantRealmMapping, prefixKey } from '../../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isUniqueViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { mappingFromRow } from './realm-mapping-rows.js';

@injectable()
export class KyselyMerchantRealmMappingRepository implements MerchantRealmMappingRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  private get mappings() {
    return this.handle.db.selectFrom('merchant_realm_mappings').selectAll();
  }

  async findByStore(storeId: Uuid): Promise<MerchantRealmMapping | undefined> {
    const row = await this.mappings.where('store_id', '=', storeId).executeTakeFirst();
    return row === undefined ? undefined : mappingFromRow(row);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<MerchantRealmMapping | undefined> {
    const row = await this.mappings.where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : mappingFromRow(row);
  }

  async findByPrefix(prefix: string): Promise<MerchantRealmMapping | undefined> {
    const row = await this.mappings.where('prefix_key', '=', prefixKey(prefix)).executeTakeFirst();
    return row === undefined ? undefined : mappingFromRow(row);
  }

  async setPrefix(
    storeId: Uuid,
    id: Uuid,
    prefix: string,
  ): Promise<E.Either<Missing | PrefixTaken, MerchantRealmMapping>> {
    try {
      return await this.handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('merchant_realm_mappings')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined) return E.left(missing);
        const before = mappingFromRow(row);
        await trx
          .updateTable('merchant_realm_mappings')
          .set({ prefix, prefix_key: prefixKey(prefix) })
          .where('id', '=', id)
          .execute();
        const after = { ...before, prefix };
        await this.audit.record(trx, storeId, [REALM_MAPPING_AUDIT.updated(id, before, after)]);
        return E.right(after);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(prefixTaken);
      throw error;
    }
  }
}
