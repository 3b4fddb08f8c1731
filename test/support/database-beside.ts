import { sql } from 'kysely';
import { openDatabase } from '../../src/adapters/persistence/kysely/engine/open-database.js';

/**
 * A PostgreSQL database beside the one `url` names, called `<that name>_<suffix>`: for a spec whose service
 * processes need a database of their own. Derived from the configured name, so that test processes given
 * different databases never share it.
 */
export const databaseBeside = (url: string, suffix: string): { readonly name: string; readonly url: string } => {
  const name = `${/\/([^/?]+)(\?.*)?$/.exec(url)?.[1] ?? 'app_test'}_${suffix}`;
  return { name, url: url.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`) };
};

/** Drops the database `name` if it exists and makes it again, empty, through the server `adminUrl` names. */
export const recreateDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl }, { poolSize: 1 });
  try {
    await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
};
