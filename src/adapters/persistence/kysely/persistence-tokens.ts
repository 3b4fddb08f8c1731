import type { ServiceIdentifier } from 'inversify';
import type { DatabaseHandle } from './open-database.js';

export const PERSISTENCE = {
  Database: Symbol.for('commerce-core.persistence.Database') as ServiceIdentifier<DatabaseHandle>,
} as const;
