import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop, garbage collection), in one registry per process
 * that every app's `/metrics` appends. They describe the process, not an app; and collecting them starts
 * an event-loop monitor and a GC observer that are never stopped, so one set serves every app a process
 * creates.
 */
export const processRegistry = (): Registry => {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
};
