import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { StorageUnavailable } from '../../../application/ports/storage-unavailable.js';
import type { OutageWatch } from './outage-watch.js';

/** Says why an error means the database is out of reach, or `undefined` when it is an ordinary failure. */
export type FaultClassifier = (error: unknown) => string | undefined;

interface Guard {
  readonly classify: FaultClassifier;
  readonly watch: OutageWatch | undefined;
}

const rethrow =
  ({ classify, watch }: Guard) =>
  (error: unknown): never => {
    if (error instanceof StorageUnavailable) throw error;
    const reason = classify(error);
    if (reason === undefined) throw error;
    watch?.failure(reason, error);
    throw new StorageUnavailable(reason, { cause: error });
  };

/** Every method of `target`, called on `target` itself (drivers keep private fields), with faults translated. */
const guarded = <T extends object>(target: T, guard: Guard, wrap: (name: PropertyKey, value: unknown) => unknown = (_, v) => v): T =>
  new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(object, args);
          if (!(result instanceof Promise)) return result;
          return result.then((r: unknown) => {
            if (name === 'executeQuery') guard.watch?.success();
            return wrap(name, r);
          }, rethrow(guard));
        } catch (error) {
          return rethrow(guard)(error);
        }
      };
    },
  });

/**
 * The dialect with its driver's faults (refused or lost connections, timed-out statements) thrown as
 * `StorageUnavailable`. Kysely gives no hook for errors, so the driver and each connection it hands out
 * are wrapped; connections the driver gets back are its own objects, as it expects. `watch` hears of
 * every fault and every successful statement.
 */
export const guardedDialect = (dialect: Dialect, classify: FaultClassifier, watch?: OutageWatch): Dialect => {
  const guard: Guard = { classify, watch };
  const connections = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (connection: DatabaseConnection): DatabaseConnection => connections.get(connection) ?? connection;
  const wrapConnection = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapped = guarded(connection, guard);
    connections.set(wrapped, connection);
    return wrapped;
  };
  return {
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const unwrapping = new Proxy(driver, {
        get(object, name) {
          const value: unknown = Reflect.get(object, name, object);
          if (typeof value !== 'function') return value;
          return (first: unknown, ...rest: unknown[]) =>
            value.call(object, typeof first === 'object' && first !== null ? inner(first as DatabaseConnection) : first, ...rest);
        },
      });
      return guarded(unwrapping, guard, (name, result) =>
        name === 'acquireConnection' ? wrapConnection(result as DatabaseConnection) : result,
      );
    },
  };
};
