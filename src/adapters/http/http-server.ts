import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { errorDocument } from './error-documents.js';

/** Requests Node's parser refuses before the app sees them, by the parser's error code. */
const REFUSALS: Readonly<Record<string, { readonly status: number; readonly detail: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'the request line and headers are larger than the server accepts' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'the request did not arrive in time' },
  HPE_HEADERS_TIMEOUT: { status: 408, detail: 'the request headers did not arrive in time' },
};
const MALFORMED = { status: 400, detail: 'the request is not valid HTTP/1.1' };

/** Answers a request the parser refused with a JSON error document, then closes the connection. */
const refuse = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  const answered = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || !socket.writable || answered) {
    socket.destroy();
    return;
  }
  const { status, detail } = REFUSALS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(errorDocument(status, detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** The Node server the app is served by; every answer it gives, even to a request Node refuses, is a JSON document. */
export const createHttpServer = (app: Koa<any, any>): Server => {
  const server = createServer(app.callback());
  server.on('clientError', refuse);
  return server;
};
