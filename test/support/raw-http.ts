import { connect } from 'node:net';
import { assertDocumented } from './openapi-contract.js';

/** What came back on a connection: the bytes, and whether the server closed it before the wait ran out. */
export interface RawExchange {
  readonly text: string;
  readonly closedByServer: boolean;
}

/**
 * Opens a TCP connection to `url`, writes `request` as is (which may stop short of a whole request),
 * and collects the answer until the server closes the connection or `waitMs` passes.
 */
export const rawExchange = (url: string, request: string | Buffer, waitMs: number): Promise<RawExchange> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      settle(false);
    }, waitMs);
    const settle = (closedByServer: boolean) => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        checkRawAnswer(request, text);
      } catch (error) {
        reject(error as Error);
        return;
      }
      resolve({ text, closedByServer });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer still counts as the server closing the connection.
      if (error.code === 'ECONNRESET' && chunks.length > 0) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      settle(true);
    });
    socket.write(request);
  });

/** Status, lower-cased headers and body of the first response in `text`. */
export const parseRawResponse = (text: string): { status: number; headers: Record<string, string>; body: string } => {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no complete response head in ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length'] ?? 0);
  return { status, headers, body: text.slice(split + 4, split + 4 + length) };
};

/**
 * Holds the first answer on a raw connection to the OpenAPI document, as the request line names it; a
 * request line that does not parse matches no operation. Answers cut short or chunked are left alone.
 */
export const checkRawAnswer = (request: string | Buffer, text: string): void => {
  if (!text.includes('\r\n\r\n')) return;
  const response = parseRawResponse(text);
  if (
    response.headers['transfer-encoding'] !== undefined ||
    Buffer.byteLength(response.body) < Number(response.headers['content-length'] ?? 0)
  )
    return;
  const line = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/.exec(request.toString('latin1'));
  assertDocumented({
    method: line?.[1] ?? 'GET',
    path: line?.[2] ?? '*',
    status: response.status,
    header: (name) => response.headers[name.toLowerCase()],
    body: response.body,
  });
};
