import { ContainerModule } from 'inversify';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';
import { TOKENS } from '../../application/tokens.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';

/** The given limiter (Redis, shared by instances), or by default this process's own. */
export const rateLimitModule = (limiter?: RateLimiter) =>
  new ContainerModule(({ bind }) => {
    if (limiter === undefined) bind(TOKENS.RateLimiter).to(InMemoryRateLimiter).inSingletonScope();
    else bind(TOKENS.RateLimiter).toConstantValue(limiter);
  });
