import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMemberRepository } from '../../../../application/ports/accounts/account-member-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import type { AccountMember } from '../../../../domain/accounts/account-member.js';
import type { AccountMemberFilterField, AccountMemberQuery } from '../../../../domain/accounts/account-member-query.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isUniqueViolation } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { emailIdentity, memberFromRow, memberToRow, removeMembershipsOf } from './account-rows.js';
import { Refused, refusedWith } from './refusals.js';

const FILTER_COLUMNS: Readonly<Record<AccountMemberFilterField, FilterColumn>> = {
  name: { column: 'name', key: 'name_key' },
  email: { column: 'email', key: 'email_key' },
};

const emailTaken = (error: unknown): Taken | undefined => (isUniqueViolation(error) ? taken : undefined);

@injectable()
export class KyselyAccountMemberRepository implements AccountMemberRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom('account_members').where('store_id', '=', storeId);
  }

  async insert(member: AccountMember, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>> {
    return refusedWith(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('account_members').values(memberToRow(member)).execute();
          await this.outbox.record(trx, member.storeId, events);
        }),
      emailTaken,
    );
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AccountMember | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : memberFromRow(row);
  }

  async findByEmail(storeId: Uuid, email: string): Promise<AccountMember | undefined> {
    // Served by the unique (store_id, email_identity) index.
    const row = await this.ofStore(storeId)
      .selectAll()
      .where('email_identity', '=', emailIdentity(email))
      .executeTakeFirst();
    return row === undefined ? undefined : memberFromRow(row);
  }

  async findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly AccountMember[]> {
    if (ids.length === 0) return [];
    const rows = await this.ofStore(storeId)
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map(memberFromRow);
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: AccountMember) => E.Either<R, AccountMember>,
    eventsOf: ChangeEventsOf<AccountMember>,
  ): Promise<E.Either<Missing | Taken | R, AccountMember>> {
    return refusedWith<Missing | Taken | R, AccountMember>(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('account_members')
            .selectAll()
            .where('store_id', '=', storeId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (row === undefined) throw new Refused(missing);
          const changed = change(memberFromRow(row));
          if (E.isLeft(changed)) throw new Refused(changed.left);
          const { id: _id, store_id: _store, created_at: _created, ...columns } = memberToRow(changed.right);
          await trx.updateTable('account_members').set(columns).where('id', '=', id).execute();
          await this.outbox.record(trx, storeId, eventsOf(changed.right));
          return changed.right;
        }),
      emailTaken,
    );
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing, void>> {
    return refusedWith<Missing, void>(
      () =>
        this.handle.db.transaction().execute(async (trx) => {
          const found = await trx
            .selectFrom('account_members')
            .select('id')
            .where('store_id', '=', storeId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (found === undefined) throw new Refused(missing);
          const memberships = await removeMembershipsOf(trx, storeId, 'account_member_id', id);
          await trx.deleteFrom('account_members').where('id', '=', id).execute();
          await this.outbox.record(trx, storeId, eventsOf(memberships));
        }),
      () => undefined,
    );
  }

  async list(storeId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>> {
    return this.page(this.ofStore(storeId), query);
  }

  async listUnassigned(storeId: Uuid, accountId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>> {
    // The anti-join probes the (account_id, account_member_id) unique key once per member.
    const unassigned = this.ofStore(storeId).where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('account_memberships')
            .select('account_memberships.id')
            .where('account_memberships.account_id', '=', accountId)
            .whereRef('account_memberships.account_member_id', '=', 'account_members.id'),
        ),
      ),
    );
    return this.page(unassigned, query);
  }

  private async page(
    members: ReturnType<KyselyAccountMemberRepository['ofStore']>,
    query: AccountMemberQuery,
  ): Promise<Page<AccountMember>> {
    const filtered = members.where(matching(query.filter, FILTER_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(memberFromRow), query.page, counted, 'capped');
  }
}
