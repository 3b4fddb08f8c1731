import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Transaction } from 'kysely';
import type {
  ApplicationKeyPage,
  ApplicationKeyRepository,
  BudgetCheck,
} from '../../../../application/ports/keys/application-key-repository.js';
import { type Missing, missing, type OverBudget, overBudget } from '../../../../application/ports/storage-outcomes.js';
import { APPLICATION_KEY_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { ApplicationKey } from '../../../../domain/keys/application-key.js';
import type { ApplicationKeyQuery } from '../../../../domain/keys/application-key-query.js';
import type { ReservationBudget } from '../../../../domain/keys/reservation-budget.js';
import { pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { pageNewestFirst } from '../sql/kysely-list.js';
import { applicationKeyFromRow, applicationKeyToRow } from './application-key-rows.js';

/** Locks the store row, so that reservation writes of one store run one at a time, and reads its budget. */
const lockBudget = async (
  trx: Transaction<Tables>,
  storeId: Uuid,
  exceptKey: Uuid | null,
): Promise<ReservationBudget | undefined> => {
  const store = await trx
    .selectFrom('stores')
    .select('rate_limit')
    .where('id', '=', storeId)
    .forUpdate()
    .executeTakeFirst();
  if (store === undefined) return undefined;
  let reserved = trx
    .selectFrom('application_keys')
    .select((eb) => eb.fn.sum<string | number | null>('reserved_rate_limit').as('total'))
    .where('store_id', '=', storeId);
  if (exceptKey !== null) reserved = reserved.where('id', '<>', exceptKey);
  const { total } = await reserved.executeTakeFirstOrThrow();
  return { rateLimit: Number(store.rate_limit), reservedByOthers: toNumber(total) };
};

@injectable()
export class KyselyApplicationKeyRepository implements ApplicationKeyRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  insert(key: ApplicationKey, check: BudgetCheck): Promise<E.Either<Missing | OverBudget, void>> {
    return this.handle.db.transaction().execute(async (trx) => {
      const budget = await lockBudget(trx, key.storeId, null);
      if (budget === undefined) return E.left(missing);
      if (!check(budget)) return E.left(overBudget);
      await trx.insertInto('application_keys').values(applicationKeyToRow(key)).execute();
      await this.audit.record(trx, key.storeId, [APPLICATION_KEY_AUDIT.created(key.id, key)]);
      return E.right(undefined);
    });
  }

  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: ApplicationKey) => ApplicationKey,
    check: (budget: ReservationBudget, updated: ApplicationKey) => boolean,
  ): Promise<E.Either<Missing | OverBudget, ApplicationKey>> {
    return this.handle.db.transaction().execute(async (trx) => {
      const budget = await lockBudget(trx, storeId, id);
      const row = await trx
        .selectFrom('application_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (budget === undefined || row === undefined) return E.left(missing);
      const current = applicationKeyFromRow(row);
      const updated = change(current);
      if (!check(budget, updated)) return E.left(overBudget);
      // Every field a change may touch; last_used_at is markUsed's, which runs outside this lock.
      const {
        id: _id,
        store_id: _store,
        client_id: _client,
        created_at: _created,
        last_used_at: _used,
        ...changeable
      } = applicationKeyToRow(updated);
      await trx.updateTable('application_keys').set(changeable).where('id', '=', id).execute();
      await this.audit.record(trx, storeId, [APPLICATION_KEY_AUDIT.updated(id, current, updated)]);
      return E.right(updated);
    });
  }

  delete(storeId: Uuid, id: Uuid): Promise<boolean> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('application_keys')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return false;
      await trx.deleteFrom('application_keys').where('id', '=', id).execute();
      await this.audit.record(trx, storeId, [APPLICATION_KEY_AUDIT.deleted(id, applicationKeyFromRow(row))]);
      return true;
    });
  }

  async findById(storeId: Uuid, id: Uuid): Promise<ApplicationKey | undefined> {
    const row = await this.handle.db
      .selectFrom('application_keys')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : applicationKeyFromRow(row);
  }

  async findByClientId(clientId: string): Promise<ApplicationKey | undefined> {
    const row = await this.handle.db
      .selectFrom('application_keys')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row === undefined ? undefined : applicationKeyFromRow(row);
  }

  async list(storeId: Uuid, query: ApplicationKeyQuery): Promise<ApplicationKeyPage> {
    const ofStore = this.handle.db.selectFrom('application_keys').where('store_id', '=', storeId);
    const [rows, totals] = await Promise.all([
      pageNewestFirst(ofStore.selectAll(), query.page).execute(),
      ofStore
        .select((eb) => [
          eb.fn.countAll<string | number>().as('count'),
          eb.fn.sum<string | number | null>('reserved_rate_limit').as('reserved'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    // A store has few keys, and the reservation sum needs them all anyway: the count is always exact.
    return {
      ...pageOf(rows.map(applicationKeyFromRow), query.page, toNumber(totals.count), 'exact'),
      totalReservedRateLimit: toNumber(totals.reserved),
    };
  }

  async markUsed(id: Uuid, at: Date): Promise<void> {
    await this.handle.db.updateTable('application_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
