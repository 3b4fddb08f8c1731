import type { AccountMemberToken } from '../../../domain/auth/account-member-token.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Storage of minted account member tokens, by hash. */
export interface AccountMemberTokenRepository {
  insert(token: AccountMemberToken): Promise<void>;
  /** The token with this hash if it has not expired at `now` and its member still belongs to its account. */
  findActive(tokenHash: string, now: Date): Promise<AccountMemberToken | undefined>;
  /**
   * Forgets every token of this member in this store (signing out everywhere), but the one with the hash
   * `exceptHash` when given (the session that asked); returns how many.
   */
  revokeForMember(storeId: Uuid, accountMemberId: Uuid, exceptHash?: string): Promise<number>;
  /** Forgets tokens that expired before `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
