import type { ObservableKey } from './observable-events.js';

/** An event a change fires, with its payload made only when some integration observes it. */
export interface FiredEvent<P> {
  readonly key: ObservableKey;
  readonly payload: (payloads: P) => unknown | Promise<unknown>;
}

/** A created or changed resource: `payload.data` is the resource as its GET returns it. */
export const present = <P>(key: ObservableKey, data: (payloads: P) => unknown | Promise<unknown>): FiredEvent<P> => ({
  key,
  payload: async (payloads) => ({ data: await data(payloads) }),
});

/** A deleted resource: the payload is its type and id only, as EPCC sends it. */
export const gone = <P>(key: ObservableKey, type: string, id: string): FiredEvent<P> => ({
  key,
  payload: () => ({ type, id }),
});
