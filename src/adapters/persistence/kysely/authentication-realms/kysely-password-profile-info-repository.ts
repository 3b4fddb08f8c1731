import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  MemberPlace,
  PasswordProfileInfoRepository,
} from '../../../../application/ports/authentication-realms/password-profile-info-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import { PASSWORD_PROFILE_INFO_AUDIT } from '../../../../domain/audit/audited-records.js';
import {
  type PasswordProfileInfo,
  usernameKey,
} from '../../../../domain/authentication-realms/password-profile-info.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { infoFromRow, infoToRow, usernameLookup } from './authentication-realm-rows.js';

@injectable()
export class KyselyPasswordProfileInfoRepository implements PasswordProfileInfoRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  private ofMember(member: MemberPlace) {
    return this.handle.db
      .selectFrom('password_profile_infos')
      .where('store_id', '=', member.storeId)
      .where('account_member_id', '=', member.accountMemberId);
  }

  async insert(info: PasswordProfileInfo): Promise<E.Either<Taken | ReferenceMissing, PasswordProfileInfo>> {
    try {
      await this.handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('password_profile_infos').values(infoToRow(info)).execute();
        await this.audit.record(trx, info.storeId, [PASSWORD_PROFILE_INFO_AUDIT.created(info.id, info)]);
      });
      return E.right(info);
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      if (isForeignKeyViolation(error)) return E.left(referenceMissing);
      throw error;
    }
  }

  async find(member: MemberPlace, id: Uuid): Promise<PasswordProfileInfo | undefined> {
    const row = await this.ofMember(member).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : infoFromRow(row);
  }

  async listForMember(member: MemberPlace, query: ListQuery): Promise<Page<PasswordProfileInfo>> {
    const [rows, total] = await Promise.all([
      pageNewestFirst(this.ofMember(member).selectAll(), query.page).execute(),
      cappedCount(this.handle.db, this.ofMember(member)),
    ]);
    return pageOf(rows.map(infoFromRow), query.page, total, 'capped');
  }

  async findByUsername(
    storeId: Uuid,
    passwordProfileId: Uuid,
    username: string,
  ): Promise<PasswordProfileInfo | undefined> {
    const row = await this.handle.db
      .selectFrom('password_profile_infos')
      .selectAll()
      .where('password_profile_id', '=', passwordProfileId)
      .where('username_key', '=', usernameLookup(username))
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    // The key is a hash: the name itself is compared too.
    return row === undefined || usernameKey(row.username) !== usernameKey(username) ? undefined : infoFromRow(row);
  }

  async update(
    member: MemberPlace,
    id: Uuid,
    change: (current: PasswordProfileInfo) => PasswordProfileInfo,
  ): Promise<E.Either<Missing | Taken, PasswordProfileInfo>> {
    try {
      return await this.handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('password_profile_infos')
          .selectAll()
          .where('store_id', '=', member.storeId)
          .where('account_member_id', '=', member.accountMemberId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined) return E.left(missing);
        const current = infoFromRow(row);
        const changed = change(current);
        const { username, username_key, password_hash, updated_at } = infoToRow(changed);
        await trx
          .updateTable('password_profile_infos')
          .set({ username, username_key, password_hash, updated_at })
          .where('id', '=', id)
          .execute();
        await this.audit.record(trx, member.storeId, [PASSWORD_PROFILE_INFO_AUDIT.updated(id, current, changed)]);
        return E.right(changed);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      throw error;
    }
  }

  async delete(member: MemberPlace, id: Uuid): Promise<boolean> {
    return (await this.deleteWhere(member, id)) > 0;
  }

  deleteForMember(member: MemberPlace): Promise<number> {
    return this.deleteWhere(member, undefined);
  }

  /** Deletes one of a member's credentials, or all of them, recording each as it was. */
  private deleteWhere(member: MemberPlace, id: Uuid | undefined): Promise<number> {
    return this.handle.db.transaction().execute(async (trx) => {
      const ofMember = trx
        .selectFrom('password_profile_infos')
        .selectAll()
        .where('store_id', '=', member.storeId)
        .where('account_member_id', '=', member.accountMemberId);
      const rows = await (id === undefined ? ofMember : ofMember.where('id', '=', id)).forUpdate().execute();
      if (rows.length === 0) return 0;
      await trx
        .deleteFrom('password_profile_infos')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      await this.audit.record(
        trx,
        member.storeId,
        rows.map(infoFromRow).map((info) => PASSWORD_PROFILE_INFO_AUDIT.deleted(info.id, info)),
      );
      return rows.length;
    });
  }
}
