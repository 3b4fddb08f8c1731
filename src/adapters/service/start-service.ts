import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { EnsureDefaultStore } from '../../application/use-cases/ensure-default-store.js';
import { PurgeExpiredTokens } from '../../application/use-cases/purge-expired-tokens.js';
import { buildContainer } from '../../container.js';
import type { AppConfig } from '../config/app-config.js';
import { createHttpApp } from '../http/create-http-app.js';
import { migrateToLatest } from '../persistence/kysely/migrate.js';
import { openDatabase } from '../persistence/kysely/open-database.js';
import { credentialsBanner } from './credentials-banner.js';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface RunningService {
  readonly server: Server;
  readonly container: Container;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/** Opens and migrates the database, creates the default store on an empty one, and listens. */
export const startService = async (config: AppConfig, logger: Logger, print: (text: string) => void): Promise<RunningService> => {
  const handle = await openDatabase(config.database, { onPoolError: (err) => logger.warn({ err }, 'database connection lost') });
  try {
    const migrated = await migrateToLatest(handle.db, handle.flavor);
    for (const m of migrated) logger.info({ migration: m.migrationName, status: m.status }, 'migration');
    const container = buildContainer({ kind: 'database', handle });
    const created = await container.get(EnsureDefaultStore).execute();
    if (created !== undefined) print(credentialsBanner(created));

    const app = createHttpApp({ container, logger, baseUrl: config.baseUrl });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
    const purge = setInterval(() => {
      container.get(PurgeExpiredTokens).execute().catch((err: unknown) => logger.warn({ err }, 'token purge failed'));
    }, PURGE_INTERVAL_MS);
    purge.unref();

    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    logger.info({ url, database: handle.kind }, 'listening');
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        clearInterval(purge);
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await handle.close();
      })();
      return stopping;
    };
    return { server, container, url, stop };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
