import * as E from 'fp-ts/lib/Either.js';
import { readCorsAdminOrigins } from './cors-admin-origins.js';

/** How the HTTP server bounds slow clients and its own shutdown, and which Host headers it trusts for links. */
export interface HttpSettings {
  /** Time a client has to send a request's headers. */
  readonly headersTimeoutMs: number;
  /** Time a client has to send a whole request, headers and body. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open. */
  readonly keepAliveTimeoutMs: number;
  /** How long a shutdown waits for requests in flight before it cuts the remaining connections. */
  readonly shutdownTimeoutMs: number;
  /** `host[:port]` values of the Host header that links may use; undefined: the loopback names and the listening host. */
  readonly allowedHosts: readonly string[] | undefined;
  /** The header a trusted reverse proxy writes the client's address into; undefined: the socket's peer address. */
  readonly trustedProxyHeader: string | undefined;
  /** Connections open at once; the server closes any beyond it as soon as it is accepted. */
  readonly maxConnections: number;
  /** `CORS_ADMIN_ORIGINS`: origins whose pages may call every route, the console's too; none by default. */
  readonly corsAdminOrigins: readonly string[];
}

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  shutdownTimeoutMs: 10_000,
  allowedHosts: undefined,
  trustedProxyHeader: undefined,
  maxConnections: 1000,
  corsAdminOrigins: [],
};

type Env = Readonly<Record<string, string | undefined>>;

const HOUR_MS = 3_600_000;

/** A whole number of milliseconds from `min` to an hour, or the fallback when unset; reported by name when bad. */
export const milliseconds = (
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(fallback);
  const n = Number(raw);
  return /^[0-9]+$/.test(raw) && n >= min && n <= HOUR_MS
    ? E.right(n)
    : E.left(`${name} must be a whole number of milliseconds between ${min} and ${HOUR_MS}, got "${raw}"`);
};

// A host name (letters, digits, dots, hyphens) or a bracketed IPv6 address, with an optional port.
const HOST_ENTRY = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?$/;

const allowedHosts = (raw: string | undefined): E.Either<string, readonly string[] | undefined> => {
  if (raw === undefined || raw.trim() === '') return E.right(undefined);
  const entries = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => {
    const match = HOST_ENTRY.exec(e);
    return match === null || (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535));
  });
  return bad.length === 0 && entries.length > 0
    ? E.right(entries)
    : E.left(`ALLOWED_HOSTS must be a comma-separated list of host or host:port entries, got "${raw}"`);
};

// A header field name (RFC 9110 token), of a sane length.
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

const trustedProxyHeader = (raw: string | undefined): E.Either<string, string | undefined> => {
  if (raw === undefined || raw.trim() === '') return E.right(undefined);
  return HEADER_NAME.test(raw.trim())
    ? E.right(raw.trim().toLowerCase())
    : E.left(`TRUSTED_PROXY_HEADER must be a header name such as X-Forwarded-For, got "${raw}"`);
};

const MAX_CONNECTIONS_CEILING = 1_000_000;

const maxConnections = (raw: string | undefined, fallback: number): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(fallback);
  const n = Number(raw);
  return /^[0-9]+$/.test(raw) && n >= 1 && n <= MAX_CONNECTIONS_CEILING
    ? E.right(n)
    : E.left(
        `MAX_CONNECTIONS must be a whole number of connections between 1 and ${MAX_CONNECTIONS_CEILING}, got "${raw}"`,
      );
};

/** Decodes the HTTP variables; every bad one is reported by name. */
export const readHttpSettings = (env: Env): E.Either<readonly string[], HttpSettings> => {
  const d = DEFAULT_HTTP_SETTINGS;
  const parts = {
    headersTimeoutMs: milliseconds('HEADERS_TIMEOUT_MS', env['HEADERS_TIMEOUT_MS'], d.headersTimeoutMs, 1),
    requestTimeoutMs: milliseconds('REQUEST_TIMEOUT_MS', env['REQUEST_TIMEOUT_MS'], d.requestTimeoutMs, 1),
    keepAliveTimeoutMs: milliseconds('KEEP_ALIVE_TIMEOUT_MS', env['KEEP_ALIVE_TIMEOUT_MS'], d.keepAliveTimeoutMs, 1),
    shutdownTimeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', env['SHUTDOWN_TIMEOUT_MS'], d.shutdownTimeoutMs, 0),
    allowedHosts: allowedHosts(env['ALLOWED_HOSTS']),
    trustedProxyHeader: trustedProxyHeader(env['TRUSTED_PROXY_HEADER']),
    maxConnections: maxConnections(env['MAX_CONNECTIONS'], d.maxConnections),
    corsAdminOrigins: readCorsAdminOrigins(env['CORS_ADMIN_ORIGINS']),
  };
  const {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    shutdownTimeoutMs,
    allowedHosts: hosts,
    trustedProxyHeader: proxyHeader,
    maxConnections: connections,
    corsAdminOrigins,
  } = parts;
  if (
    E.isLeft(headersTimeoutMs) ||
    E.isLeft(requestTimeoutMs) ||
    E.isLeft(keepAliveTimeoutMs) ||
    E.isLeft(shutdownTimeoutMs) ||
    E.isLeft(hosts) ||
    E.isLeft(proxyHeader) ||
    E.isLeft(connections) ||
    E.isLeft(corsAdminOrigins)
  ) {
    return E.left(Object.values(parts).flatMap((p) => (E.isLeft(p) ? [p.left] : [])));
  }
  // Node refuses a headers timeout longer than the request timeout; say so by name rather than crash at listen.
  if (headersTimeoutMs.right > requestTimeoutMs.right) {
    return E.left([
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs.right}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs.right})`,
    ]);
  }
  return E.right({
    headersTimeoutMs: headersTimeoutMs.right,
    requestTimeoutMs: requestTimeoutMs.right,
    keepAliveTimeoutMs: keepAliveTimeoutMs.right,
    shutdownTimeoutMs: shutdownTimeoutMs.right,
    allowedHosts: hosts.right,
    trustedProxyHeader: proxyHeader.right,
    maxConnections: connections.right,
    corsAdminOrigins: corsAdminOrigins.right,
  });
};
