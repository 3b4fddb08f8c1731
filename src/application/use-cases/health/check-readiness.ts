import { inject, injectable } from 'inversify';
import type { DatabaseHealth, SchemaState } from '../../ports/health/database-health.js';
import type { LimiterState, RateLimiter } from '../../ports/rate-limits/rate-limiter.js';
import { TOKENS } from '../../tokens.js';

export interface Readiness {
  /** Whether this instance should be sent requests. */
  readonly ready: boolean;
  /** Ready, but serving without rate limits: the shared limiter cannot be reached (it fails open). */
  readonly degraded: boolean;
  readonly database: boolean;
  readonly schema: SchemaState;
  readonly rateLimiter: LimiterState;
}

/**
 * Whether the instance can serve: the database answers and its schema is the one this build expects. A
 * shared rate limiter that cannot be reached makes it degraded, not unready: every instance shares that
 * Redis, so taking them all out of a balancer would turn a lost limiter into an outage of the API.
 */
@injectable()
export class CheckReadiness {
  constructor(
    @inject(TOKENS.DatabaseHealth) private readonly database: DatabaseHealth,
    @inject(TOKENS.RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  private running: Promise<Readiness> | undefined;

  /**
   * Callers that ask while a check runs share it: probes need no token, and on a database with one
   * session (PGlite) each check queues statements, so a flood of probes must not queue a flood of them.
   */
  execute(): Promise<Readiness> {
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<Readiness> {
    const [database, schema, rateLimiter] = await Promise.all([
      this.database.ping(),
      this.database.schema(),
      this.limiter.state(),
    ]);
    return {
      ready: database && schema === 'current',
      degraded: rateLimiter === 'unreachable',
      database,
      schema,
      rateLimiter,
    };
  }
}
