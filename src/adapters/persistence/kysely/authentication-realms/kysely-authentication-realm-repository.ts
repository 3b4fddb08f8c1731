import { inject, injectable } from 'inversify';
import type { AuthenticationRealmRepository } from '../../../../application/ports/authentication-realms/authentication-realm-repository.js';
import {
  type AuthenticationRealm,
  REALM_KINDS,
  type RealmKind,
} from '../../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { realmFromRow, realmToRow } from './authentication-realm-rows.js';

@injectable()
export class KyselyAuthenticationRealmRepository implements AuthenticationRealmRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  findByStore(storeId: Uuid): Promise<AuthenticationRealm | undefined> {
    return this.ofKind(storeId, 'account');
  }

  findMerchantRealm(storeId: Uuid): Promise<AuthenticationRealm | undefined> {
    return this.ofKind(storeId, 'merchant');
  }

  async listForStore(storeId: Uuid): Promise<readonly AuthenticationRealm[]> {
    const rows = await this.handle.db
      .selectFrom('authentication_realms')
      .selectAll()
      .where('store_id', '=', storeId)
      .execute();
    return REALM_KINDS.flatMap((kind) => rows.filter((row) => row.kind === kind).map(realmFromRow));
  }

  private async ofKind(storeId: Uuid, kind: RealmKind): Promise<AuthenticationRealm | undefined> {
    const row = await this.handle.db
      .selectFrom('authentication_realms')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row === undefined ? undefined : realmFromRow(row);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AuthenticationRealm | undefined> {
    const row = await this.handle.db
      .selectFrom('authentication_realms')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : realmFromRow(row);
  }

  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: AuthenticationRealm) => AuthenticationRealm,
  ): Promise<AuthenticationRealm | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('authentication_realms')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const changed = change(realmFromRow(row));
      const { id: _id, store_id: _store, kind: _kind, created_at: _created, ...columns } = realmToRow(changed);
      await trx.updateTable('authentication_realms').set(columns).where('id', '=', id).execute();
      return changed;
    });
  }
}
