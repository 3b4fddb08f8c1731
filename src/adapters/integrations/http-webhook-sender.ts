import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type {
  WebhookAnswer,
  WebhookRequest,
  WebhookSender,
} from '../../application/ports/integrations/webhook-sender.js';
import { RELAY_CONCURRENCY } from '../../application/use-cases/integrations/relay-deliveries.js';
import { LOGGED_BODY_MAX } from '../../domain/integrations/delivery.js';
import { type AddressPolicy, addressVerdict, classifyAddress } from '../../domain/integrations/receiver-address.js';

/** EPCC treats a webhook that takes longer than this as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` under the secret's UTF-8 bytes. */
export const webhookSignature = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

class RefusedAddress extends Error {}

/**
 * A lookup that resolves as the system does and refuses the connection when any address the name has is
 * one webhooks may not reach: checked when connecting, on the addresses actually used, so a name that
 * resolved to a public address at create and to a private one now (DNS rebinding) gains nothing.
 */
const guardedLookup =
  (policy: AddressPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error !== null) return callback(error, '', 0);
      for (const { address } of addresses) {
        const verdict = addressVerdict(address, policy);
        if (!verdict.allowed) return callback(new RefusedAddress(`${hostname} resolves to ${verdict.reason}`), '', 0);
      }
      if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return first === undefined
        ? callback(new Error(`${hostname} has no address`), '', 0)
        : callback(null, first.address, first.family);
    });
  };

/**
 * Webhooks over HTTP(S) with Node's own client: no redirects followed (a 3xx is an answer like any
 * other), 10 s for the whole exchange, at most 1 KiB of the answer read, and the address checked as the
 * connection is made. Keep-alive agents reuse connections to the same receiver; as many sockets to one origin
 * as the relay makes attempts at once, since several integrations may share a receiver.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: RELAY_CONCURRENCY }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: RELAY_CONCURRENCY }),
  };
  private readonly lookup: LookupFunction;
  /** The kept-alive connections whose address was allowed: a socket's peer never changes. */
  private readonly allowedSockets = new WeakSet<object>();

  constructor(private readonly policy: AddressPolicy) {
    this.lookup = guardedLookup(policy);
  }

  send(request: WebhookRequest): Promise<WebhookAnswer> {
    const started = performance.now();
    const done = (answer: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({
      ...answer,
      durationMs: Math.round(performance.now() - started),
    });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(done({ body: '', error: 'the URL does not parse' }));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (classifyAddress(host) !== undefined) {
      const verdict = addressVerdict(host, this.policy);
      if (!verdict.allowed) return Promise.resolve(done({ body: '', error: `refused: ${verdict.reason}` }));
    }
    const timestamp = Math.floor(request.sentAt.getTime() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'commerce-core-webhooks',
      'webhook-id': request.messageId,
      'webhook-timestamp': String(timestamp),
      'content-length': String(Buffer.byteLength(request.body)),
    };
    if (request.secretKey !== undefined) {
      headers['x-moltin-secret-key'] = request.secretKey;
      headers['webhook-signature'] = webhookSignature(request.secretKey, request.messageId, timestamp, request.body);
    }
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const client = protocol === 'https:' ? https : http;
    return new Promise<WebhookAnswer>((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(answer));
      };
      const onAnswer = (res: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < LOGGED_BODY_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          finish({
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, LOGGED_BODY_MAX),
          }),
        );
        res.on('error', (error) =>
          finish({ statusCode: res.statusCode ?? 0, body: '', error: `the answer broke off: ${error.message}` }),
        );
      };
      let req: http.ClientRequest;
      try {
        req = client.request(
          url,
          { method: 'POST', headers, agent: this.agents[protocol], lookup: this.lookup },
          onAnswer,
        );
      } catch (error) {
        // A header Node refuses to send (a secret_key with characters beyond Latin-1): a failed attempt, logged
        // and retried like any other, rather than an error that leaves the claim to run out again and again.
        finish({ body: '', error: `the request could not be made: ${(error as Error).message}` });
        return;
      }
      // The address connected to, checked once per connection (a kept-alive one was checked when it opened).
      req.on('socket', (socket) => {
        const check = () => {
          if (this.allowedSockets.has(socket)) return;
          const remote = socket.remoteAddress;
          const verdict =
            remote === undefined
              ? { allowed: false as const, reason: 'no remote address' }
              : addressVerdict(remote, this.policy);
          if (verdict.allowed) this.allowedSockets.add(socket);
          else req.destroy(new RefusedAddress(verdict.reason));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      req.on('error', (error) =>
        finish({
          body: '',
          error: error instanceof RefusedAddress ? `refused: ${error.message}` : `no answer: ${error.message}`,
        }),
      );
      timer = setTimeout(() => {
        finish({ body: '', error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` });
        req.destroy();
      }, WEBHOOK_TIMEOUT_MS);
      req.end(request.body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
