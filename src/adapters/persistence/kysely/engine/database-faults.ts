import type { FaultClassifier } from './fault-classifier.js';

/** Socket-level failures any driver reports when the server is gone or unreachable. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exceptions), the shutdown and
 * start-up states of 57P0x, too many connections, a statement cancelled by `statement_timeout`, and a
 * transaction the server chose as a deadlock's victim (as a lock wait that timed out, it is worth a retry).
 */
const POSTGRES_STATES: Readonly<Record<string, string>> = {
  '57P01': 'the server is shutting down',
  '57P02': 'the server crashed',
  '57P03': 'the server is not accepting connections yet',
  '53300': 'the server has no connection slots left',
  '57014': 'a statement ran past its timeout',
  '40P01': 'a deadlock chose this transaction as its victim',
};

/** What `pg` says, without a code, when a connection dies or cannot be made in time. */
const PG_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
];

const fieldOf = (error: unknown, name: string): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;

const network = (error: unknown): string | undefined => {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' && NETWORK.has(code) ? `the connection failed (${code})` : undefined;
};

export const postgresFault: FaultClassifier = (error) => {
  const code = fieldOf(error, 'code');
  if (typeof code === 'string' && code.startsWith('08')) return `the connection failed (SQLSTATE ${code})`;
  if (typeof code === 'string' && POSTGRES_STATES[code] !== undefined) return POSTGRES_STATES[code];
  const message = fieldOf(error, 'message');
  if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return message;
  return network(error);
};

/** mysql2 error codes of a lost connection, a server going away, or a statement stopped by a timeout. */
const MYSQL_CODES: Readonly<Record<string, string>> = {
  PROTOCOL_CONNECTION_LOST: 'the connection was lost',
  PROTOCOL_SEQUENCE_TIMEOUT: 'a statement ran past its timeout',
  PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR: 'the connection had failed',
  ER_CON_COUNT_ERROR: 'the server has no connection slots left',
  ER_SERVER_SHUTDOWN: 'the server is shutting down',
  ER_CONNECTION_KILLED: 'the connection was killed',
  ER_QUERY_INTERRUPTED: 'a statement was interrupted',
  ER_STATEMENT_TIMEOUT: 'a statement ran past its timeout',
  ER_QUERY_TIMEOUT: 'a statement ran past its timeout',
  ER_LOCK_WAIT_TIMEOUT: 'a lock was not granted in time',
  ER_LOCK_DEADLOCK: 'a deadlock chose this transaction as its victim',
};

/** Server error numbers, for errors mysql2 has no code name for (MariaDB's own, such as 1969). */
const MYSQL_ERRNOS: Readonly<Record<number, string>> = {
  1040: 'the server has no connection slots left',
  1053: 'the server is shutting down',
  1205: 'a lock was not granted in time',
  1213: 'a deadlock chose this transaction as its victim',
  1317: 'a statement was interrupted',
  1927: 'the connection was killed',
  1969: 'a statement ran past its timeout',
  3024: 'a statement ran past its timeout',
};

export const mysqlFault: FaultClassifier = (error) => {
  const code = fieldOf(error, 'code');
  if (typeof code === 'string' && MYSQL_CODES[code] !== undefined) return MYSQL_CODES[code];
  const errno = fieldOf(error, 'errno');
  if (typeof errno === 'number' && MYSQL_ERRNOS[errno] !== undefined) return MYSQL_ERRNOS[errno];
  // SQLSTATE class 08 is a connection exception on every server.
  const state = fieldOf(error, 'sqlState');
  if (typeof state === 'string' && state.startsWith('08')) return `the connection failed (SQLSTATE ${state})`;
  if (fieldOf(error, 'fatal') === true) return `the connection failed (${String(code)})`;
  return network(error);
};

/** PGlite runs in this process: the only fault is using it after it was closed. */
export const pgliteFault: FaultClassifier = (error) => {
  const message = fieldOf(error, 'message');
  return typeof message === 'string' && /pglite is closed/i.test(message)
    ? 'the embedded database is closed'
    : undefined;
};

/**
 * Whether a driver's error (or the one a StorageUnavailable carries) ended its transaction as a deadlock's
 * victim: the transaction was rolled back whole, and running it again is what both servers advise.
 */
export const isDeadlockVictim = (error: unknown): boolean => {
  const driverError = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return (
    fieldOf(driverError, 'code') === '40P01' ||
    fieldOf(driverError, 'code') === 'ER_LOCK_DEADLOCK' ||
    fieldOf(driverError, 'errno') === 1213
  );
};

/** Attempts a transaction is run, at most, when it keeps ending as a deadlock's victim. */
export const DEADLOCK_ATTEMPTS = 3;

/** Runs a whole transaction again when the server ended it as a deadlock's victim, a bounded number of times. */
export const retryingDeadlocks = async <A>(transaction: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlockVictim(error)) throw error;
    }
  }
};
