import * as E from 'fp-ts/lib/Either.js';

/** An HTTP API's origin: scheme, host, port, and nothing after them. */
export interface ApiOrigin {
  readonly protocol: 'http' | 'https';
  /** Without an IPv6 address's brackets, as Node's http client takes it. */
  readonly host: string;
  readonly port: number;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/**
 * A payment provider's API origin from the setting `name`: an http(s) origin alone, so that a local stand-in
 * can take the provider's place. A path, a query or a user is refused: the client adds its own path, and a
 * credential in a URL would be logged with it.
 */
export const apiOrigin = (name: string, raw: string, example: string): E.Either<string, ApiOrigin> => {
  const problem = E.left(`${name} must be an http(s) origin such as ${example}, got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem;
  }
  const protocol = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : undefined;
  if (protocol === undefined || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '')
    return problem;
  return E.right({
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? DEFAULT_PORTS[protocol] : Number(url.port),
  });
};

/** The origin as a URL's beginning, brackets restored around an IPv6 host. */
export const originText = ({ protocol, host, port }: ApiOrigin): string =>
  `${protocol}://${host.includes(':') ? `[${host}]` : host}${port === DEFAULT_PORTS[protocol] ? '' : `:${port}`}`;
