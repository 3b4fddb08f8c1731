import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  IntegrationRepository,
  LogScope,
} from '../../../../application/ports/integrations/integration-repository.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import { INTEGRATION_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { Delivery, DeliveryLog } from '../../../../domain/integrations/delivery.js';
import type { Integration } from '../../../../domain/integrations/integration.js';
import type {
  DeliveryFilterField,
  DeliveryQuery,
  IntegrationFilterField,
  IntegrationQuery,
  LogFilterField,
  LogQuery,
} from '../../../../domain/integrations/integration-query.js';
import type { FilterCondition } from '../../../../domain/query/filter.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { deliveryFromRow, integrationFromRow, integrationToRow, logFromRow } from './integration-rows.js';

const INTEGRATION_COLUMNS: Readonly<Record<Exclude<IntegrationFilterField, 'enabled'>, FilterColumn>> = {
  name: { column: 'name' },
  integration_type: { column: 'integration_type' },
};
const DELIVERY_COLUMNS: Readonly<Record<DeliveryFilterField, FilterColumn>> = {
  status: { column: 'status' },
  triggered_by: { column: 'observed_key' },
};

/** Booleans compare as booleans on PostgreSQL and as 0/1 on MySQL: both accept a bound boolean. */
const booleanCondition = <F extends string>(
  conditions: readonly FilterCondition<F>[],
  field: F,
): boolean | undefined => {
  const found = conditions.find((c) => c.field === field);
  return found === undefined || found.op !== 'eq' ? undefined : found.value === 'true';
};

const withoutField = <F extends string>(conditions: readonly FilterCondition<F>[], field: F) =>
  conditions.filter((c) => c.field !== field) as FilterCondition<Exclude<F, typeof field>>[];

@injectable()
export class KyselyIntegrationRepository implements IntegrationRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  async insert(integration: Integration): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('integrations').values(integrationToRow(integration)).execute();
      await this.audit.record(trx, integration.storeId, [INTEGRATION_AUDIT.created(integration.id, integration)]);
    });
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Integration | undefined> {
    const row = await this.handle.db
      .selectFrom('integrations')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : integrationFromRow(row);
  }

  update(storeId: Uuid, id: Uuid, change: (current: Integration) => Integration): Promise<Integration | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('integrations')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const current = integrationFromRow(row);
      const updated = change(current);
      const { id: _id, store_id: _store, created_at: _created, ...columns } = integrationToRow(updated);
      await trx.updateTable('integrations').set(columns).where('id', '=', id).execute();
      await this.audit.record(trx, storeId, [INTEGRATION_AUDIT.updated(id, current, updated)]);
      return updated;
    });
  }

  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing, void>> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('integrations')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      await trx.deleteFrom('integrations').where('id', '=', id).execute();
      await this.audit.record(trx, storeId, [INTEGRATION_AUDIT.deleted(id, integrationFromRow(row))]);
      return E.right(undefined);
    });
  }

  async list(storeId: Uuid, query: IntegrationQuery): Promise<Page<Integration>> {
    const enabled = booleanCondition(query.filter, 'enabled');
    let filtered = this.handle.db
      .selectFrom('integrations')
      .where('store_id', '=', storeId)
      .where(matching(withoutField(query.filter, 'enabled'), INTEGRATION_COLUMNS));
    if (enabled !== undefined) filtered = filtered.where('enabled', '=', enabled);
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(integrationFromRow), query.page, counted, 'capped');
  }

  async listDeliveries(storeId: Uuid, integrationId: Uuid, query: DeliveryQuery): Promise<Page<Delivery>> {
    const filtered = this.handle.db
      .selectFrom('integration_jobs')
      .where('store_id', '=', storeId)
      .where('integration_id', '=', integrationId)
      .where(matching(query.filter, DELIVERY_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(deliveryFromRow), query.page, counted, 'capped');
  }

  async findDelivery(storeId: Uuid, integrationId: Uuid, deliveryId: Uuid): Promise<Delivery | undefined> {
    const row = await this.handle.db
      .selectFrom('integration_jobs')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('integration_id', '=', integrationId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    return row === undefined ? undefined : deliveryFromRow(row);
  }

  async listLogs(storeId: Uuid, scope: LogScope, query: LogQuery): Promise<Page<DeliveryLog>> {
    const succeeded = booleanCondition<LogFilterField>(query.filter, 'succeeded');
    let filtered = this.handle.db.selectFrom('integration_logs').where('store_id', '=', storeId);
    if (scope.integrationId !== undefined) filtered = filtered.where('integration_id', '=', scope.integrationId);
    if (scope.deliveryId !== undefined) filtered = filtered.where('job_id', '=', scope.deliveryId);
    if (succeeded !== undefined) filtered = filtered.where('succeeded', '=', succeeded);
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(logFromRow), query.page, counted, 'capped');
  }
}
