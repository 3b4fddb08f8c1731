import { inject, injectable } from 'inversify';
import type { AccountMemberTokenRepository } from '../../../../application/ports/auth/account-member-token-repository.js';
import type { AccountMemberToken } from '../../../../domain/auth/account-member-token.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { toNumber } from '../engine/sql-flavor.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { accountMemberTokenFromRow } from './account-member-token-rows.js';

/** A token is active while it has not expired and its member still belongs to its account. */
@injectable()
export class KyselyAccountMemberTokenRepository implements AccountMemberTokenRepository {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  async insert(token: AccountMemberToken): Promise<void> {
    await this.handle.db
      .insertInto('account_member_tokens')
      .values({
        token_hash: token.tokenHash,
        store_id: token.storeId,
        account_id: token.accountId,
        account_member_id: token.accountMemberId,
        expires_at: token.expiresAt,
        created_at: token.createdAt,
      })
      .execute();
  }

  async findActive(tokenHash: string, now: Date): Promise<AccountMemberToken | undefined> {
    // The membership as it is now, by its unique pair: a member removed from the account, or an account or
    // member deleted (memberships go with both), leaves the token with nothing to join.
    const row = await this.handle.db
      .selectFrom('account_member_tokens as t')
      .innerJoin('account_memberships as m', (join) =>
        join
          .onRef('m.account_id', '=', 't.account_id')
          .onRef('m.account_member_id', '=', 't.account_member_id')
          .onRef('m.store_id', '=', 't.store_id'),
      )
      .selectAll('t')
      .where('t.token_hash', '=', tokenHash)
      .where('t.expires_at', '>', now)
      .executeTakeFirst();
    return row === undefined ? undefined : accountMemberTokenFromRow(row);
  }

  async revokeForMember(storeId: Uuid, accountMemberId: Uuid, exceptHash?: string): Promise<number> {
    const ofMember = this.handle.db
      .deleteFrom('account_member_tokens')
      .where('store_id', '=', storeId)
      .where('account_member_id', '=', accountMemberId);
    const result = await (exceptHash === undefined
      ? ofMember
      : ofMember.where('token_hash', '<>', exceptHash)
    ).executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.handle.db
      .deleteFrom('account_member_tokens')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }
}
