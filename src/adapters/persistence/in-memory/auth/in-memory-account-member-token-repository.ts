import { inject, injectable } from 'inversify';
import type { AccountMemberTokenRepository } from '../../../../application/ports/auth/account-member-token-repository.js';
import type { AccountMemberToken } from '../../../../domain/auth/account-member-token.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryAccountMemberTokenRepository implements AccountMemberTokenRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async insert(token: AccountMemberToken): Promise<void> {
    this.state.accountMemberTokens.set(token.tokenHash, token);
  }

  async findActive(tokenHash: string, now: Date): Promise<AccountMemberToken | undefined> {
    const token = this.state.accountMemberTokens.get(tokenHash);
    if (token === undefined || token.expiresAt.getTime() <= now.getTime()) return undefined;
    const member = [...this.state.accountMemberships.values()].some(
      (m) =>
        m.storeId === token.storeId && m.accountId === token.accountId && m.accountMemberId === token.accountMemberId,
    );
    return member ? token : undefined;
  }

  async revokeForMember(storeId: Uuid, accountMemberId: Uuid, exceptHash?: string): Promise<number> {
    return this.deleteWhere(
      (t) => t.storeId === storeId && t.accountMemberId === accountMemberId && t.tokenHash !== exceptHash,
    );
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.deleteWhere((t) => t.expiresAt.getTime() <= now.getTime());
  }

  private deleteWhere(matches: (token: AccountMemberToken) => boolean): number {
    let deleted = 0;
    for (const [hash, token] of this.state.accountMemberTokens) {
      if (matches(token)) {
        this.state.accountMemberTokens.delete(hash);
        deleted += 1;
      }
    }
    return deleted;
  }
}
