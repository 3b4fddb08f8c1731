import { type CreateTableBuilder, type RawBuilder, sql } from 'kysely';

/** The two SQL dialects behind the three backends: PGlite and PostgreSQL speak `postgres`, MySQL and MariaDB `mysql`. */
export type SqlFlavor = 'postgres' | 'mysql';

/** Column types that are spelled differently; everything else in the schema is common SQL. */
export const timestampType = (flavor: SqlFlavor): RawBuilder<unknown> =>
  flavor === 'postgres' ? sql`timestamptz(3)` : sql`datetime(3)`;

/** An instant as a literal of `timestampType`, for DDL, which takes no bound parameters: UTC, to the millisecond. */
export const timestampLiteral = (flavor: SqlFlavor, instant: Date): RawBuilder<unknown> => {
  const iso = instant.toISOString();
  return sql.lit(flavor === 'postgres' ? iso : iso.replace('T', ' ').replace('Z', ''));
};

/** MySQL tables get utf8mb4 with binary collation, so text compares and counts as it does on PostgreSQL. */
export const withTableOptions = <T extends string, C extends string>(
  flavor: SqlFlavor,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> =>
  flavor === 'mysql' ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : table;

const hasCode = (error: unknown, sqlState: string, ...mysqlErrnos: number[]): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errno?: unknown };
  return e.code === sqlState || (typeof e.errno === 'number' && mysqlErrnos.includes(e.errno));
};

/** A unique-constraint violation from pg / PGlite (SQLSTATE 23505) or mysql2 (ER_DUP_ENTRY). */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505', 1062);

/**
 * A foreign key refused the write, from pg / PGlite (SQLSTATE 23503) or mysql2: a row referring to a
 * missing parent (ER_NO_REFERENCED_ROW_2) or a delete of a parent still referred to (ER_ROW_IS_REFERENCED_2).
 */
export const isForeignKeyViolation = (error: unknown): boolean => hasCode(error, '23503', 1452, 1451);

/** Long text: `text` on PostgreSQL, `longtext` on MySQL, where `text` stops at 64 KiB. */
export const longTextType = (flavor: SqlFlavor): RawBuilder<unknown> =>
  flavor === 'postgres' ? sql`text` : sql`longtext`;

/** Counts and sums arrive as number, string or bigint depending on the driver. */
export const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The statement names a table that does not exist: pg / PGlite (SQLSTATE 42P01) or mysql2 (ER_NO_SUCH_TABLE). */
export const isMissingTable = (error: unknown): boolean => hasCode(error, '42P01', 1146);
