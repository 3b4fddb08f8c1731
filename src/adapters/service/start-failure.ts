import { isStorageUnavailable } from '../../application/ports/storage-unavailable.js';
import type { AppConfig } from '../config/app-config.js';
import { isDataDirInUse } from '../persistence/kysely/engine/data-dir-lock.js';
import { errorChain } from '../system/error-chain.js';

/** The one line a person reads on stderr when the service does not start; the JSON log on stdout has the details. */
export const startFailureLine = (reason: string): string => `commerce-core could not start: ${reason}\n`;

/** Every problem of the configuration, on one line. */
export const invalidConfiguration = (problems: readonly string[]): string =>
  `invalid configuration: ${problems.join('; ')}`;

const listenFailure = (error: NodeJS.ErrnoException, { port, host }: Pick<AppConfig, 'port' | 'host'>) => {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use (EADDRINUSE); set PORT to another port`;
    case 'EACCES':
      return `port ${port} needs privileges this process does not have (EACCES); set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine (EADDRNOTAVAIL); set HOST to one of its addresses`;
    default:
      return undefined;
  }
};

const isListenError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && (error as NodeJS.ErrnoException).syscall === 'listen';

/**
 * Why the start failed, said for a person with what to change: a port in use, a database that cannot be
 * reached or is held by another process; otherwise the error's own messages, cause after cause.
 */
export const whyNotStarted = (error: unknown, config: Pick<AppConfig, 'port' | 'host'>): string => {
  for (const cause of errorChain(error)) {
    if (isDataDirInUse(cause)) return cause.message;
    if (isStorageUnavailable(cause))
      return `the database cannot be reached: ${cause.reason}; check DATABASE_URL and that the database is running`;
    const listen = isListenError(cause) ? listenFailure(cause, config) : undefined;
    if (listen !== undefined) return listen;
  }
  const messages = [...errorChain(error)].map((cause) => (cause instanceof Error ? cause.message : String(cause)));
  return `${messages.join(': ')} (the log on stdout has the details)`;
};
