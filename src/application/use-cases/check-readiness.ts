import { inject, injectable } from 'inversify';
import type { DatabaseHealth, SchemaState } from '../ports/database-health.js';
import type { LimiterState, RateLimiter } from '../ports/rate-limiter.js';
import { TOKENS } from '../tokens.js';

export interface Readiness {
  /** Whether this instance should be sent requests. */
  readonly ready: boolean;
  readonly database: boolean;
  readonly schema: SchemaState;
  readonly rateLimiter: LimiterState;
}

/**
 * Whether the instance can serve: the database answers, its schema is the one this build expects, and a
 * shared rate limiter, when one is configured, answers. Stricter than `CheckHealth`, which reports an
 * unreachable limiter without failing: a balancer should prefer the instances that can limit rates.
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
    const [database, schema, rateLimiter] = await Promise.all([this.database.ping(), this.database.schema(), this.limiter.state()]);
    return { ready: database && schema === 'current' && rateLimiter !== 'unreachable', database, schema, rateLimiter };
  }
}
