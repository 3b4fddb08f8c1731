import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Transaction } from 'kysely';
import type { AccountRepository } from '../../../../application/ports/accounts/account-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type InUse,
  inUse,
  type LimitReached,
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { Account } from '../../../../domain/accounts/account.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type { AccountFilterField, AccountQuery } from '../../../../domain/accounts/account-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { accountFromRow, accountToRow, insertMembership, removeMembershipsOf } from './account-rows.js';
import { Refused, refusedWith } from './refusals.js';

const FILTER_COLUMNS: Readonly<Record<AccountFilterField, FilterColumn>> = {
  id: { column: 'id' },
  name: { column: 'name', key: 'name_key' },
  legal_name: { column: 'legal_name', key: 'legal_name_key' },
  registration_id: { column: 'registration_id' },
  external_ref: { column: 'external_ref', key: 'external_ref_key' },
};

/** A registration id another account holds, or a parent or member deleted while the write ran. */
const writeViolation = (error: unknown): Taken | ReferenceMissing | undefined =>
  isUniqueViolation(error) ? taken : isForeignKeyViolation(error) ? referenceMissing : undefined;

@injectable()
export class KyselyAccountRepository implements AccountRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom('accounts').where('store_id', '=', storeId);
  }

  /** The parent, locked so that it cannot be deleted before its sub-account is stored. */
  private async insertAccount(trx: Transaction<Tables>, account: Account): Promise<void> {
    if (account.parentId !== undefined) {
      const parent = await trx
        .selectFrom('accounts')
        .select('id')
        .where('store_id', '=', account.storeId)
        .where('id', '=', account.parentId)
        .forUpdate()
        .executeTakeFirst();
      if (parent === undefined) throw new Refused(referenceMissing);
    }
    await trx.insertInto('accounts').values(accountToRow(account)).execute();
  }

  async insert(account: Account, events: readonly ChangeEvent[]): Promise<E.Either<Taken | ReferenceMissing, void>> {
    return refusedWith(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          await this.insertAccount(trx, account);
          await this.outbox.record(trx, account.storeId, events);
        }),
      writeViolation,
    );
  }

  async insertWithMembership(
    account: Account,
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>> {
    return refusedWith(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          await this.insertAccount(trx, account);
          const stored = await insertMembership(trx, membership, membershipLimit);
          if (E.isLeft(stored)) throw new Refused(stored.left);
          await this.outbox.record(trx, account.storeId, events);
        }),
      writeViolation,
    );
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Account | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : accountFromRow(row);
  }

  async findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly Account[]> {
    if (ids.length === 0) return [];
    const rows = await this.ofStore(storeId)
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map(accountFromRow);
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Account) => E.Either<R, Account>,
    eventsOf: ChangeEventsOf<Account>,
  ): Promise<E.Either<Missing | Taken | R, Account>> {
    return refusedWith<Missing | Taken | R, Account>(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('accounts')
            .selectAll()
            .where('store_id', '=', storeId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (row === undefined) throw new Refused(missing);
          const changed = change(accountFromRow(row));
          if (E.isLeft(changed)) throw new Refused(changed.left);
          const { id: _id, store_id: _store, created_at: _created, ...columns } = accountToRow(changed.right);
          await trx.updateTable('accounts').set(columns).where('id', '=', id).execute();
          await this.outbox.record(trx, storeId, eventsOf(changed.right));
          return changed.right;
        }),
      (error) => (isUniqueViolation(error) ? taken : undefined),
    );
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing | InUse, void>> {
    return refusedWith<Missing | InUse, void>(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          const found = await trx
            .selectFrom('accounts')
            .select('id')
            .where('store_id', '=', storeId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (found === undefined) throw new Refused(missing);
          const child = await trx
            .selectFrom('accounts')
            .select('id')
            .where('store_id', '=', storeId)
            .where('parent_id', '=', id)
            .limit(1)
            .executeTakeFirst();
          if (child !== undefined) throw new Refused(inUse);
          const memberships = await removeMembershipsOf(trx, storeId, 'account_id', id);
          await trx.deleteFrom('accounts').where('id', '=', id).execute();
          await this.outbox.record(trx, storeId, eventsOf(memberships));
        }),
      () => undefined,
    );
  }

  async list(storeId: Uuid, query: AccountQuery): Promise<Page<Account>> {
    const filtered = this.ofStore(storeId).where(matching(query.filter, FILTER_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(accountFromRow), query.page, counted, 'capped');
  }
}
