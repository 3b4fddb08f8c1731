// A project that depends on the packed commerce-core: it embeds the core on PGlite, makes a store and a
// key through use cases, serves the HTTP API from its own Node server with the background work started (a
// job posted to it runs), and bills a subscription through the library's billing use cases as the API would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BuildOffering,
  CreateApplicationKey,
  CreateStore,
  CreateSubscription,
  CreateSubscriptionPlan,
  CreateSubscriptionProduct,
  createHttpApp,
  type Either,
  type Invoice,
  isLeft,
  type Job,
  ListInvoices,
  type OpenCore,
  openCore,
  queryParams,
  RunBilling,
  startBackgroundWork,
} from 'commerce-core';
import { pino } from 'pino';

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

const logger = pino({ level: 'silent' });
const work = await startBackgroundWork(core.container, logger);
const app = createHttpApp({ container: core.container, logger });
const server = createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const token = await fetch(`${origin}/oauth/access_token`, {
  method: 'POST',
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: key.right.key.clientId,
    client_secret: key.right.clientSecret,
  }),
});
const { access_token } = (await token.json()) as { access_token: string };
const keys = await fetch(`${origin}/v2/application-keys`, { headers: { Authorization: `Bearer ${access_token}` } });
const listed = (await keys.json()) as { data: { name: string }[]; meta: { results: { total: number } } };

// A billing run posted to the API: pending at first, run by the job workers the background work started.
const authorized = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
const posted = await fetch(`${origin}/v2/subscriptions/jobs`, {
  method: 'POST',
  headers: authorized,
  body: JSON.stringify({ data: { type: 'subscription_job', attributes: { job_type: 'billing-run' } } }),
});
const postedJob = (await posted.json()) as { data: { id: string } };
let jobStatus = 'pending';
for (let tries = 0; tries < 600 && (jobStatus === 'pending' || jobStatus === 'started'); tries += 1) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const read = await fetch(`${origin}/v2/subscriptions/jobs/${postedJob.data.id}`, { headers: authorized });
  jobStatus = ((await read.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
}
await work.stop();

await new Promise<void>((resolve) => server.close(() => resolve()));

// Billing through the library: a subscription made a month ago has its first invoice; a run makes the next.
const storeId = store.right.store.id;
const made = <A>(either: Either<unknown, A>): A => {
  if (isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};
const product = made(
  await core.container.get(CreateSubscriptionProduct).execute(storeId, {
    type: 'subscription_product',
    attributes: { name: 'Beans', price: { USD: { amount: 1250, includes_tax: true } } },
  }),
);
const plan = made(
  await core.container.get(CreateSubscriptionPlan).execute(storeId, {
    type: 'subscription_plan',
    attributes: {
      name: 'Daily',
      billing_interval_type: 'day',
      billing_frequency: 1,
      plan_length: 12,
      end_behavior: 'roll',
      can_pause: true,
      can_resume: true,
      can_cancel: true,
    },
  }),
);
const offering = made(
  await core.container.get(BuildOffering).execute(storeId, { name: 'Club', products: [product.id], plans: [plan.id] }),
);
made(
  await core.container.get(CreateSubscription).execute(storeId, {
    account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
    offering_id: offering.id,
    plan_id: offering.plans[0]!.id,
    currency: 'USD',
    name: 'Ada',
    email: 'ada@example.com',
    payment_authority: { type: 'elastic_path_payments_stripe' },
  }),
);
const tomorrow = new Date(Date.now() + 86_400_000);
const job: Job = {
  id: '7b0e2c2a-9d7e-4b8e-8f51-3c2d1e0f9a8b' as Job['id'],
  storeId,
  jobType: 'billing-run',
  status: 'started',
  createdAt: tomorrow,
  updatedAt: tomorrow,
  startedAt: tomorrow,
};
const report = made(
  await core.container.get(RunBilling).run({ job, startedAt: tomorrow, heartbeat: async () => undefined }),
);
const invoices = made(await core.container.get(ListInvoices).execute(storeId, queryParams([])));
await core.close();
console.log(
  JSON.stringify({
    token_status: token.status,
    keys_status: keys.status,
    job_posted: posted.status,
    job_status: jobStatus,
    total: listed.meta.results.total,
    names: listed.data.map((k) => k.name).sort(),
    billed: report['invoices_ready_for_payment'],
    invoices: invoices.items.map((i: Invoice) => i.amount),
  }),
);
