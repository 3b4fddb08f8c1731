import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { createHttpApp } from '../http/create-http-app.js';
import { serviceOrigin } from '../http/link-origin.js';
import { createDrainingServer, type DrainReport } from './http-server.js';
import { type BackgroundWorkOptions, startBackgroundWork } from './start-background-work.js';

export interface RunningService {
  readonly server: Server;
  readonly url: string;
  /**
   * Stops accepting, answers requests in flight with `Connection: close` and destroys what is still
   * open after the configured shutdown timeout; the database stays open for its owner to close.
   */
  stop(): Promise<DrainReport>;
}

/**
 * Serves the container's use cases over HTTP and, given `background`, runs what runs beside them
 * (`startBackgroundWork`: jobs, schedules, the webhook relay, purges): it starts once the server listens,
 * and stops after the connections are drained.
 */
export const startService = async (
  container: Container,
  config: Pick<AppConfig, 'port' | 'host' | 'baseUrl' | 'http'> & Partial<Pick<AppConfig, 'imports'>>,
  logger: Logger,
  background?: BackgroundWorkOptions,
): Promise<RunningService> => {
  const app = createHttpApp({
    container,
    logger,
    ...(config.imports === undefined ? {} : { imports: config.imports }),
    baseUrl: config.baseUrl,
    allowedHosts: config.http.allowedHosts,
    listenHost: config.host,
    trustedProxyHeader: config.http.trustedProxyHeader,
    corsAdminOrigins: config.http.corsAdminOrigins,
  });
  const { server, drain } = createDrainingServer(app.callback(), config.http, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const work = await (background === undefined
    ? undefined
    : startBackgroundWork(container, logger, background).catch(async (error: unknown) => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        throw error;
      }));

  const { port } = server.address() as AddressInfo;
  let stopping: Promise<DrainReport> | undefined;
  const stop = (): Promise<DrainReport> => (stopping ??= drainOnce());
  const drainOnce = async (): Promise<DrainReport> => {
    const deadlineMs = config.http.shutdownTimeoutMs;
    const report = await drain(deadlineMs, (load) =>
      logger.info(
        { connections: load.connections, in_flight: load.inFlight, deadline_ms: deadlineMs },
        'draining connections',
      ),
    );
    logger[report.cut > 0 ? 'warn' : 'info'](
      {
        idle_closed: report.idleClosed,
        answered: report.answered,
        cut_at_deadline: report.cut,
        duration_ms: report.durationMs,
      },
      'connections drained',
    );
    await work?.stop();
    return report;
  };
  return { server, url: serviceOrigin(config.host, port), stop };
};
