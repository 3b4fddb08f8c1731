import type { FaultClassifier } from './fault-classifier.js';

/**
 * Thrown, without sending anything, by a connection that already failed: what it had sent may still reach
 * the server (a frozen server reads it when it wakes), so nothing more may follow it, not even a ROLLBACK
 * or a COMMIT. The connection is closed when it is given back, and the server, reading that close after
 * whatever it still held, rolls the open transaction back. That is what makes a failed write not stored.
 */
export class ConnectionAbandoned extends Error {
  override readonly name = 'ConnectionAbandoned';
  constructor() {
    super('the connection failed earlier; nothing more is sent on it and it is closed when released');
  }
}

export const isConnectionAbandoned = (error: unknown): boolean => error instanceof ConnectionAbandoned;

/** The part of a `pg` pool client Kysely uses. */
interface PgClient {
  query(...args: unknown[]): Promise<unknown>;
  release(destroy?: boolean | Error): void;
}

/** The part of a `pg` pool Kysely uses. */
interface PgPool {
  connect(): Promise<PgClient>;
  end(): Promise<void>;
}

/**
 * The pool Kysely sees, whose clients stop at their first fault: every later statement is refused unsent,
 * and the client is destroyed instead of pooled when released (pg keeps a timed-out client open otherwise,
 * with its statement still queued on the server).
 */
export const abandoningPgPool = <P extends PgPool>(pool: P, classify: FaultClassifier): P => {
  const wrappers = new WeakMap<PgClient, PgClient>();
  const wrap = (client: PgClient): PgClient => {
    let failed = false;
    return new Proxy(client, {
      get(target, name) {
        if (name === 'query') {
          return (...args: unknown[]) => {
            if (failed) return Promise.reject(new ConnectionAbandoned());
            return target.query(...args).catch((error: unknown) => {
              if (classify(error) !== undefined) failed = true;
              throw error;
            });
          };
        }
        if (name === 'release') return (destroy?: boolean | Error) => target.release(failed ? true : destroy);
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(target, name) {
      if (name === 'connect') {
        return async () => {
          const client = await target.connect();
          let wrapper = wrappers.get(client);
          if (wrapper === undefined) {
            wrapper = wrap(client);
            wrappers.set(client, wrapper);
          }
          return wrapper;
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};

type MysqlPool = ReturnType<typeof import('mysql2').createPool>;
type MysqlPoolConnection = Parameters<Parameters<MysqlPool['getConnection']>[0]>[1];
type QueryCallback = (error: unknown, ...rest: unknown[]) => void;

/**
 * The pool Kysely sees, handing out connections whose every query carries mysql2's client-side `timeout`
 * when one is given (Kysely passes none), and which stop at their first fault as `abandoningPgPool`'s do:
 * later queries are refused unsent, and the connection is destroyed instead of pooled when released.
 */
export const abandoningMysqlPool = (
  pool: MysqlPool,
  classify: FaultClassifier,
  timeoutMs: number | undefined,
): MysqlPool => {
  const wrap = (connection: MysqlPoolConnection): MysqlPoolConnection => {
    let failed = false;
    return new Proxy(connection, {
      get(target, name) {
        if (name === 'query') {
          return (sql: string, values: unknown, callback: QueryCallback) => {
            if (failed) {
              setImmediate(() => callback(new ConnectionAbandoned()));
              return;
            }
            const noted: QueryCallback = (error, ...rest) => {
              if (error !== null && error !== undefined && classify(error) !== undefined) failed = true;
              callback(error, ...rest);
            };
            return target.query(
              { sql, values, ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }) } as never,
              noted as never,
            );
          };
        }
        if (name === 'release') return () => (failed ? target.destroy() : target.release());
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(target, name) {
      if (name === 'getConnection') {
        return (callback: (error: unknown, connection?: MysqlPoolConnection) => void) =>
          target.getConnection((error, connection) => callback(error, error === null ? wrap(connection) : connection));
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
