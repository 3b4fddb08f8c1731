import { inject, injectable } from 'inversify';
import type { NewStoreRecords, StoreRepository } from '../../../application/ports/store-repository.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/store/store.js';
import { applicationKeyToRow, mappingToRow, storeFromRow, storeToRow } from './row-mappers.js';
import { PERSISTENCE } from './persistence-tokens.js';
import type { DatabaseHandle } from './open-database.js';

@injectable()
export class KyselyStoreRepository implements StoreRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async create(records: NewStoreRecords): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('stores').values(storeToRow(records.store)).execute();
      await trx.insertInto('application_keys').values(applicationKeyToRow(records.firstKey)).execute();
      await trx.insertInto('merchant_realm_mappings').values(mappingToRow(records.realmMapping)).execute();
    });
  }

  async findById(id: Uuid): Promise<Store | undefined> {
    const row = await this.handle.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : storeFromRow(row);
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.handle.db.selectFrom('stores').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async setPageLength(id: Uuid, pageLength: number): Promise<Store | undefined> {
    await this.handle.db.updateTable('stores').set({ page_length: pageLength }).where('id', '=', id).execute();
    return this.findById(id);
  }
}
