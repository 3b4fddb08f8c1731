/**
 * What a browser may send across origins: the bearer token, the body's type and encoding, our own request
 * headers, and every header `@epcc-sdk/sdks-shopper` 0.3.0 sets (a header missing here fails the whole
 * preflight, even one this service does not read).
 */
export const ALLOWED_REQUEST_HEADERS: readonly string[] = [
  'Authorization',
  'Content-Type',
  'Content-Encoding',
  'Idempotency-Key',
  'X-Request-Id',
  'EP-Account-Management-Authentication-Token',
  'EP-Channel',
  'EP-Context-Tag',
  'EP-Currency',
  'X-Moltin-Currency',
  'X-Moltin-Customer-Token',
  'EP-Pricebook-IDs-For-Price-Segmentation-Preview',
  'EP-Pricebook-IDs-Of-Available-Prices-To-Show',
  'EP-Geolocation',
];

/** What a page may read of an answer besides the safelisted headers: rates, retries, the request id. */
export const EXPOSED_HEADERS: readonly string[] = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'Location',
];

/** Seconds a browser may keep a preflight's answer: Chromium's ceiling, so no browser asks more often than it must. */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;
