import { inject, injectable } from 'inversify';
import type { DatabaseHealth } from '../../ports/health/database-health.js';
import type { LimiterState, RateLimiter } from '../../ports/rate-limits/rate-limiter.js';
import { TOKENS } from '../../tokens.js';

export interface Health {
  readonly database: boolean;
  /** Where request rates are counted; `unreachable` means they are not limited (the limiter fails open). */
  readonly rateLimiter: LimiterState;
}

@injectable()
export class CheckHealth {
  constructor(
    @inject(TOKENS.DatabaseHealth) private readonly database: DatabaseHealth,
    @inject(TOKENS.RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async execute(): Promise<Health> {
    const [database, rateLimiter] = await Promise.all([this.database.ping(), this.limiter.state()]);
    return { database, rateLimiter };
  }
}
