import { ContainerModule } from 'inversify';
import type { AuthFailureLimiter } from '../../application/ports/auth/auth-failure-limiter.js';
import type { RateLimiter } from '../../application/ports/rate-limits/rate-limiter.js';
import { TOKENS } from '../../application/tokens.js';
import { InMemoryAuthFailureLimiter } from './in-memory-auth-failure-limiter.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';

/** The given limiters (Redis, shared by instances), or by default this process's own. */
export const rateLimitModule = (limiter?: RateLimiter, authFailures?: AuthFailureLimiter) =>
  new ContainerModule(({ bind }) => {
    if (limiter === undefined) bind(TOKENS.RateLimiter).to(InMemoryRateLimiter).inSingletonScope();
    else bind(TOKENS.RateLimiter).toConstantValue(limiter);
    if (authFailures === undefined) bind(TOKENS.AuthFailureLimiter).to(InMemoryAuthFailureLimiter).inSingletonScope();
    else bind(TOKENS.AuthFailureLimiter).toConstantValue(authFailures);
  });
