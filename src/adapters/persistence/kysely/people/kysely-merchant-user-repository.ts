import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Transaction } from 'kysely';
import {
  type LastOwner,
  lastOwner,
  type MerchantUserRepository,
} from '../../../../application/ports/people/merchant-user-repository.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import { MERCHANT_USER_AUDIT, PASSWORD_PROFILE_INFO_AUDIT } from '../../../../domain/audit/audited-records.js';
import { type MerchantUser, removesLastOwner } from '../../../../domain/people/merchant-user.js';
import type { MerchantUserFilterField, MerchantUserQuery } from '../../../../domain/people/merchant-user-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import { infoFromRow } from '../authentication-realms/authentication-realm-rows.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { isUniqueViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';

/** The columns the people's list filters compare, each indexed with the list's order (migration 0040). */
const FILTER_COLUMNS: Readonly<Record<MerchantUserFilterField, FilterColumn>> = {
  name: { column: 'name' },
  email: { column: 'email' },
  role: { column: 'role' },
};

import { emailLookup, userFromRow, userToRow } from './people-rows.js';

type Locked = { readonly user: MerchantUser; readonly otherOwners: number };

/**
 * Email addresses are unique per store by `merchant_users_email`. A change or deletion locks the store's row
 * first, so two that could take the last owner's role run one after the other and the second counts the
 * owners the first left (locking the owners' rows instead deadlocked on MariaDB's gap locks).
 */
@injectable()
export class KyselyMerchantUserRepository implements MerchantUserRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  async insert(user: MerchantUser): Promise<E.Either<Taken, MerchantUser>> {
    try {
      await this.handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('merchant_users').values(userToRow(user)).execute();
        await this.audit.record(trx, user.storeId, [MERCHANT_USER_AUDIT.created(user.id, user)]);
      });
      return E.right(user);
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      throw error;
    }
  }

  async findById(storeId: Uuid, id: Uuid): Promise<MerchantUser | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : userFromRow(row);
  }

  async findByEmail(storeId: Uuid, email: string): Promise<MerchantUser | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('email_key', '=', emailLookup(email)).executeTakeFirst();
    return row === undefined ? undefined : userFromRow(row);
  }

  async list(storeId: Uuid, query: MerchantUserQuery): Promise<Page<MerchantUser>> {
    const filtered = this.ofStore(storeId).where(matching(query.filter, FILTER_COLUMNS));
    const [rows, total] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(userFromRow), query.page, total, 'capped');
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: MerchantUser) => MerchantUser,
  ): Promise<E.Either<Missing | Taken | LastOwner, MerchantUser>> {
    try {
      return await this.handle.db.transaction().execute(async (trx) => {
        const locked = await this.lock(trx, storeId, id);
        if (locked === undefined) return E.left(missing);
        const changed = change(locked.user);
        if (removesLastOwner(locked.user, changed, locked.otherOwners)) return E.left(lastOwner);
        const { name, email, email_key, role, updated_at, last_signed_in_at } = userToRow(changed);
        await trx
          .updateTable('merchant_users')
          .set({ name, email, email_key, role, updated_at, last_signed_in_at })
          .where('id', '=', id)
          .execute();
        await this.audit.record(trx, storeId, [MERCHANT_USER_AUDIT.updated(id, locked.user, changed)]);
        return E.right(changed);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      throw error;
    }
  }

  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | LastOwner, MerchantUser>> {
    return this.handle.db.transaction().execute(async (trx) => {
      const locked = await this.lock(trx, storeId, id);
      if (locked === undefined) return E.left(missing);
      if (removesLastOwner(locked.user, undefined, locked.otherOwners)) return E.left(lastOwner);
      // Sessions go by their foreign key; credentials and links to a provider's subject name the person in
      // a column that has none.
      const credentials = await trx
        .selectFrom('password_profile_infos')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('account_member_id', '=', id)
        .execute();
      await trx
        .deleteFrom('password_profile_infos')
        .where('store_id', '=', storeId)
        .where('account_member_id', '=', id)
        .execute();
      await trx.deleteFrom('oidc_profile_infos').where('store_id', '=', storeId).where('user_id', '=', id).execute();
      await trx.deleteFrom('merchant_users').where('id', '=', id).execute();
      await this.audit.record(trx, storeId, [
        ...credentials.map(infoFromRow).map((info) => PASSWORD_PROFILE_INFO_AUDIT.deleted(info.id, info)),
        MERCHANT_USER_AUDIT.deleted(id, locked.user),
      ]);
      return E.right(locked.user);
    });
  }

  async recordSignIn(storeId: Uuid, id: Uuid, at: Date): Promise<MerchantUser | undefined> {
    await this.handle.db
      .updateTable('merchant_users')
      .set({ last_signed_in_at: at })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
    return this.findById(storeId, id);
  }

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom('merchant_users').where('store_id', '=', storeId);
  }

  private async lock(trx: Transaction<Tables>, storeId: Uuid, id: Uuid): Promise<Locked | undefined> {
    await trx.selectFrom('stores').select('id').where('id', '=', storeId).forUpdate().execute();
    const row = await trx
      .selectFrom('merchant_users')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    const owners = await trx
      .selectFrom('merchant_users')
      .select('id')
      .where('store_id', '=', storeId)
      .where('role', '=', 'owner')
      .execute();
    if (row === undefined) return undefined;
    return { user: userFromRow(row), otherOwners: owners.filter((owner) => owner.id !== id).length };
  }
}
