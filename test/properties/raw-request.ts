import { request } from 'node:http';
import { assertDocumented } from '../support/openapi-contract.js';

export interface RawResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly requestId: string | undefined;
  readonly text: string;
}

/** An HTTP/1.1 request as a careless or hostile client sends it: any method may carry a body. */
export const rawRequest = (
  origin: string,
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  body?: string | URLSearchParams,
): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body.toString(), 'utf8');
    const req = request(`${origin}${path}`, {
      method,
      headers: {
        ...(body instanceof URLSearchParams ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
        ...(payload === undefined ? {} : { 'Content-Length': String(payload.length) }),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const response = {
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          requestId: res.headers['x-request-id'] as string | undefined,
          text: Buffer.concat(chunks).toString('utf8'),
        };
        try {
          // However hostile the request, the answer is one the OpenAPI document describes.
          assertDocumented({
            method,
            path,
            status: response.status,
            header: (name) => res.headers[name.toLowerCase()]?.toString(),
            body: response.text,
            requestBody: body,
          });
        } catch (error) {
          reject(error as Error);
          return;
        }
        resolve(response);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
