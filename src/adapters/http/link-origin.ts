import type { HttpContext } from './http-state.js';

/** The origin, without a trailing slash, that a response's `links` start with. */
export type LinkOrigin = (ctx: HttpContext) => string;

export interface LinkOriginOptions {
  /** The configured `BASE_URL`: when set, every link uses it. */
  readonly baseUrl?: string | undefined;
  /** Lower-case `host[:port]` values of the Host header to trust; undefined: the loopback names and `listenHost`, on the listening port. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** The address the server listens on (`HOST`). */
  readonly listenHost?: string | undefined;
}

const WILDCARDS = new Set(['', '0.0.0.0', '::']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const bracketed = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** The host part of the service's own origin: the listening address, or loopback when it listens everywhere. */
export const ownHost = (listenHost: string | undefined): string =>
  WILDCARDS.has(listenHost ?? '') ? '127.0.0.1' : bracketed((listenHost ?? '').toLowerCase());

/** The origin a client on this machine reaches the service at. */
export const serviceOrigin = (listenHost: string | undefined, port: number, protocol = 'http'): string =>
  `${protocol}://${ownHost(listenHost)}:${port}`;

/**
 * `BASE_URL` when configured. Otherwise the request's Host only when it is allowed, so that a forged
 * Host cannot plant another origin in the links a client follows; any other Host gets the service's
 * own origin, on the port the request came in on.
 */
export const linkOrigin = ({ baseUrl, allowedHosts, listenHost }: LinkOriginOptions): LinkOrigin => {
  if (baseUrl !== undefined) return () => baseUrl;
  const configured = allowedHosts === undefined ? undefined : new Set(allowedHosts);
  const defaults = [...LOOPBACK_NAMES, ...(WILDCARDS.has(listenHost ?? '') ? [] : [ownHost(listenHost)])];
  return (ctx) => {
    const port = ctx.req.socket.localPort ?? 0;
    const host = ctx.host.toLowerCase();
    const allowed = configured ?? new Set(defaults.map((name) => `${name}:${port}`));
    return allowed.has(host) ? `${ctx.protocol}://${host}` : serviceOrigin(listenHost, port, ctx.protocol);
  };
};
