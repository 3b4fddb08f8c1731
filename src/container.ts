import { Container } from 'inversify';
import { coreModule } from './application/core-module.js';
import { inMemoryModule } from './adapters/persistence/in-memory/in-memory-module.js';
import type { InMemoryState } from './adapters/persistence/in-memory/in-memory-state.js';
import { kyselyModule } from './adapters/persistence/kysely/kysely-module.js';
import type { DatabaseHandle } from './adapters/persistence/kysely/open-database.js';
import { systemModule } from './adapters/system/system-module.js';
import { FreshStores, FreshTokens, KeysThatForget } from './adapters/persistence/fresh/fresh-repositories.js';
import { TOKENS } from './application/tokens.js';
import { rateLimitModule } from './adapters/rate-limit/rate-limit-module.js';
import type { RateLimiter } from './application/ports/rate-limiter.js';

/** What the ports are stored in: an open, migrated database, or memory. */
export type Persistence = { readonly kind: 'database'; readonly handle: DatabaseHandle } | { readonly kind: 'memory'; readonly state?: InMemoryState };

/** The composition root: the one place that binds the core to its adapters. */
export const buildContainer = (persistence: Persistence, options: { readonly rateLimiter?: RateLimiter } = {}): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    coreModule,
    systemModule,
    rateLimitModule(options.rateLimiter),
    persistence.kind === 'database' ? kyselyModule(persistence.handle) : inMemoryModule(persistence.state),
  );
  // Every request reads its token and its store: served from memory for up to a second (see FreshStores).
  const clock = container.get(TOKENS.Clock);
  const stores = new FreshStores(container.get(TOKENS.StoreRepository), clock);
  const tokens = new FreshTokens(container.get(TOKENS.AccessTokenRepository), clock);
  const keys = new KeysThatForget(container.get(TOKENS.ApplicationKeyRepository), stores, tokens);
  container.rebind(TOKENS.StoreRepository).toConstantValue(stores);
  container.rebind(TOKENS.AccessTokenRepository).toConstantValue(tokens);
  container.rebind(TOKENS.ApplicationKeyRepository).toConstantValue(keys);
  return container;
};
