import { inject, injectable } from 'inversify';
import type { AccessTokenRepository } from '../../../../application/ports/auth/access-token-repository.js';
import type { AccessToken, ActiveToken } from '../../../../domain/auth/access-token.js';
import { scopesFromText } from '../../../../domain/auth/scope.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { accessTokenFromRow } from './access-token-rows.js';

/** Deleting a key cascades to its tokens in the same statement; one token is revoked by its hash. */
@injectable()
export class KyselyAccessTokenRepository implements AccessTokenRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async insert(token: AccessToken): Promise<boolean> {
    try {
      await this.insertRow(token);
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  private async insertRow(token: AccessToken): Promise<void> {
    await this.handle.db
      .insertInto('access_tokens')
      .values({
        token_hash: token.tokenHash,
        store_id: token.storeId,
        application_key_id: token.applicationKeyId,
        grant_type: token.grant,
        expires_at: token.expiresAt,
      })
      .execute();
  }

  async findActive(tokenHash: string, now: Date): Promise<ActiveToken | undefined> {
    // The key's scopes as they are now, by its primary key: one indexed join.
    const row = await this.handle.db
      .selectFrom('access_tokens')
      .innerJoin('application_keys', 'application_keys.id', 'access_tokens.application_key_id')
      .selectAll('access_tokens')
      .select('application_keys.scopes')
      .where('access_tokens.token_hash', '=', tokenHash)
      .where('access_tokens.expires_at', '>', now)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { scopes, ...token } = row;
    return { ...accessTokenFromRow(token), scopes: scopesFromText(scopes) };
  }

  async revoke(tokenHash: string, applicationKeyId: Uuid): Promise<boolean> {
    const result = await this.handle.db
      .deleteFrom('access_tokens')
      .where('token_hash', '=', tokenHash)
      .where('application_key_id', '=', applicationKeyId)
      .executeTakeFirst();
    return toNumber(result.numDeletedRows) > 0;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.handle.db.deleteFrom('access_tokens').where('expires_at', '<=', now).executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }
}
