import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Transaction } from 'kysely';
import {
  type LastOwner,
  lastOwner,
  type MerchantUserRepository,
} from '../../../../application/ports/people/merchant-user-repository.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import { type MerchantUser, removesLastOwner } from '../../../../domain/people/merchant-user.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { isUniqueViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { emailLookup, userFromRow, userToRow } from './people-rows.js';

type Locked = { readonly user: MerchantUser; readonly otherOwners: number };

/**
 * Email addresses are unique per store by `merchant_users_email`. A change or deletion locks the store's row
 * first, so two that could take the last owner's role run one after the other and the second counts the
 * owners the first left (locking the owners' rows instead deadlocked on MariaDB's gap locks).
 */
@injectable()
export class KyselyMerchantUserRepository implements MerchantUserRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async insert(user: MerchantUser): Promise<E.Either<Taken, MerchantUser>> {
    try {
      await this.handle.db.insertInto('merchant_users').values(userToRow(user)).execute();
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

  async list(storeId: Uuid, query: ListQuery): Promise<Page<MerchantUser>> {
    const [rows, total] = await Promise.all([
      pageNewestFirst(this.ofStore(storeId).selectAll(), query.page).execute(),
      cappedCount(this.handle.db, this.ofStore(storeId)),
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
      // Sessions go by their foreign key; credentials name the person in a column that has none.
      await trx
        .deleteFrom('password_profile_infos')
        .where('store_id', '=', storeId)
        .where('account_member_id', '=', id)
        .execute();
      await trx.deleteFrom('merchant_users').where('id', '=', id).execute();
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
