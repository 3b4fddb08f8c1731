import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Missing, missing, type OverBudget, overBudget } from '../../../../application/ports/storage-outcomes.js';
import type { NewStoreRecords, StoreRepository } from '../../../../application/ports/stores/store-repository.js';
import { STORE_SETTINGS_AUDIT, storeSettingsRecord } from '../../../../domain/audit/audited-records.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { StoreRates } from '../../../../domain/rate-limits/admission.js';
import type { SettingsChanges } from '../../../../domain/settings/settings-input.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Store } from '../../../../domain/stores/store.js';
import type { StoreQuery, StoreSummary } from '../../../../domain/stores/store-summary.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import { realmToRow } from '../authentication-realms/authentication-realm-rows.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { toNumber } from '../engine/sql-flavor.js';
import { applicationKeyToRow } from '../keys/application-key-rows.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { mappingToRow } from '../realm-mappings/realm-mapping-rows.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { settingsToRow, storeFromRow, storeToRow } from './store-rows.js';

@injectable()
export class KyselyStoreRepository implements StoreRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  async create(records: NewStoreRecords): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('stores').values(storeToRow(records.store)).execute();
      await trx.insertInto('application_keys').values(applicationKeyToRow(records.firstKey)).execute();
      await trx.insertInto('merchant_realm_mappings').values(mappingToRow(records.realmMapping)).execute();
      await trx
        .insertInto('authentication_realms')
        .values([realmToRow(records.accountRealm), realmToRow(records.merchantRealm)])
        .execute();
    });
  }

  async findById(id: Uuid): Promise<Store | undefined> {
    const row = await this.handle.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : storeFromRow(row);
  }

  async list(query: StoreQuery): Promise<Page<StoreSummary>> {
    const { db } = this.handle;
    // Counted for the stores of the page only, each on the key index that leads with store_id.
    const summaries = db
      .selectFrom('stores')
      .selectAll('stores')
      .select((eb) => [
        eb
          .selectFrom('application_keys')
          .select((keys) => keys.fn.countAll<string | number>().as('n'))
          .whereRef('application_keys.store_id', '=', 'stores.id')
          .as('key_count'),
        eb
          .selectFrom('application_keys')
          .select((keys) => keys.fn.sum<string | number | null>('application_keys.reserved_rate_limit').as('r'))
          .whereRef('application_keys.store_id', '=', 'stores.id')
          .as('reserved_rate_limit'),
      ]);
    const [rows, total] = await Promise.all([
      pageNewestFirst(summaries, query.page).execute(),
      cappedCount(db, db.selectFrom('stores')),
    ]);
    const items = rows.map(({ key_count, reserved_rate_limit, ...store }) => ({
      store: storeFromRow(store),
      keyCount: toNumber(key_count),
      reservedRateLimit: toNumber(reserved_rate_limit),
    }));
    return pageOf(items, query.page, total, 'capped');
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.handle.db.selectFrom('stores').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async rates(id: Uuid): Promise<StoreRates | undefined> {
    const rows = await this.handle.db
      .selectFrom('stores')
      .leftJoin('application_keys', (join) =>
        join
          .onRef('application_keys.store_id', '=', 'stores.id')
          .on('application_keys.reserved_rate_limit', 'is not', null),
      )
      .select(['stores.rate_limit', 'application_keys.id as key_id', 'application_keys.reserved_rate_limit'])
      .where('stores.id', '=', id)
      .execute();
    const first = rows[0];
    if (first === undefined) return undefined;
    const reservations = new Map<string, number>();
    for (const row of rows)
      if (row.key_id !== null && row.reserved_rate_limit !== null)
        reservations.set(row.key_id, Number(row.reserved_rate_limit));
    return { budget: Number(first.rate_limit), reservations };
  }

  async setRateLimit(id: Uuid, rateLimit: number): Promise<E.Either<Missing | OverBudget, Store>> {
    return this.handle.db.transaction().execute(async (trx) => {
      // The same lock a reservation takes, so a budget and a reservation cannot pass their checks together.
      const store = await trx.selectFrom('stores').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (store === undefined) return E.left(missing);
      const { total } = await trx
        .selectFrom('application_keys')
        .select((eb) => eb.fn.sum<string | number | null>('reserved_rate_limit').as('total'))
        .where('store_id', '=', id)
        .executeTakeFirstOrThrow();
      if (toNumber(total) > rateLimit) return E.left(overBudget);
      await trx.updateTable('stores').set({ rate_limit: rateLimit }).where('id', '=', id).execute();
      return E.right(storeFromRow({ ...store, rate_limit: rateLimit }));
    });
  }

  changeSettings(id: Uuid, changes: SettingsChanges): Promise<Store | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      // Under the store's row lock, so that the audited before is what this change replaced.
      const row = await trx.selectFrom('stores').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (row === undefined) return undefined;
      await trx.updateTable('stores').set(settingsToRow(changes)).where('id', '=', id).execute();
      const after = await trx.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const [before, changed] = [storeFromRow(row), storeFromRow(after)];
      await this.audit.record(trx, id, [
        STORE_SETTINGS_AUDIT.updated(id, storeSettingsRecord(before), storeSettingsRecord(changed)),
      ]);
      return changed;
    });
  }
}
