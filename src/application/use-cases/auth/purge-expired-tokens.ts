import { inject, injectable } from 'inversify';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccessTokenRepository } from '../../ports/auth/access-token-repository.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { ConsoleSessionRepository } from '../../ports/people/console-session-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class PurgeExpiredTokens {
  constructor(
    @inject(TOKENS.AccessTokenRepository) private readonly tokens: AccessTokenRepository,
    @inject(TOKENS.AccountMemberTokenRepository) private readonly memberTokens: AccountMemberTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(PEOPLE_TOKENS.ConsoleSessionRepository) private readonly sessions: ConsoleSessionRepository,
  ) {}

  /** Deletes access tokens, account member tokens and console sessions that can no longer authenticate; returns how many. */
  async execute(): Promise<number> {
    const now = this.clock.now();
    return (
      (await this.tokens.deleteExpired(now)) +
      (await this.memberTokens.deleteExpired(now)) +
      (await this.sessions.deleteExpired(now))
    );
  }
}
