import { Agent, request } from 'node:http';

/**
 * Form POSTs over kept-alive connections, answering the status only, for tests that send thousands of
 * requests: node:http costs about half the CPU of fetch per request, and the test shares the CPU with the
 * service it calls. Answers are not held to the OpenAPI document; a test checks one of each with fetch.
 */
export class FormPoster {
  private readonly agent: Agent;

  constructor(
    private readonly url: string,
    connections: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<number> {
    const body = new URLSearchParams(fields).toString();
    return new Promise((resolve, reject) => {
      const sent = request(
        `${this.url}${path}`,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            ...headers,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `send` for every item, `concurrency` at a time, and answers their results in the items' order. */
export const inPool = async <T, R>(
  items: readonly T[],
  concurrency: number,
  send: (item: T) => Promise<R>,
): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await send(items[i]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
};
