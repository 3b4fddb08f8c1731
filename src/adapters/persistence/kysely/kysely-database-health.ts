import { inject, injectable } from 'inversify';
import type { DatabaseHealth } from '../../../application/ports/database-health.js';
import { pingDatabase, type DatabaseHandle } from './open-database.js';
import { PERSISTENCE } from './persistence-tokens.js';

@injectable()
export class KyselyDatabaseHealth implements DatabaseHealth {
  constructor(@inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle) {}

  ping(): Promise<boolean> {
    return pingDatabase(this.handle.db);
  }
}
