import { randomUUID } from 'node:crypto';
import { type IncomingMessage, maxHeaderSize, type ServerResponse, STATUS_CODES } from 'node:http';
import { byteSize } from '../http/byte-size.js';
import { type ErrorCode, errorDocument, withRequestId } from '../http/error-documents.js';
import { SANE_REQUEST_ID } from '../http/middleware/request-context.js';

/** Which of the server's timeouts ran out when Node reports a request timeout on a connection. */
export type PendingPart = 'headers' | 'body';

export interface ClientErrorAnswer {
  readonly status: number;
  readonly detail: string;
  readonly code?: ErrorCode;
}

/**
 * What Node's parser and timeouts report before the application sees a request, each answered with
 * what was wrong. Node's own answers to these carry no body.
 */
export const clientErrorAnswer = (
  code: string | undefined,
  pending: PendingPart,
  timeouts: { readonly headersTimeoutMs: number; readonly requestTimeoutMs: number },
): ClientErrorAnswer => {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return pending === 'headers'
        ? { status: 408, detail: `the request headers were not received within ${timeouts.headersTimeoutMs} ms` }
        : { status: 408, detail: `the request was not received in full within ${timeouts.requestTimeoutMs} ms` };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: `the request line and headers are larger than ${byteSize(maxHeaderSize)}` };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, detail: 'the chunk extensions of the request body are too large' };
    default:
      return { status: 400, detail: 'the request is not valid HTTP/1.1', code: 'invalid_http' };
  }
};

/**
 * RFC 9112, 3.2: an HTTP/1.1 request names its host in exactly one `Host` header, and no request may carry
 * two (which would leave the host it means open to interpretation). Node refuses a missing one with an
 * empty 400 of its own and lets two pass, so the server checks both itself.
 */
export const hostHeaderAnswer = (
  req: Pick<IncomingMessage, 'httpVersionMajor' | 'httpVersionMinor' | 'rawHeaders'>,
): ClientErrorAnswer | undefined => {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1) return { status: 400, detail: 'the request has more than one Host header', code: 'invalid_http' };
  const atLeastHttp11 = req.httpVersionMajor > 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1);
  if (hosts === 0 && atLeastHttp11)
    return { status: 400, detail: 'an HTTP/1.1 request must have a Host header', code: 'invalid_http' };
  return undefined;
};

const errorHead = ({ status, detail, code }: ClientErrorAnswer, requestId: string) => {
  const body = JSON.stringify(withRequestId(errorDocument(status, detail, code), requestId));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  return { body, headers };
};

/** A complete HTTP response written straight to a socket: there is no response object at this stage. */
export const rawErrorResponse = (answer: ClientErrorAnswer, requestId: string = randomUUID()): string => {
  const { body, headers } = errorHead(answer, requestId);
  return [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
};

/**
 * Answers a parsed request the application must not see, and closes its connection; the request id is
 * the client's when it sent a sane one, as for every other answer. A HEAD request gets the head alone.
 */
export const answerBeforeApp = (req: IncomingMessage, res: ServerResponse, answer: ClientErrorAnswer): string => {
  const offered = req.headers['x-request-id'];
  const requestId = typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  const { body, headers } = errorHead(answer, requestId);
  res.writeHead(answer.status, headers);
  res.end(body);
  return requestId;
};
