import type { Kysely } from 'kysely';
import { type MigrationResult, Migrator, sql } from 'kysely';
import type { SchemaState } from '../../../../application/ports/health/database-health.js';
import { migrations } from './migrations/index.js';
import { isMissingTable, type SqlFlavor } from './sql-flavor.js';
import { MIGRATION_TABLES } from './tables.js';

/** Brings the schema up to date; safe to run at every start and from several processes. Takes any table map: the schema may not exist yet. */
export const migrateToLatest = async (db: Kysely<any>, flavor: SqlFlavor): Promise<readonly MigrationResult[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(flavor) },
    // Named here as well as in the readiness check, which reads the first.
    migrationTableName: MIGRATION_TABLES[0],
    migrationLockTableName: MIGRATION_TABLES[1],
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
  return results ?? [];
};

/**
 * Whether every migration of this build has run. Migrations of a later build (a newer instance that
 * migrated first) do not make it pending; a database without the migration table has run none.
 */
export const schemaState = async (db: Kysely<any>, flavor: SqlFlavor): Promise<SchemaState> => {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLES[0])}`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations(flavor)).every((name) => applied.has(name)) ? 'current' : 'pending';
  } catch (error) {
    return isMissingTable(error) ? 'pending' : 'unknown';
  }
};
