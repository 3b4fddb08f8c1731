import { inject, injectable } from 'inversify';
import type {
  PasswordProfileRepository,
  ProfilePlace,
} from '../../../../application/ports/authentication-realms/password-profile-repository.js';
import type { PasswordProfile } from '../../../../domain/authentication-realms/password-profile.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { profileFromRow, profileToRow } from './authentication-realm-rows.js';

@injectable()
export class KyselyPasswordProfileRepository implements PasswordProfileRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  private inPlace(place: ProfilePlace) {
    return this.handle.db
      .selectFrom('password_profiles')
      .where('store_id', '=', place.storeId)
      .where('realm_id', '=', place.realmId);
  }

  async insert(profile: PasswordProfile): Promise<void> {
    await this.handle.db.insertInto('password_profiles').values(profileToRow(profile)).execute();
  }

  async find(place: ProfilePlace, id: Uuid): Promise<PasswordProfile | undefined> {
    const row = await this.inPlace(place).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : profileFromRow(row);
  }

  async list(place: ProfilePlace, query: ListQuery): Promise<Page<PasswordProfile>> {
    const [rows, total] = await Promise.all([
      pageNewestFirst(this.inPlace(place).selectAll(), query.page).execute(),
      cappedCount(this.handle.db, this.inPlace(place)),
    ]);
    return pageOf(rows.map(profileFromRow), query.page, total, 'capped');
  }

  update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: PasswordProfile) => PasswordProfile,
  ): Promise<PasswordProfile | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('password_profiles')
        .selectAll()
        .where('store_id', '=', place.storeId)
        .where('realm_id', '=', place.realmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const changed = change(profileFromRow(row));
      const { id: _id, store_id: _store, realm_id: _realm, created_at: _created, ...columns } = profileToRow(changed);
      await trx.updateTable('password_profiles').set(columns).where('id', '=', id).execute();
      return changed;
    });
  }

  async delete(place: ProfilePlace, id: Uuid): Promise<boolean> {
    // The profile's usernames and passwords go with it (the foreign key cascades).
    const result = await this.handle.db
      .deleteFrom('password_profiles')
      .where('store_id', '=', place.storeId)
      .where('realm_id', '=', place.realmId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
