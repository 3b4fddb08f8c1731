// A project that depends on the packed commerce-core: it embeds the core on PGlite, makes a store and a
// key through use cases, and serves the HTTP API from its own Node server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { CreateApplicationKey, CreateStore, createHttpApp, openCore, type OpenCore } from 'commerce-core';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: consumer <data-dir>');

const core: OpenCore = await openCore({ database: { kind: 'pglite', dataDir } });
const store = await core.container.get(CreateStore).execute('Consumer store');
if (store._tag === 'Left') throw new Error(`no store: ${store.left._tag}`);
const key = await core.container.get(CreateApplicationKey).execute(store.right.store.id, {
  type: 'application_key',
  name: 'Consumer key',
  reserved_rate_limit: 5,
});
if (key._tag === 'Left') throw new Error(`no key: ${key.left._tag}`);

const app = createHttpApp({ container: core.container, logger: pino({ level: 'silent' }) });
const server = createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const token = await fetch(`${origin}/oauth/access_token`, {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: key.right.key.clientId, client_secret: key.right.clientSecret }),
});
const { access_token } = (await token.json()) as { access_token: string };
const keys = await fetch(`${origin}/v2/application-keys`, { headers: { Authorization: `Bearer ${access_token}` } });
const listed = (await keys.json()) as { data: { name: string }[]; meta: { results: { total: number } } };

await new Promise<void>((resolve) => server.close(() => resolve()));
await core.close();
console.log(JSON.stringify({ token_status: token.status, keys_status: keys.status, total: listed.meta.results.total, names: listed.data.map((k) => k.name).sort() }));
