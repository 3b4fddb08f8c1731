import * as E from 'fp-ts/lib/Either.js';
import { milliseconds } from './http-settings.js';

/** Bounds on waiting for the database, so that a frozen server yields errors, not hung requests. */
export interface DatabaseTimeouts {
  /** Longest a statement may run; the server cancels it, and the client gives up soon after if the server cannot. */
  readonly statementTimeoutMs: number;
  /** Longest a new connection may take to open. */
  readonly connectTimeoutMs: number;
}

/** A statement of the service reads or writes a handful of indexed rows; five seconds is a stuck database, not a slow query. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementTimeoutMs: 5000, connectTimeoutMs: 5000 };

type Env = Readonly<Record<string, string | undefined>>;

/** `DATABASE_STATEMENT_TIMEOUT_MS` and `DATABASE_CONNECT_TIMEOUT_MS`; every bad one is reported by name. */
export const readDatabaseTimeouts = (env: Env): E.Either<readonly string[], DatabaseTimeouts> => {
  const d = DEFAULT_DATABASE_TIMEOUTS;
  const statement = milliseconds(
    'DATABASE_STATEMENT_TIMEOUT_MS',
    env['DATABASE_STATEMENT_TIMEOUT_MS'],
    d.statementTimeoutMs,
    1,
  );
  const connect = milliseconds(
    'DATABASE_CONNECT_TIMEOUT_MS',
    env['DATABASE_CONNECT_TIMEOUT_MS'],
    d.connectTimeoutMs,
    1,
  );
  if (E.isLeft(statement) || E.isLeft(connect))
    return E.left([statement, connect].flatMap((p) => (E.isLeft(p) ? [p.left] : [])));
  return E.right({ statementTimeoutMs: statement.right, connectTimeoutMs: connect.right });
};
