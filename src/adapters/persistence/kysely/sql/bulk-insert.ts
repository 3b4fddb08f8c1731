import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Tables } from '../engine/schema.js';
import type { SqlFlavor } from '../engine/sql-flavor.js';
import { chunks } from './chunks.js';

type Database = Kysely<Tables> | Transaction<Tables>;

/** Rows per multi-row VALUES statement (MySQL): a subscription binds 17 values, an invoice 24, well under 65,535. */
const ROWS_PER_VALUES = 1000;

/** Each table's column types as PostgreSQL spells them, read once per process from the catalogue. */
const columnTypes = new Map<string, Promise<ReadonlyMap<string, string>>>();

const typesOf = (db: Database, table: string): Promise<ReadonlyMap<string, string>> => {
  const known = columnTypes.get(table);
  if (known !== undefined) return known;
  const reading = sql<{ name: string; type: string }>`select attname as name, format_type(atttypid, atttypmod) as type
    from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`
    .execute(db)
    .then(({ rows }) => new Map(rows.map((r) => [r.name, r.type])));
  // A failed read is not remembered: the next insert asks again.
  columnTypes.set(table, reading);
  reading.catch(() => columnTypes.delete(table));
  return reading;
};

/**
 * Inserts many rows of one table, every row with the same columns. On PostgreSQL (and PGlite) one
 * statement takes one array per column and `unnest`s it: the statement's text and its parameters stay
 * the same size whatever the number of rows, where a VALUES list of a thousand rows binds tens of
 * thousands of parameters the server parses one by one (measured about 1.6 times slower per row). MySQL
 * and MariaDB take multi-row VALUES, which mysql2 sends as one text statement.
 */
export const insertRows = async <T extends keyof Tables & string>(
  db: Database,
  flavor: SqlFlavor,
  table: T,
  rows: readonly Insertable<Tables[T]>[],
): Promise<void> => {
  const first = rows[0];
  if (first === undefined) return;
  if (flavor === 'mysql') {
    for (const part of chunks(rows, ROWS_PER_VALUES))
      await db
        .insertInto(table)
        .values(part as never)
        .execute();
    return;
  }
  const types = await typesOf(db, table);
  const columns = Object.keys(first);
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (type === undefined) throw new Error(`table ${table} has no column ${column}`);
    const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
    // Long texts (a subscription's body and documents) travel as one JSON array: pg writes an array
    // parameter by escaping each element in JavaScript, which took a fifth of an import's time with
    // documents of 1.7 KiB, where JSON.stringify escapes natively and the server reads JSON in C.
    return type === 'text'
      ? sql`array(select e.value from json_array_elements_text(${JSON.stringify(values)}::json) with ordinality as e(value, n) order by e.n)`
      : sql`${values}::${sql.raw(`${type}[]`)}`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)})`.execute(db);
};
