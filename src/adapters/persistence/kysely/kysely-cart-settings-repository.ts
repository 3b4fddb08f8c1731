import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type { CartSettingsRepository } from '../../../application/ports/cart-settings-repository.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { DEFAULT_CART_SETTINGS, type CartSettings } from '../../../domain/store/cart-settings.js';
import type { DatabaseHandle } from './open-database.js';
import { PERSISTENCE } from './persistence-tokens.js';
import type { CartSettingsTable } from './schema.js';

const fromRow = (row: Selectable<CartSettingsTable>): CartSettings => ({
  cartExpiryDays: row.cart_expiry_days,
  customDiscountsEnabled: Boolean(row.custom_discounts_enabled),
  useRulePromotions: Boolean(row.use_rule_promotions),
  ...(row.snapshot_date === null ? {} : { snapshotDate: row.snapshot_date }),
});

const columnsOf = (settings: CartSettings) => ({
  cart_expiry_days: settings.cartExpiryDays,
  custom_discounts_enabled: settings.customDiscountsEnabled,
  use_rule_promotions: settings.useRulePromotions,
  snapshot_date: settings.snapshotDate ?? null,
});

/** A store without a row has the defaults; its first change inserts the row, later ones update it. */
@injectable()
export class KyselyCartSettingsRepository implements CartSettingsRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async find(storeId: Uuid): Promise<CartSettings | undefined> {
    const row = await this.handle.db
      .selectFrom('stores')
      .leftJoin('cart_settings', 'cart_settings.store_id', 'stores.id')
      .select(['stores.id', 'cart_settings.cart_expiry_days', 'cart_settings.custom_discounts_enabled', 'cart_settings.use_rule_promotions', 'cart_settings.snapshot_date'])
      .where('stores.id', '=', storeId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { id, cart_expiry_days, custom_discounts_enabled, use_rule_promotions, snapshot_date } = row;
    return cart_expiry_days === null || custom_discounts_enabled === null || use_rule_promotions === null
      ? DEFAULT_CART_SETTINGS
      : fromRow({ store_id: id, cart_expiry_days, custom_discounts_enabled, use_rule_promotions, snapshot_date });
  }

  update<R>(storeId: Uuid, change: (current: CartSettings) => E.Either<R, CartSettings>): Promise<E.Either<R, CartSettings> | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      // The store's row is the lock: two first changes cannot both insert, and no change is lost.
      const store = await trx.selectFrom('stores').select('id').where('id', '=', storeId).forUpdate().executeTakeFirst();
      if (store === undefined) return undefined;
      const row = await trx.selectFrom('cart_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
      const changed = change(row === undefined ? DEFAULT_CART_SETTINGS : fromRow(row));
      if (E.isLeft(changed)) return changed;
      if (row === undefined) await trx.insertInto('cart_settings').values({ store_id: storeId, ...columnsOf(changed.right) }).execute();
      else await trx.updateTable('cart_settings').set(columnsOf(changed.right)).where('store_id', '=', storeId).execute();
      return changed;
    });
  }
}
