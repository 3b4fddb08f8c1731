import { Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../persistence/kysely/engine/open-database.js';

/** What the metrics read of a database at each scrape. */
export type ObservedDatabase = Pick<DatabaseHandle, 'kind' | 'usage' | 'available'>;

/** Gauges of the database's pool and availability, read from the handle when scraped rather than kept up to date. */
export const registerDatabaseMetrics = (registry: Registry, database: ObservedDatabase): void => {
  const backend = database.kind;
  const registers = [registry];
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool, by state: in_use (held by a statement or a transaction) or idle. PGlite is one session.',
    labelNames: ['backend', 'state'] as const,
    registers,
    collect() {
      const usage = database.usage();
      this.set({ backend, state: 'in_use' }, usage.inUse);
      this.set({ backend, state: 'idle' }, usage.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Statements or transactions waiting for a connection of the database pool.',
    labelNames: ['backend'] as const,
    registers,
    collect() {
      this.set({ backend }, database.usage().waiting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Connections the database pool may open.',
    labelNames: ['backend'] as const,
    registers,
    collect() {
      this.set({ backend }, database.usage().max);
    },
  });
  new Gauge({
    name: 'db_available',
    help: '0 from a call failing for want of the database until calls have succeeded for a second, 1 otherwise.',
    labelNames: ['backend'] as const,
    registers,
    collect() {
      this.set({ backend }, database.available() ? 1 : 0);
    },
  });
};
