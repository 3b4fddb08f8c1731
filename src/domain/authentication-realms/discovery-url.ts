import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import { boundedString } from '../shared/text.js';
import type { Parsed } from '../shared/validation.js';

export const DISCOVERY_URL_MAX = 2048;

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** `127.0.0.0/8`, `[::1]` and `localhost`: a provider on the same machine, which no one else can reach. */
export const isLoopbackHost = (hostname: string): boolean =>
  LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

const RULE =
  'must be an absolute https URL without credentials or fragment (http only on the loopback: localhost, 127.0.0.0/8, [::1])';

/**
 * Where the provider's discovery document is. Its tokens and the client secret travel over it, so only
 * https, except for a provider on the loopback (a developer's machine, the tests), where nothing crosses
 * a network.
 */
export const parseDiscoveryUrl =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, DISCOVERY_URL_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    let url: URL;
    try {
      url = new URL(text.right);
    } catch {
      return E.left(issues(source, RULE));
    }
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    const plain = url.username === '' && url.password === '' && url.hash === '' && !text.right.includes('#');
    return secure && plain ? text : E.left(issues(source, RULE));
  };

const WELL_KNOWN = '/.well-known/openid-configuration';

/**
 * The issuer identifier a discovery URL names: EPCC's profiles give the document's own URL, which ends in
 * `/.well-known/openid-configuration`; the issuer is what comes before it (OpenID Connect Discovery 1.0,
 * section 4). A URL without that ending is taken as the issuer itself.
 */
export const issuerOfDiscoveryUrl = (discoveryUrl: string): string =>
  discoveryUrl.endsWith(WELL_KNOWN) ? discoveryUrl.slice(0, -WELL_KNOWN.length) : discoveryUrl;
