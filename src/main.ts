import 'reflect-metadata';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from './adapters/config/app-config.js';
import { createLogger } from './adapters/logging/logger.js';
import { startService } from './adapters/service/start-service.js';

const config = readConfig(process.env);
if (E.isLeft(config)) {
  process.stderr.write(`Invalid configuration:\n${config.left.map((e) => `  ${e}`).join('\n')}\n`);
  process.exit(1);
}

const logger = createLogger(config.right.logLevel);
const service = await startService(config.right, logger, (text) => process.stdout.write(text)).catch((err: unknown) => {
  logger.fatal({ err }, 'the service could not start');
  process.exit(1);
});

const shutdown = (signal: string) => {
  logger.info({ signal }, 'shutting down');
  service.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
