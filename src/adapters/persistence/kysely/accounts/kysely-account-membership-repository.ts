import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMembershipRepository } from '../../../../application/ports/accounts/account-membership-repository.js';
import type { ChangeEvent } from '../../../../application/ports/integrations/observed-payloads.js';
import {
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
import type {
  MembershipsOfAccountQuery,
  MembershipsOfMemberQuery,
} from '../../../../domain/accounts/account-membership-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, oldestFirst, pageNewestFirst } from '../sql/kysely-list.js';
import { accountFromRow, insertMembership, membershipFromRow } from './account-rows.js';
import { Refused, refusedWith } from './refusals.js';

@injectable()
export class KyselyAccountMembershipRepository implements AccountMembershipRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom('account_memberships').where('store_id', '=', storeId);
  }

  async insert(
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>> {
    return refusedWith<Taken | ReferenceMissing | LimitReached, void>(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          const stored = await insertMembership(trx, membership, membershipLimit);
          if (E.isLeft(stored)) throw new Refused(stored.left);
          await this.outbox.record(trx, membership.storeId, events);
        }),
      (error) => (isUniqueViolation(error) ? taken : isForeignKeyViolation(error) ? referenceMissing : undefined),
    );
  }

  async findById(storeId: Uuid, accountId: Uuid, id: Uuid): Promise<AccountMembership | undefined> {
    const row = await this.ofStore(storeId)
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : membershipFromRow(row);
  }

  async find(storeId: Uuid, accountId: Uuid, accountMemberId: Uuid): Promise<AccountMembership | undefined> {
    const row = await this.ofStore(storeId)
      .selectAll()
      .where('account_id', '=', accountId)
      .where('account_member_id', '=', accountMemberId)
      .executeTakeFirst();
    return row === undefined ? undefined : membershipFromRow(row);
  }

  async accountsOf(storeId: Uuid, accountMemberId: Uuid): Promise<readonly Account[]> {
    const rows = await oldestFirst(
      this.handle.db
        .selectFrom('account_memberships')
        .innerJoin('accounts', 'accounts.id', 'account_memberships.account_id')
        .selectAll('accounts')
        .where('account_memberships.store_id', '=', storeId)
        .where('account_memberships.account_member_id', '=', accountMemberId),
      'account_memberships',
    ).execute();
    return rows.map(accountFromRow);
  }

  async delete(
    storeId: Uuid,
    accountId: Uuid,
    id: Uuid,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Missing, void>> {
    const deleted = await this.outbox.around(
      this.handle.db,
      storeId,
      events,
      async (db) =>
        Number(
          (
            await db
              .deleteFrom('account_memberships')
              .where('store_id', '=', storeId)
              .where('account_id', '=', accountId)
              .where('id', '=', id)
              .executeTakeFirst()
          ).numDeletedRows,
        ) > 0,
      (found) => found,
    );
    return deleted ? E.right(undefined) : E.left(missing);
  }

  listOfAccount(storeId: Uuid, accountId: Uuid, query: MembershipsOfAccountQuery): Promise<Page<AccountMembership>> {
    return this.page(this.ofStore(storeId).where('account_id', '=', accountId), query);
  }

  listOfMember(
    storeId: Uuid,
    accountMemberId: Uuid,
    query: MembershipsOfMemberQuery,
  ): Promise<Page<AccountMembership>> {
    return this.page(this.ofStore(storeId).where('account_member_id', '=', accountMemberId), query);
  }

  private async page(
    memberships: ReturnType<KyselyAccountMembershipRepository['ofStore']>,
    query: MembershipsOfAccountQuery | MembershipsOfMemberQuery,
  ): Promise<Page<AccountMembership>> {
    const [rows, counted] = await Promise.all([
      pageNewestFirst(memberships.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, memberships),
    ]);
    return pageOf(rows.map(membershipFromRow), query.page, counted, 'capped');
  }
}
