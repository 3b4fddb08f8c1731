import type { MigrationResult } from 'kysely';

/**
 * What bringing the schema up to date did, in one line for a person: how many migrations ran, the first and
 * the last of them, and how long it took; or that there was nothing to do.
 */
export const migrationSummary = (migrated: readonly MigrationResult[], durationMs: number): string => {
  const first = migrated[0]?.migrationName;
  const last = migrated.at(-1)?.migrationName;
  if (first === undefined || last === undefined) return `schema is up to date (checked in ${durationMs} ms)`;
  const names = first === last ? first : `${first} … ${last}`;
  const count = migrated.length === 1 ? '1 migration' : `${migrated.length} migrations`;
  return `applied ${count} (${names}) in ${durationMs} ms`;
};
