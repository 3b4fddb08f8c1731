import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import {
  BullMqJobQueue,
  CreateStore,
  createHttpApp,
  DEFAULT_INTEGRATION_SETTINGS,
  openCore,
  startBackgroundWork,
} from '../src/index.js';

// Log lines go to stderr, the example's own output to stdout.
const logger = pino({ level: 'info' }, pino.destination(2));
// With REDIS_URL, jobs and webhook attempts are shared by every process on it; without, this process runs them.
const redisUrl = process.env['REDIS_URL'];
const core = await openCore(
  { database: { kind: 'pglite', dataDir: undefined } }, // in memory; a directory, or { kind: 'postgres', url }
  {},
  {
    ...(redisUrl === undefined ? {} : { jobQueue: new BullMqJobQueue({ redisUrl, log: logger }) }),
    // The receiver below is on loopback, which webhooks reach only when private receivers are allowed.
    integrations: { ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate: true },
  },
);
const created = await core.container.get(CreateStore).execute('Embedded shop');
if (created._tag === 'Left') throw new Error(created.left._tag);

// What the service runs beside its API: job workers, schedules, the webhook relay, purges.
const work = await startBackgroundWork(core.container, logger, { redisUrl });
const api = createServer(createHttpApp({ container: core.container, logger }).callback());
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

// A webhook receiver, told when a job finishes.
let told: (event: { triggered_by: string; payload: { data: { attributes: { status: string } } } }) => void;
const finished = new Promise<Parameters<typeof told>[0]>((resolve) => (told = resolve));
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    told(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const { access_token } = await call<{ access_token: string }>('POST', '/oauth/access_token', {
  grant_type: 'client_credentials',
  client_id: created.right.key.clientId,
  client_secret: created.right.clientSecret,
});
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
await call(
  'POST',
  '/v2/integrations',
  {
    data: {
      type: 'integration',
      name: 'Job watcher',
      integration_type: 'webhook',
      observes: ['subscription-job.updated'],
      configuration: { url: hookUrl },
    },
  },
  access_token,
);
// Answered 201 and pending at once; the job workers run it.
const job = await call<{ data: { id: string } }>(
  'POST',
  '/v2/subscriptions/jobs',
  { data: { type: 'subscription_job', attributes: { job_type: 'billing-run' } } },
  access_token,
);
const event = await finished;
const read = await call<{ data: { attributes: { status: string } } }>(
  'GET',
  `/v2/subscriptions/jobs/${job.data.id}`,
  undefined,
  access_token,
);
console.log('billing run:', read.data.attributes.status);
console.log('webhook:', event.triggered_by, event.payload.data.attributes.status);

// Stops taking work and waits for what is under way; then the servers and the database close.
await work.stop();
await new Promise((resolve) => api.close(resolve));
await new Promise((resolve) => receiver.close(resolve));
await core.close();
