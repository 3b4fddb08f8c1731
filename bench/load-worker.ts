/**
 * Runs autocannon on its own thread, so that the load generator does not share the event loop of the
 * server it measures. Latencies are taken from each response with sub-millisecond precision:
 * autocannon's own histogram keeps whole milliseconds, too coarse for queries that take one or two.
 */
import type { EventEmitter } from 'node:events';
import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly seconds: number;
}

export interface LoadResult {
  readonly responses: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly bytesPerResponse: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodes: Readonly<Record<string, number>>;
  readonly seconds: number;
}

export type LoadReply =
  | { readonly ok: true; readonly result: LoadResult }
  | { readonly ok: false; readonly error: string };

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN);

const run = (request: LoadRequest): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bytes = 0;
    const instance = autocannon(
      {
        url: request.url,
        headers: { ...request.headers },
        connections: request.connections,
        duration: request.seconds,
        pipelining: 1,
        timeout: 30,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error !== null && error !== undefined) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        // Off the main thread autocannon hands back its raw counters rather than the aggregated result.
        const raw = result as unknown as {
          non2xx: number;
          errors: number;
          timeouts: number;
          duration: number;
          statusCodeStats: Record<string, { count: number }>;
        };
        const sorted = Float64Array.from(latencies).sort();
        const seconds = raw.duration;
        resolve({
          responses: latencies.length,
          requestsPerSecond: latencies.length / seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
          bytesPerResponse: bytes / Math.max(1, latencies.length),
          non2xx: raw.non2xx,
          errors: raw.errors,
          timeouts: raw.timeouts,
          statusCodes: Object.fromEntries(
            Object.entries(raw.statusCodeStats).map(([code, stat]) => [code, stat.count]),
          ),
          seconds,
        });
      },
    );
    // The instance re-emits every client's responses; the typings only know the per-client event.
    (instance as unknown as EventEmitter).on(
      'response',
      (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
        latencies.push(responseTime);
        bytes += resBytes;
      },
    );
  });

const port = parentPort;
if (port !== null) {
  port.on('message', (request: LoadRequest) => {
    run(request).then(
      (result) => port.postMessage({ ok: true, result } satisfies LoadReply),
      (error: unknown) =>
        port.postMessage({
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies LoadReply),
    );
  });
}
