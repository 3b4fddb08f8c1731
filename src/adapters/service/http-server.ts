import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { HttpSettings } from '../config/http-settings.js';
import { sampledLog } from '../logging/sampled-log.js';
import { answerBeforeApp, clientErrorAnswer, hostHeaderAnswer, rawErrorResponse } from './client-errors.js';

export type ServerTimeouts = Pick<HttpSettings, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'> &
  Partial<Pick<HttpSettings, 'maxConnections'>>;

/** One line per kind of client error or refused connection per this interval, counting the ones left out. */
const LOG_SAMPLE_MS = 10_000;

/** What a drain found when it began and what it did. */
export interface DrainReport {
  /** Open connections when the drain began. */
  readonly connections: number;
  /** Requests being handled when the drain began. */
  readonly inFlight: number;
  /** Idle keep-alive connections closed at once. */
  readonly idleClosed: number;
  /** Responses finished while draining, each with `Connection: close`. */
  readonly answered: number;
  /** Connections still open at the deadline, destroyed. */
  readonly cut: number;
  readonly durationMs: number;
}

export interface DrainingServer {
  readonly server: Server;
  /**
   * Stops accepting connections and closes idle ones; every response finished from now on carries
   * `Connection: close`, so keep-alive clients leave after their answer. Whatever is still open after
   * `deadlineMs` is destroyed. Resolves once the server is closed.
   */
  drain(
    deadlineMs: number,
    onStart?: (load: { readonly connections: number; readonly inFlight: number }) => void,
  ): Promise<DrainReport>;
}

// Node checks its header and request deadlines on a timer; a check every second (or more often for
// short timeouts) keeps a stalled request from outliving its timeout by more than that.
const checkingInterval = (t: ServerTimeouts): number =>
  Math.max(10, Math.min(1000, Math.floor(Math.min(t.headersTimeoutMs, t.requestTimeoutMs) / 2)));

/**
 * A Node HTTP server with bounded timeouts and connections, error documents for malformed requests, and
 * a drain with a deadline. Client errors and refused connections are logged sampled: a flood of them
 * (thousands of half-open sockets timing out) must not become a flood of log lines.
 */
export const createDrainingServer = (
  handler: RequestListener,
  timeouts: ServerTimeouts,
  logger: Logger,
): DrainingServer => {
  const server = createServer({
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkingInterval(timeouts),
    // Node's own refusal of a request without Host is an empty 400; `hostHeaderAnswer` gives a document.
    requireHostHeader: false,
  });
  if (timeouts.maxConnections !== undefined) server.maxConnections = timeouts.maxConnections;
  const sampled = sampledLog(LOG_SAMPLE_MS);
  // Node closes a connection past maxConnections as soon as it is accepted, before any byte is read.
  server.on('drop', () =>
    sampled('drop', (suppressed) =>
      logger.warn(
        { max_connections: server.maxConnections, suppressed_since_last: suppressed },
        'connection refused: MAX_CONNECTIONS are open',
      ),
    ),
  );
  const sockets = new Set<Socket>();
  const responding = new Set<ServerResponse>();
  const current = new WeakMap<Socket, { readonly req: IncomingMessage; readonly res: ServerResponse }>();
  let draining = false;
  let answered = 0;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    responding.add(res);
    current.set(req.socket, { req, res });
    if (draining) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      // A response whose head went out before the drain began keeps its connection open; it is not counted.
      if (draining && res.getHeader('Connection') === 'close') answered += 1;
    });
    res.once('close', () => responding.delete(res));
    const badHost = hostHeaderAnswer(req);
    if (badHost !== undefined) {
      const requestId = answerBeforeApp(req, res, badHost);
      logger.info(
        { request_id: requestId, method: req.method, status: badHost.status, detail: badHost.detail },
        'client error',
      );
      return;
    }
    handler(req, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const exchange = current.get(socket);
    // Half a response on the wire cannot be followed by another one.
    const responseStarted = exchange !== undefined && !exchange.res.writableFinished && exchange.res.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || responseStarted) {
      socket.destroy();
      return;
    }
    const answer = clientErrorAnswer(
      error.code,
      exchange !== undefined && !exchange.req.complete ? 'body' : 'headers',
      timeouts,
    );
    sampled(`client error ${answer.status} ${error.code ?? ''}`, (suppressed) =>
      logger.info({ status: answer.status, code: error.code, suppressed_since_last: suppressed }, 'client error'),
    );
    // Destroyed once written, as Node does: a stalled client must not keep the socket half open.
    socket.end(rawErrorResponse(answer), () => socket.destroy());
  });

  const load = () => ({ connections: sockets.size, inFlight: responding.size });

  let drained: Promise<DrainReport> | undefined;
  const drain = (deadlineMs: number, onStart?: (now: ReturnType<typeof load>) => void): Promise<DrainReport> => {
    drained ??= (async () => {
      const started = Date.now();
      const before = load();
      onStart?.(before);
      draining = true;
      for (const res of responding) if (!res.headersSent) res.setHeader('Connection', 'close');
      // A keep-alive client's next request may already wait in the socket's buffer, unread: closing
      // its connection now would reset a request the client has sent. Reading what has arrived first
      // (one turn of the event loop) lets those requests in, to be answered with Connection: close.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idleClosed = [...sockets].filter((s) => s.destroyed).length;
      let cut = 0;
      const deadline = setTimeout(() => {
        cut = sockets.size;
        server.closeAllConnections();
        // Sockets Node no longer tracks as HTTP connections (a client error being written) go too.
        for (const socket of sockets) socket.destroy();
      }, deadlineMs);
      await closed;
      clearTimeout(deadline);
      return { ...before, idleClosed, answered, cut, durationMs: Date.now() - started };
    })();
    return drained;
  };

  return { server, drain };
};
