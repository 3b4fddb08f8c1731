import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  OidcProfileInfoRepository,
  RealmUserPlace,
} from '../../../../application/ports/authentication-realms/oidc-profile-info-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { OidcProfileInfo } from '../../../../domain/authentication-realms/oidc-profile-info.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { oidcInfoFromRow, oidcInfoToRow } from './oidc-profile-rows.js';

@injectable()
export class KyselyOidcProfileInfoRepository implements OidcProfileInfoRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  private ofUser(user: RealmUserPlace) {
    return this.handle.db
      .selectFrom('oidc_profile_infos')
      .where('store_id', '=', user.storeId)
      .where('user_id', '=', user.userId)
      .where('realm_id', '=', user.realmId);
  }

  async insert(info: OidcProfileInfo): Promise<E.Either<Taken | ReferenceMissing, OidcProfileInfo>> {
    // The foreign key names the profile alone; its store and realm must be the link's too. They never change,
    // and a profile deleted after this read is caught by the foreign key.
    const profile = await this.handle.db
      .selectFrom('oidc_profiles')
      .select('id')
      .where('id', '=', info.oidcProfileId)
      .where('store_id', '=', info.storeId)
      .where('realm_id', '=', info.realmId)
      .executeTakeFirst();
    if (profile === undefined) return E.left(referenceMissing);
    try {
      await this.handle.db.insertInto('oidc_profile_infos').values(oidcInfoToRow(info)).execute();
      return E.right(info);
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      if (isForeignKeyViolation(error)) return E.left(referenceMissing);
      throw error;
    }
  }

  async find(user: RealmUserPlace, id: Uuid): Promise<OidcProfileInfo | undefined> {
    const row = await this.ofUser(user).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : oidcInfoFromRow(row);
  }

  async listForUser(user: RealmUserPlace, query: ListQuery): Promise<Page<OidcProfileInfo>> {
    const [rows, total] = await Promise.all([
      pageNewestFirst(this.ofUser(user).selectAll(), query.page).execute(),
      cappedCount(this.handle.db, this.ofUser(user)),
    ]);
    return pageOf(rows.map(oidcInfoFromRow), query.page, total, 'capped');
  }

  async findBySubject(storeId: Uuid, oidcProfileId: Uuid, subject: string): Promise<OidcProfileInfo | undefined> {
    const row = await this.handle.db
      .selectFrom('oidc_profile_infos')
      .selectAll()
      .where('oidc_profile_id', '=', oidcProfileId)
      .where('subject_key', '=', lookupKey(subject))
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    // The key is a hash: the subject itself is compared too, exactly.
    return row === undefined || row.subject !== subject ? undefined : oidcInfoFromRow(row);
  }

  async update(
    user: RealmUserPlace,
    id: Uuid,
    change: (current: OidcProfileInfo) => OidcProfileInfo,
  ): Promise<E.Either<Missing | Taken, OidcProfileInfo>> {
    try {
      return await this.handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('oidc_profile_infos')
          .selectAll()
          .where('store_id', '=', user.storeId)
          .where('user_id', '=', user.userId)
          .where('realm_id', '=', user.realmId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined) return E.left(missing);
        const changed = change(oidcInfoFromRow(row));
        const { subject, subject_key, issuer, updated_at } = oidcInfoToRow(changed);
        await trx
          .updateTable('oidc_profile_infos')
          .set({ subject, subject_key, issuer, updated_at })
          .where('id', '=', id)
          .execute();
        return E.right(changed);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      throw error;
    }
  }

  async delete(user: RealmUserPlace, id: Uuid): Promise<boolean> {
    const result = await this.handle.db
      .deleteFrom('oidc_profile_infos')
      .where('store_id', '=', user.storeId)
      .where('user_id', '=', user.userId)
      .where('realm_id', '=', user.realmId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
