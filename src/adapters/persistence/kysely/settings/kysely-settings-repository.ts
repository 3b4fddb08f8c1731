import * as E from 'fp-ts/lib/Either.js';
import type { Kysely, Selectable } from 'kysely';
import type { SettingsRepository } from '../../../../application/ports/settings/settings-repository.js';
import {
  ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
  type AuditedKind,
  CART_SETTINGS_AUDIT,
  CORS_SETTINGS_AUDIT,
} from '../../../../domain/audit/audited-records.js';
import {
  type AccountMembershipSettings,
  DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
} from '../../../../domain/settings/account-membership-settings.js';
import { type CartSettings, DEFAULT_CART_SETTINGS } from '../../../../domain/settings/cart-settings.js';
import {
  allowedOriginsList,
  type CorsSettings,
  DEFAULT_CORS_SETTINGS,
  parseAllowedOrigins,
} from '../../../../domain/settings/cors-settings.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { CartSettingsTable, Tables } from '../engine/schema.js';
import { decodeStored, parseJson } from '../sql/stored-json.js';

/** How one group of settings is kept: a row per store that changed them, keyed by the store. */
export interface SettingsRows<S> {
  readonly defaults: S;
  /** How a change of the group is audited. */
  readonly audited: AuditedKind<S>;
  /** The store's row, if it has one. */
  read(db: Kysely<Tables>, storeId: Uuid): Promise<S | undefined>;
  insert(db: Kysely<Tables>, storeId: Uuid, settings: S): Promise<unknown>;
  replace(db: Kysely<Tables>, storeId: Uuid, settings: S): Promise<unknown>;
}

/** A store without a row has the defaults; its first change inserts the row, later ones update it. */
export class KyselySettingsRepository<S> implements SettingsRepository<S> {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly rows: SettingsRows<S>,
    private readonly audit: KyselyAuditRecorder,
  ) {}

  async find(storeId: Uuid): Promise<S | undefined> {
    // A row exists only for a store that exists (the foreign key cascades), so the store is looked up only without one.
    const stored = await this.rows.read(this.handle.db, storeId);
    if (stored !== undefined) return stored;
    const store = await this.handle.db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
    return store === undefined ? undefined : this.rows.defaults;
  }

  update<R>(storeId: Uuid, change: (current: S) => E.Either<R, S>): Promise<E.Either<R, S> | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      // The store's row is the lock: two first changes cannot both insert, and no change is lost.
      const store = await trx
        .selectFrom('stores')
        .select('id')
        .where('id', '=', storeId)
        .forUpdate()
        .executeTakeFirst();
      if (store === undefined) return undefined;
      const stored = await this.rows.read(trx, storeId);
      const current = stored ?? this.rows.defaults;
      const changed = change(current);
      if (E.isLeft(changed)) return changed;
      await (stored === undefined
        ? this.rows.insert(trx, storeId, changed.right)
        : this.rows.replace(trx, storeId, changed.right));
      await this.audit.record(trx, storeId, [this.rows.audited.updated(storeId, current, changed.right)]);
      return changed;
    });
  }
}

const cartSettingsOf = (row: Selectable<CartSettingsTable>): CartSettings => ({
  cartExpiryDays: row.cart_expiry_days,
  customDiscountsEnabled: Boolean(row.custom_discounts_enabled),
  useRulePromotions: Boolean(row.use_rule_promotions),
  ...(row.snapshot_date === null ? {} : { snapshotDate: row.snapshot_date }),
});

const cartColumnsOf = (settings: CartSettings) => ({
  cart_expiry_days: settings.cartExpiryDays,
  custom_discounts_enabled: settings.customDiscountsEnabled,
  use_rule_promotions: settings.useRulePromotions,
  snapshot_date: settings.snapshotDate ?? null,
});

export const CART_SETTINGS_ROWS: SettingsRows<CartSettings> = {
  defaults: DEFAULT_CART_SETTINGS,
  audited: CART_SETTINGS_AUDIT,
  read: async (db, storeId) => {
    const row = await db.selectFrom('cart_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
    return row === undefined ? undefined : cartSettingsOf(row);
  },
  insert: (db, storeId, settings) =>
    db
      .insertInto('cart_settings')
      .values({ store_id: storeId, ...cartColumnsOf(settings) })
      .execute(),
  replace: (db, storeId, settings) =>
    db.updateTable('cart_settings').set(cartColumnsOf(settings)).where('store_id', '=', storeId).execute(),
};

export const ACCOUNT_MEMBERSHIP_SETTINGS_ROWS: SettingsRows<AccountMembershipSettings> = {
  defaults: DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
  audited: ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
  read: async (db, storeId) => {
    const row = await db
      .selectFrom('account_membership_settings')
      .select('membership_limit')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row === undefined ? undefined : { membershipLimit: row.membership_limit };
  },
  insert: (db, storeId, settings) =>
    db
      .insertInto('account_membership_settings')
      .values({ store_id: storeId, membership_limit: settings.membershipLimit })
      .execute(),
  replace: (db, storeId, settings) =>
    db
      .updateTable('account_membership_settings')
      .set({ membership_limit: settings.membershipLimit })
      .where('store_id', '=', storeId)
      .execute(),
};

const storedOrigins = (settings: CorsSettings): string => JSON.stringify(allowedOriginsList(settings));

export const CORS_SETTINGS_ROWS: SettingsRows<CorsSettings> = {
  defaults: DEFAULT_CORS_SETTINGS,
  audited: CORS_SETTINGS_AUDIT,
  read: async (db, storeId) => {
    const row = await db
      .selectFrom('cors_settings')
      .select('allowed_origins')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const origins = parseJson('allowed origins', row.allowed_origins);
    return { allowedOrigins: decodeStored('allowed origins', parseAllowedOrigins('allowed_origins')(origins)) };
  },
  insert: (db, storeId, settings) =>
    db
      .insertInto('cors_settings')
      .values({ store_id: storeId, allowed_origins: storedOrigins(settings) })
      .execute(),
  replace: (db, storeId, settings) =>
    db
      .updateTable('cors_settings')
      .set({ allowed_origins: storedOrigins(settings) })
      .where('store_id', '=', storeId)
      .execute(),
};
