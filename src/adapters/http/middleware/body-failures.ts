import { byteSize } from '../byte-size.js';

/** What was wrong with a body the parser could not read: a client error, never a 500. */
export interface BodyFailure {
  readonly status: 400 | 413 | 415;
  readonly detail: string;
}

interface ThrownByParser {
  readonly status?: unknown;
  readonly type?: unknown;
  readonly limit?: unknown;
  readonly errno?: unknown;
  readonly code?: unknown;
}

// zlib reports a corrupt or truncated stream with a numeric errno and a code (Z_DATA_ERROR,
// Z_BUF_ERROR, ERR__ERROR_FORMAT_… for brotli), and no HTTP status.
const isDecompressionError = (e: ThrownByParser): boolean =>
  e.status === undefined && typeof e.errno === 'number' && typeof e.code === 'string';

/**
 * Maps what raw-body, inflation and co-body throw to a status and a detail that says what was wrong;
 * undefined for anything else, which stays an unexpected error. The 413 states the limit that was
 * enforced, carried by the error itself, so each limit's message tells its own figure.
 */
export const bodyFailure = (
  error: unknown,
  request: { readonly coding: string; readonly form: boolean },
): BodyFailure | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as ThrownByParser;
  if (isDecompressionError(e)) return { status: 400, detail: `the request body is not valid ${request.coding} data` };
  switch (e.type) {
    case 'entity.too.large':
      return {
        status: 413,
        detail:
          typeof e.limit === 'number'
            ? `the request body is larger than ${byteSize(e.limit)}`
            : 'the request body is too large',
      };
    case 'request.size.invalid':
      return { status: 400, detail: 'the request body does not match its Content-Length' };
    case 'request.aborted':
      return { status: 400, detail: 'the request body was not received in full' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, detail: 'the request body must be UTF-8' };
  }
  if (e.status === 415) return { status: 415, detail: `Content-Encoding ${request.coding} is not supported` };
  if (e.status === 400)
    return {
      status: 400,
      detail: request.form ? 'the request body is not a valid form' : 'the request body is not valid JSON',
    };
  return undefined;
};
