import type { ServiceIdentifier } from 'inversify';
import type { ObservedDatabase } from './database-metrics.js';

/** What the metrics read of the other adapters; each is bound by the module of the adapter that has it. */
export const METRICS = {
  /** The database whose pool and availability are reported; unbound when the data lives in memory. */
  ObservedDatabase: Symbol.for('commerce-core.metrics.ObservedDatabase') as ServiceIdentifier<ObservedDatabase>,
} as const;
