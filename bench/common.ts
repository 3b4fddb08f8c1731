import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { lockDataDir } from '../src/adapters/persistence/kysely/engine/data-dir-lock.js';
import { type DatabaseHandle, openDatabase } from '../src/adapters/persistence/kysely/engine/open-database.js';
import { PgliteDialect } from '../src/adapters/persistence/kysely/engine/pglite-dialect.js';
import type { Tables } from '../src/adapters/persistence/kysely/engine/schema.js';

export const BACKENDS = ['pglite', 'postgres', 'mysql'] as const;
export type Backend = (typeof BACKENDS)[number];

export const DEFAULT_PGLITE_DIR = '.data/bench-pglite';

export const isBackend = (value: string): value is Backend => (BACKENDS as readonly string[]).includes(value);

const URL_VARIABLES: Readonly<Record<Exclude<Backend, 'pglite'>, string>> = {
  postgres: 'BENCH_POSTGRES_URL',
  mysql: 'BENCH_MYSQL_URL',
};

/** The server URL of a backend, or a note saying why it is skipped. PGlite needs none. */
export const serverUrl = (backend: Backend): { readonly url?: string; readonly skip?: string } => {
  if (backend === 'pglite') return {};
  const variable = URL_VARIABLES[backend];
  const url = process.env[variable];
  return url === undefined || url === '' ? { skip: `${variable} is not set: ${backend} skipped` } : { url };
};

/** A URL fit to print: the password is never shown. */
export const redactedUrl = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
};

/** What the seed leaves for the benchmark: the store, its credentials, and what was put in it. */
export interface SeedInfo {
  readonly backend: Backend;
  readonly database: string;
  readonly dataDir?: string;
  readonly storeId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly complete: boolean;
  readonly products?: number;
  readonly plans?: number;
  readonly offerings?: number;
  readonly accounts?: number;
  readonly subscriptions?: number;
  readonly subscriptionStates?: number;
  readonly seededAt?: string;
  readonly seconds?: number;
  readonly subscriptionRowsPerSecond?: number;
}

export const seedInfoFile = (backend: Backend): string => path.join('.data', `bench-${backend}.json`);

export const writeSeedInfo = async (info: SeedInfo): Promise<void> => {
  const file = seedInfoFile(info.backend);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
};

export const readSeedInfo = async (backend: Backend): Promise<SeedInfo | undefined> => {
  try {
    return JSON.parse(await readFile(seedInfoFile(backend), 'utf8')) as SeedInfo;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/** An open database, and for PGlite the instance itself so that raw SQL can bypass Kysely. */
export interface BenchDatabase {
  readonly handle: DatabaseHandle;
  readonly pglite?: PGlite;
}

/**
 * The same setup as the service's PGlite, kept here only because the service does not hand out the
 * PGlite instance that the raw-SQL baseline needs. Servers are opened exactly as the service opens them.
 */
const openPgliteKeepingInstance = async (dataDir: string): Promise<BenchDatabase> => {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = await lockDataDir(dataDir);
  try {
    await mkdir(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir);
    const dialect = new PgliteDialect(pglite);
    const db = new Kysely<Tables>({ dialect });
    const close = async () => {
      await db.destroy();
      await unlock();
    };
    return {
      handle: { db, flavor: 'postgres', kind: 'pglite', usage: () => dialect.usage(), available: () => true, close },
      pglite,
    };
  } catch (error) {
    await unlock();
    throw error;
  }
};

export const openBenchDatabase = async (
  backend: Backend,
  where: { readonly url?: string; readonly dataDir?: string },
): Promise<BenchDatabase> => {
  switch (backend) {
    case 'pglite':
      return openPgliteKeepingInstance(where.dataDir ?? DEFAULT_PGLITE_DIR);
    case 'postgres':
    case 'mysql': {
      if (where.url === undefined) throw new Error(`${backend} needs a URL`);
      const handle = await openDatabase(
        { kind: backend, url: where.url },
        { onPoolError: (error) => process.stderr.write(`pool error: ${error.message}\n`) },
      );
      return { handle };
    }
  }
};

/** The bearer header for the seeded store's credentials, asked of the service at `baseUrl`. */
export const seededAuthorization = async (
  baseUrl: string,
  info: Pick<SeedInfo, 'clientId' | 'clientSecret'>,
): Promise<{ authorization: string }> => {
  const response = await fetch(`${baseUrl}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: info.clientId,
      client_secret: info.clientSecret,
    }),
  });
  if (response.status !== 200)
    throw new Error(`the seeded credentials were refused (${response.status}): was the store seeded again since?`);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
};

/** A bad command line: reported as its message alone, without a stack. */
export class UsageError extends Error {}

export const reportFailure = (error: unknown): void => {
  console.error(
    error instanceof UsageError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exitCode = error instanceof UsageError ? 2 : 1;
};

export const formatDuration = (seconds: number): string => {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return m > 0 ? `${m} min ${s.toFixed(1)} s` : `${s.toFixed(1)} s`;
};

export const formatInteger = (n: number): string => Math.round(n).toLocaleString('en-US');
