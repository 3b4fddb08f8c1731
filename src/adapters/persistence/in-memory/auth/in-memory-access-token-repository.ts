import { inject, injectable } from 'inversify';
import type { AccessTokenRepository } from '../../../../application/ports/auth/access-token-repository.js';
import type { AccessToken, ActiveToken } from '../../../../domain/auth/access-token.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryAccessTokenRepository implements AccessTokenRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async insert(token: AccessToken): Promise<boolean> {
    if (!this.state.applicationKeys.has(token.applicationKeyId)) return false;
    this.state.accessTokens.set(token.tokenHash, token);
    return true;
  }

  async findActive(tokenHash: string, now: Date): Promise<ActiveToken | undefined> {
    const token = this.state.accessTokens.get(tokenHash);
    const key = token === undefined ? undefined : this.state.applicationKeys.get(token.applicationKeyId);
    return token !== undefined && key !== undefined && token.expiresAt.getTime() > now.getTime()
      ? { ...token, scopes: key.scopes }
      : undefined;
  }

  async revoke(tokenHash: string, applicationKeyId: Uuid): Promise<boolean> {
    if (this.state.accessTokens.get(tokenHash)?.applicationKeyId !== applicationKeyId) return false;
    return this.state.accessTokens.delete(tokenHash);
  }

  async deleteExpired(now: Date): Promise<number> {
    let deleted = 0;
    for (const [hash, token] of this.state.accessTokens) {
      if (token.expiresAt.getTime() <= now.getTime()) {
        this.state.accessTokens.delete(hash);
        deleted += 1;
      }
    }
    return deleted;
  }
}
