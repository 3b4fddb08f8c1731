import { inject, injectable } from 'inversify';
import type { AccessTokenRepository } from '../../ports/auth/access-token-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class PurgeExpiredTokens {
  constructor(
    @inject(TOKENS.AccessTokenRepository) private readonly tokens: AccessTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Deletes tokens that can no longer authenticate; returns how many. */
  execute(): Promise<number> {
    return this.tokens.deleteExpired(this.clock.now());
  }
}
