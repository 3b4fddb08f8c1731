import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import { byteSize } from '../http/byte-size.js';
import { errorDocument, withRequestId, type ErrorCode } from '../http/error-documents.js';

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

/** A complete HTTP response written straight to a socket: there is no response object at this stage. */
export const rawErrorResponse = ({ status, detail, code }: ClientErrorAnswer, requestId: string = randomUUID()): string => {
  const body = JSON.stringify(withRequestId(errorDocument(status, detail, code), requestId));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    `X-Request-Id: ${requestId}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
};
