import { inject, injectable } from 'inversify';
import type { DatabaseHealth, SchemaState } from '../../../../application/ports/health/database-health.js';
import { schemaState } from '../engine/migrate.js';
import { answerWithin, type DatabaseHandle, pingDatabase } from '../engine/open-database.js';
import { PERSISTENCE } from '../persistence-tokens.js';

const PROBE_TIMEOUT_MS = 2000;

@injectable()
export class KyselyDatabaseHealth implements DatabaseHealth {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  ping(): Promise<boolean> {
    return pingDatabase(this.handle.db, PROBE_TIMEOUT_MS);
  }

  schema(): Promise<SchemaState> {
    return answerWithin(schemaState(this.handle.db, this.handle.flavor), PROBE_TIMEOUT_MS, 'unknown');
  }
}
