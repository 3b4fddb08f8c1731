import * as E from 'fp-ts/lib/Either.js';
import type { GatewaySettingsRepository } from '../../../../application/ports/gateways/gateway-settings-repository.js';
import { GATEWAY_SETTINGS_AUDIT, gatewaySettingsRecord } from '../../../../domain/audit/audited-records.js';
import { defaultGatewaySettings, type GatewaySettings } from '../../../../domain/gateways/gateway-settings.js';
import { type GatewaySlug, SERVED_GATEWAYS } from '../../../../domain/gateways/gateway-slug.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { gatewaySettingsColumns, gatewaySettingsOf, gatewaySettingsRow } from './gateway-settings-rows.js';

/** A row per store and gateway once changed; a gateway without one has the defaults. */
export class KyselyGatewaySettingsRepository implements GatewaySettingsRepository {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly audit: KyselyAuditRecorder,
  ) {}

  private async storeExists(storeId: Uuid): Promise<boolean> {
    const store = await this.handle.db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
    return store !== undefined;
  }

  async list(storeId: Uuid): Promise<readonly GatewaySettings[] | undefined> {
    const rows = await this.handle.db
      .selectFrom('gateway_settings')
      .selectAll()
      .where('store_id', '=', storeId)
      .execute();
    // A row exists only for a store that exists (the foreign key cascades): the store is looked up only without one.
    if (rows.length === 0 && !(await this.storeExists(storeId))) return undefined;
    const stored = new Map(rows.map((row) => [row.slug, gatewaySettingsOf(row)]));
    return SERVED_GATEWAYS.map((slug) => stored.get(slug) ?? defaultGatewaySettings(slug));
  }

  async find(storeId: Uuid, slug: GatewaySlug): Promise<GatewaySettings | undefined> {
    const row = await this.handle.db
      .selectFrom('gateway_settings')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (row !== undefined) return gatewaySettingsOf(row);
    return (await this.storeExists(storeId)) ? defaultGatewaySettings(slug) : undefined;
  }

  update<R>(
    storeId: Uuid,
    slug: GatewaySlug,
    change: (current: GatewaySettings) => E.Either<R, GatewaySettings>,
  ): Promise<E.Either<R, GatewaySettings> | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      // The store's row is the lock: two first changes cannot both insert, and no change is lost.
      const store = await trx
        .selectFrom('stores')
        .select('id')
        .where('id', '=', storeId)
        .forUpdate()
        .executeTakeFirst();
      if (store === undefined) return undefined;
      const row = await trx
        .selectFrom('gateway_settings')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      const current = row === undefined ? defaultGatewaySettings(slug) : gatewaySettingsOf(row);
      const changed = change(current);
      if (E.isLeft(changed)) return changed;
      await (row === undefined
        ? trx.insertInto('gateway_settings').values(gatewaySettingsRow(storeId, changed.right)).execute()
        : trx
            .updateTable('gateway_settings')
            .set(gatewaySettingsColumns(changed.right))
            .where('store_id', '=', storeId)
            .where('slug', '=', slug)
            .execute());
      await this.audit.record(trx, storeId, [
        GATEWAY_SETTINGS_AUDIT.updated(slug, gatewaySettingsRecord(current), gatewaySettingsRecord(changed.right)),
      ]);
      return changed;
    });
  }
}
