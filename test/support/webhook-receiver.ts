import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A webhook receiver on loopback: `answer` decides each request's status from what came (the receiver
 * of a test that verifies signatures answers from its verdict), when it likes (a test may hold an answer). `path` may carry a query string.
 */
export const webhookReceiver = async (
  answer: (request: ReceivedWebhook) => number | Promise<number>,
  path = '/hooks',
) => {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      res.statusCode = await answer(request);
      res.end(res.statusCode >= 300 ? 'not now' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
