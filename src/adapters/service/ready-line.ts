import type { DatabaseTarget } from '../config/database-target.js';

/** A server URL fit for a terminal: its password is never shown. */
const withoutPassword = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a database URL that does not parse)';
  }
};

const describe = (database: DatabaseTarget, defaultDataDir: string): string =>
  database.kind === 'pglite'
    ? `embedded PostgreSQL (PGlite) in ${database.dataDir ?? defaultDataDir}`
    : `${database.kind === 'postgres' ? 'PostgreSQL' : 'MySQL/MariaDB'} at ${withoutPassword(database.url)}`;

/**
 * The one line a person starting the service reads, on stderr beside the JSON log: where it listens,
 * where its reference is, which database it uses, and where the first key was saved.
 */
export const readyLine = (
  url: string,
  database: DatabaseTarget,
  defaultDataDir: string,
  bootstrapKeyFile: string,
): string =>
  `commerce-core is listening on ${url} (API reference ${url}/docs; database: ${describe(database, defaultDataDir)}; the first key is in ${bootstrapKeyFile})\n`;
