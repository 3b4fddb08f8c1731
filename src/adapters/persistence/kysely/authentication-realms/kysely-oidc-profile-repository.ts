import { inject, injectable } from 'inversify';
import type { OidcProfileRepository } from '../../../../application/ports/authentication-realms/oidc-profile-repository.js';
import type { ProfilePlace } from '../../../../application/ports/authentication-realms/password-profile-repository.js';
import type {
  OidcProfileDirectory,
  OidcProfileSummary,
} from '../../../../application/ports/people/oidc-profile-directory.js';
import { OIDC_PROFILE_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { OidcProfile } from '../../../../domain/authentication-realms/oidc-profile.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { KyselyAuditRecorder } from '../audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, pageNewestFirst } from '../sql/kysely-list.js';
import { storedUuid } from '../sql/stored-json.js';
import { oidcProfileFromRow, oidcProfileToRow } from './oidc-profile-rows.js';

@injectable()
export class KyselyOidcProfileRepository implements OidcProfileRepository, OidcProfileDirectory {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.AuditRecorder) private readonly audit: KyselyAuditRecorder,
  ) {}

  private inPlace(place: ProfilePlace) {
    return this.handle.db
      .selectFrom('oidc_profiles')
      .where('store_id', '=', place.storeId)
      .where('realm_id', '=', place.realmId);
  }

  async insert(profile: OidcProfile): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('oidc_profiles').values(oidcProfileToRow(profile)).execute();
      await this.audit.record(trx, profile.storeId, [OIDC_PROFILE_AUDIT.created(profile.id, profile)]);
    });
  }

  async find(place: ProfilePlace, id: Uuid): Promise<OidcProfile | undefined> {
    const row = await this.inPlace(place).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : oidcProfileFromRow(row);
  }

  async list(place: ProfilePlace, query: ListQuery): Promise<Page<OidcProfile>> {
    const [rows, total] = await Promise.all([
      pageNewestFirst(this.inPlace(place).selectAll(), query.page).execute(),
      cappedCount(this.handle.db, this.inPlace(place)),
    ]);
    return pageOf(rows.map(oidcProfileFromRow), query.page, total, 'capped');
  }

  update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: OidcProfile) => OidcProfile,
  ): Promise<OidcProfile | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('oidc_profiles')
        .selectAll()
        .where('store_id', '=', place.storeId)
        .where('realm_id', '=', place.realmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const current = oidcProfileFromRow(row);
      const changed = change(current);
      const {
        id: _id,
        store_id: _store,
        realm_id: _realm,
        created_at: _created,
        ...columns
      } = oidcProfileToRow(changed);
      await trx.updateTable('oidc_profiles').set(columns).where('id', '=', id).execute();
      await this.audit.record(trx, place.storeId, [OIDC_PROFILE_AUDIT.updated(id, current, changed)]);
      return changed;
    });
  }

  delete(place: ProfilePlace, id: Uuid): Promise<boolean> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('oidc_profiles')
        .selectAll()
        .where('store_id', '=', place.storeId)
        .where('realm_id', '=', place.realmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return false;
      // The links of people to the profile go with it (the foreign key cascades).
      await trx.deleteFrom('oidc_profiles').where('id', '=', id).execute();
      await this.audit.record(trx, place.storeId, [OIDC_PROFILE_AUDIT.deleted(id, oidcProfileFromRow(row))]);
      return true;
    });
  }

  async listForRealm(storeId: Uuid, realmId: Uuid): Promise<readonly OidcProfileSummary[]> {
    // A realm has a handful of profiles, shown as buttons: all of them, oldest first.
    const rows = await this.inPlace({ storeId, realmId })
      .select(['id', 'name'])
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => ({ id: storedUuid('oidc profile id', row.id), name: row.name }));
  }
}
