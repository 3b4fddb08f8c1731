import { inject, injectable } from 'inversify';
import type { OidcSignInAttemptRepository } from '../../../../application/ports/authentication-realms/oidc-sign-in-attempt-repository.js';
import type { OidcSignInAttempt } from '../../../../domain/authentication-realms/oidc-sign-in.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { attemptFromRow, attemptToRow } from './oidc-profile-rows.js';

@injectable()
export class KyselyOidcSignInAttemptRepository implements OidcSignInAttemptRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async save(attempt: OidcSignInAttempt): Promise<void> {
    await this.handle.db.insertInto('oidc_sign_in_attempts').values(attemptToRow(attempt)).execute();
  }

  /** The row is deleted in the transaction that reads it, locked: a second callback with the state finds nothing. */
  take(stateHash: string, now: Date): Promise<OidcSignInAttempt | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('oidc_sign_in_attempts')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .forUpdate()
        .executeTakeFirst();
      if (row !== undefined)
        await trx.deleteFrom('oidc_sign_in_attempts').where('state_hash', '=', stateHash).execute();
      await trx.deleteFrom('oidc_sign_in_attempts').where('expires_at', '<=', now).execute();
      return row === undefined ? undefined : attemptFromRow(row);
    });
  }
}
