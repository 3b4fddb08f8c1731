/**
 * What hostile requests cost the service, on one in-process instance over the in-memory adapters:
 *
 *   npx tsx bench/hostile-requests.ts [--attempts 2000] [--connections 20]
 *
 * - lock-out: wrong secrets for the store's public client_id, `--connections` at a time, while a
 *   legitimate token polls `GET /v2/settings` within the store's budget (100 requests/s): the
 *   poller's 200s and 429s, and the attacker's statuses;
 * - unknown client ids: token requests per second and their statuses;
 * - `POST /`, 16,000 slashes and a letter, and a 1 MB body of nested `[` with and without a token: time each;
 * - `GET /health/live` latency while 8 of those run in parallel.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import { DEFAULT_HTTP_SETTINGS } from '../src/adapters/config/http-settings.js';
import { startService } from '../src/adapters/service/start-service.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { buildContainer } from '../src/container.js';

const { values } = parseArgs({
  options: { attempts: { type: 'string', default: '2000' }, connections: { type: 'string', default: '20' } },
});
const attempts = Number(values.attempts);
const connections = Number(values.connections);

/** A service of its own over a new in-memory store: what one phase's failures did does not carry over to the next. */
const startFresh = async () => {
  const container = buildContainer({ kind: 'memory' });
  const created = await container.get(CreateStore).execute('Bench store');
  if (E.isLeft(created)) throw new Error('no store');
  const service = await startService(
    container,
    { port: 0, host: '127.0.0.1', baseUrl: undefined, http: DEFAULT_HTTP_SETTINGS },
    pino({ level: 'silent' }),
  );
  return {
    service,
    url: `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`,
    clientId: created.right.key.clientId,
    clientSecret: created.right.clientSecret,
  };
};

const { service, url, clientId, clientSecret } = await startFresh();

const tokenForm = (id: string, secret: string) =>
  new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
const count = (statuses: readonly number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));
const timed = async (run: () => Promise<Response>): Promise<{ ms: number; status: number }> => {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
};
/** The status once the body is read, so that the connection is free for the next request. */
const statusOf = async (response: Response): Promise<number> => {
  await response.arrayBuffer();
  return response.status;
};
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const token = (
  (await (
    await fetch(`${url}/oauth/access_token`, { method: 'POST', body: tokenForm(clientId, clientSecret) })
  ).json()) as { access_token: string }
).access_token;

// Lock-out: the poller keeps well within the budget (20 requests/s) while the attacker floods.
{
  let attacking = true;
  const poller: number[] = [];
  const polling = (async () => {
    while (attacking) {
      poller.push(await fetch(`${url}/v2/settings`, { headers: { Authorization: `Bearer ${token}` } }).then(statusOf));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const attacker: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < attempts) {
        next += 1;
        attacker.push(
          await fetch(`${url}/oauth/access_token`, { method: 'POST', body: tokenForm(clientId, 'wrong') }).then(
            statusOf,
          ),
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  attacking = false;
  await polling;
  console.log(
    `lock-out: ${attempts} wrong secrets at ${connections} connections in ${seconds.toFixed(2)} s (${(attempts / seconds).toFixed(0)}/s): attacker ${JSON.stringify(count(attacker))}; poller ${JSON.stringify(count(poller))}`,
  );
}

// Unknown client ids, for two seconds, on a service that has seen no failure yet.
{
  const { service, url } = await startFresh();
  const statuses: number[] = [];
  const until = performance.now() + 2000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < until) {
        statuses.push(
          await fetch(`${url}/oauth/access_token`, {
            method: 'POST',
            body: tokenForm(`unknown-${i}-${statuses.length}`, 'x'),
          }).then(statusOf),
        );
      }
    }),
  );
  console.log(`unknown client ids: ${(statuses.length / 2).toFixed(0)} requests/s: ${JSON.stringify(count(statuses))}`);
  await service.stop();
}

await new Promise((resolve) => setTimeout(resolve, 1100));
const slashes = () =>
  fetch(`${url}/${'/'.repeat(16_000)}a`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
// Balanced, so that it is valid JSON: 1 MB nesting half a million levels deep.
const deep = `${'['.repeat(512 * 1024 - 8)}${']'.repeat(512 * 1024 - 8)}`;
const deepBody = (bearer?: string) => () =>
  fetch(`${url}/v2/subscriptions/products`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(bearer === undefined
        ? {}
        : { Authorization: `Bearer ${bearer}`, 'Idempotency-Key': `deep-${Math.random()}` }),
    },
    body: deep,
  });
const plain401 = () =>
  fetch(`${url}/v2/subscriptions/products`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });

for (const [name, run] of [
  ['POST / + 16,000 slashes + a', slashes],
  ['1 MB of nested [, no token', deepBody()],
  ['1 MB of nested [, with a token and an Idempotency-Key', deepBody(token)],
  ['a small body, no token (401)', plain401],
] as const) {
  const runs = [];
  for (let i = 0; i < 5; i += 1) runs.push(await timed(run));
  console.log(
    `${name}: median ${median(runs.map((r) => r.ms)).toFixed(1)} ms, statuses ${JSON.stringify(count(runs.map((r) => r.status)))}`,
  );
}

for (const [name, run] of [
  ['8 × slashes', slashes],
  ['8 × 1 MB nested, no token', deepBody()],
] as const) {
  let loading = true;
  const load = Array.from({ length: 8 }, async () => {
    while (loading) await timed(run).catch(() => undefined);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const live = [];
  for (let i = 0; i < 10; i += 1) live.push((await timed(() => fetch(`${url}/health/live`))).ms);
  loading = false;
  await Promise.all(load);
  console.log(
    `/health/live under ${name}: median ${median(live).toFixed(1)} ms, max ${Math.max(...live).toFixed(1)} ms`,
  );
}

await service.stop();
