import { Migrator, type MigrationResult } from 'kysely';
import type { Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import type { SqlFlavor } from './sql-flavor.js';

/** Brings the schema up to date; safe to run at every start and from several processes. Takes any table map: the schema may not exist yet. */
export const migrateToLatest = async (db: Kysely<any>, flavor: SqlFlavor): Promise<readonly MigrationResult[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(flavor) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
  return results ?? [];
};
