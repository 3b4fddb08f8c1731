import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { PurgeExpiredTokens } from '../../application/use-cases/purge-expired-tokens.js';
import type { AppConfig } from '../config/app-config.js';
import { createHttpApp } from '../http/create-http-app.js';
import { createHttpServer } from '../http/http-server.js';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface RunningService {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting and lets requests in flight finish; the database stays open for its owner to close. */
  stop(): Promise<void>;
}

/** Serves the container's use cases over HTTP, and purges expired tokens now and then. */
export const startService = async (container: Container, config: Pick<AppConfig, 'port' | 'host' | 'baseUrl'>, logger: Logger): Promise<RunningService> => {
  const app = createHttpApp({ container, logger, baseUrl: config.baseUrl });
  const server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const purge = setInterval(() => {
    container.get(PurgeExpiredTokens).execute().catch((err: unknown) => logger.warn({ err }, 'token purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();

  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(purge);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    })();
    return stopping;
  };
  return { server, url, stop };
};
