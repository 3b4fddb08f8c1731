import { inject, injectable } from 'inversify';
import type {
  ActiveConsoleSession,
  ConsoleSessionRepository,
  SessionHolder,
} from '../../../../application/ports/people/console-session-repository.js';
import { scopesFromText } from '../../../../domain/auth/scope.js';
import type { ConsoleSession, SessionSubject } from '../../../../domain/people/console-session.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { sessionFromRow, sessionToRow, userFromRow } from './people-rows.js';

/** A session refers to its person or key by a foreign key: deleting either deletes its sessions. */
@injectable()
export class KyselyConsoleSessionRepository implements ConsoleSessionRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async insert(session: ConsoleSession): Promise<boolean> {
    const { subject, storeId } = session;
    const table = subject.kind === 'user' ? 'merchant_users' : 'application_keys';
    try {
      // The foreign key covers a deletion racing the insert; the store is checked here, which it cannot.
      return await this.handle.db.transaction().execute(async (trx) => {
        const holder = await trx
          .selectFrom(table)
          .select('id')
          .where('id', '=', subject.id)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
        if (holder === undefined) return false;
        await trx.insertInto('console_sessions').values(sessionToRow(session)).execute();
        return true;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async findActive(idHash: string, now: Date): Promise<ActiveConsoleSession | undefined> {
    // The person's role or the key's scopes as they are now, each by its primary key: one indexed read.
    const row = await this.handle.db
      .selectFrom('console_sessions as s')
      .leftJoin('merchant_users as u', 'u.id', 's.merchant_user_id')
      .leftJoin('application_keys as k', 'k.id', 's.application_key_id')
      .selectAll('s')
      .select([
        'u.id as user_id',
        'u.store_id as user_store_id',
        'u.name as user_name',
        'u.email as user_email',
        'u.email_key as user_email_key',
        'u.role as user_role',
        'u.created_at as user_created_at',
        'u.updated_at as user_updated_at',
        'u.last_signed_in_at as user_last_signed_in_at',
        'k.id as key_id',
        'k.store_id as key_store_id',
        'k.scopes as key_scopes',
      ])
      .where('s.id_hash', '=', idHash)
      .where('s.idle_expires_at', '>', now)
      .where('s.expires_at', '>', now)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const session = sessionFromRow(row);
    let holder: SessionHolder | undefined;
    if (row.user_id !== null && row.user_store_id === session.storeId)
      holder = {
        kind: 'user',
        user: userFromRow({
          id: row.user_id,
          store_id: row.user_store_id,
          name: row.user_name ?? '',
          email: row.user_email ?? '',
          email_key: row.user_email_key ?? '',
          role: row.user_role ?? '',
          created_at: row.user_created_at as Date,
          updated_at: row.user_updated_at as Date,
          last_signed_in_at: row.user_last_signed_in_at,
        }),
      };
    else if (row.key_id !== null && row.key_store_id === session.storeId)
      holder = { kind: 'key', applicationKeyId: session.subject.id, scopes: scopesFromText(row.key_scopes ?? null) };
    return holder === undefined ? undefined : { session, holder };
  }

  async touch(idHash: string, lastUsedAt: Date, idleExpiresAt: Date): Promise<void> {
    await this.handle.db
      .updateTable('console_sessions')
      .set({ last_used_at: lastUsedAt, idle_expires_at: idleExpiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async delete(idHash: string): Promise<boolean> {
    const result = await this.handle.db.deleteFrom('console_sessions').where('id_hash', '=', idHash).executeTakeFirst();
    return toNumber(result.numDeletedRows) > 0;
  }

  async deleteForSubject(storeId: Uuid, subject: SessionSubject): Promise<number> {
    const column = subject.kind === 'user' ? 'merchant_user_id' : 'application_key_id';
    const result = await this.handle.db
      .deleteFrom('console_sessions')
      .where(column, '=', subject.id)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }

  async deleteExpired(now: Date): Promise<number> {
    // The idle end never passes the absolute one, so it alone tells which sessions have ended.
    const result = await this.handle.db
      .deleteFrom('console_sessions')
      .where('idle_expires_at', '<=', now)
      .executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }
}
