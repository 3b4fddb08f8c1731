import { type ApiOrigin, originText } from '../../config/api-origin.js';
import {
  AUTHORIZE_NET_PRODUCTION_API_BASE,
  AUTHORIZE_NET_SANDBOX_API_BASE,
  type AuthorizeNetSettings,
} from '../../config/authorize-net-settings.js';

/** Authorize.Net's one JSON endpoint: the request's single key names the call. */
const REQUEST_PATH = '/xml/v1/request.api';

/** An answer Authorize.Net gave, read as JSON; or why there is none to vouch for. */
export type ApiAnswer =
  | { readonly kind: 'answer'; readonly body: unknown }
  | { readonly kind: 'no_answer'; readonly reason: string };

/** Where a store's requests go: the deployment's origin when set, else production, or the sandbox in test mode. */
export const endpointFor = (settings: AuthorizeNetSettings, test: boolean): string => {
  const base: string | ApiOrigin =
    settings.origin ?? (test ? AUTHORIZE_NET_SANDBOX_API_BASE : AUTHORIZE_NET_PRODUCTION_API_BASE);
  return `${typeof base === 'string' ? base : originText(base)}${REQUEST_PATH}`;
};

/** Authorize.Net starts its JSON with a UTF-8 byte order mark, which `JSON.parse` refuses. */
const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * Posts one JSON request. Only a readable answer counts as one: a timeout, a dropped connection, a 5xx or a
 * body that is not JSON may hide a request that was processed, so they are `no_answer`. The reason names
 * the failure alone, never the request, which carries the store's transaction key.
 */
export const postRequest = async (endpoint: string, request: unknown, timeoutMs: number): Promise<ApiAnswer> => {
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      kind: 'no_answer',
      reason: timedOut
        ? `no answer from Authorize.Net within ${timeoutMs} ms`
        : `no answer from Authorize.Net: ${causeOf(error)}`,
    };
  }
  if (response.status >= 500 || response.status === 429)
    return { kind: 'no_answer', reason: `Authorize.Net answered ${response.status}` };
  try {
    return { kind: 'answer', body: JSON.parse(withoutBom(text)) };
  } catch {
    return { kind: 'no_answer', reason: `Authorize.Net answered ${response.status} with a body that is not JSON` };
  }
};

/** fetch's own message is "fetch failed"; the cause says what happened (ECONNRESET, "other side closed"). */
const causeOf = (error: unknown): string => {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return code === undefined || message.includes(code) ? message : `${code}: ${message}`;
};
