import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { sql } from 'kysely';
import { toRow } from '../../src/adapters/persistence/kysely/kysely-subscription-repository.js';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/persistence/kysely/open-database.js';
import { TOKENS } from '../../src/application/tokens.js';
import { buildContainer } from '../../src/container.js';
import { invoiceAfter } from '../../src/domain/subscription/subscription.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { printedCredentials, startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { aPlan, aProduct, aSubscription, anOffering } from '../support/subscription-builders.js';

const postgresUrl = process.env['TEST_POSTGRES_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Enough monthly subscriptions for a billing run of several seconds here (about 2,500 invoices a second on
 * PostgreSQL), so that the second instance is up before the first is killed halfway.
 */
const SUBSCRIPTIONS = 8000;
/** Each started a month and a day ago, and was never invoiced: its first two periods are due. */
const PERIODS = 2;
const INVOICES = SUBSCRIPTIONS * PERIODS;
const TAKEOVER_MS = 15_000;

/**
 * A billing run whose instance is killed with SIGKILL halfway is finished by the other instance on the same
 * PostgreSQL and Redis within 15 s, and every subscription is invoiced once: the new instance's run skips
 * what the dead one committed and numbers the rest after it.
 */
(postgresUrl && redisUrl ? describe : describe.skip)('a billing run taken over from a killed instance (TEST_POSTGRES_URL, TEST_REDIS_URL)', function () {
  this.timeout(120_000);
  const databaseUrl = postgresUrl === undefined ? '' : postgresUrl.replace(/\/[^/?]*(\?.*)?$/, '/app_test_takeover$1');
  const instances: ServiceProcess[] = [];
  let handle: DatabaseHandle;

  before(async () => {
    const admin = await openDatabase({ kind: 'postgres', url: postgresUrl! }, { poolSize: 1 });
    try {
      await sql`drop database if exists app_test_takeover`.execute(admin.db);
      await sql`create database app_test_takeover`.execute(admin.db);
    } finally {
      await admin.close();
    }
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolSize: 2 });
    await migrateToLatest(handle.db, handle.flavor);
  });
  after(async () => {
    for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) await instance.stop();
    await handle?.close();
  });

  it(`finishes the run on the other instance within ${TAKEOVER_MS / 1000} s of the kill, invoicing each subscription once, numbered without gaps`, async () => {
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl! };
    const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Takeover'], { cwd: ROOT, env: { ...process.env, ...env } });
    const storeId = /^store_id: (\S+)$/m.exec(stdout)![1] as Uuid;
    const { clientId, clientSecret } = printedCredentials(stdout);

    const container = buildContainer({ kind: 'database', handle });
    const monthly = aPlan(storeId, { name: 'Monthly', billing_interval_type: 'month', plan_length: 12 });
    const offering = anOffering(storeId, [aProduct(storeId)], [monthly]);
    const versionId = await container.get(TOKENS.SubscriptionRepository).snapshotOffering(offering);
    const createdAt = new Date(Date.now() - 32 * 86_400_000);
    for (let done = 0; done < SUBSCRIPTIONS; done += 1000) {
      const rows = Array.from({ length: 1000 }, () =>
        toRow(aSubscription(offering, versionId, { id: randomUUID() as Uuid, accountId: randomUUID() as Uuid, timestamps: { createdAt, updatedAt: createdAt }, invoiceAfter: invoiceAfter(createdAt, monthly.attributes) })),
      );
      await handle.db.insertInto('subscriptions').values(rows).execute();
    }
    await handle.db.updateTable('stores').set({ subscription_count: SUBSCRIPTIONS }).where('id', '=', storeId).execute();

    const first = await startServiceProcess(env);
    instances.push(first);
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    const token = ((await (await fetch(`${first.url}/oauth/access_token`, { method: 'POST', body: form })).json()) as { access_token: string }).access_token;
    const submitted = await fetch(`${first.url}/v2/subscriptions/jobs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'subscription_job', attributes: { job_type: 'billing-run' } } }),
    });
    expect(submitted.status).to.equal(201);
    const jobId = ((await submitted.json()) as { data: { id: string } }).data.id;

    const invoices = async () => Number((await handle.db.selectFrom('subscription_invoices').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
    const job = () => handle.db.selectFrom('subscription_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    // The second instance is up and idle while the first one runs the job.
    const deadline = Date.now() + 30_000;
    while ((await job()).status !== 'started' && Date.now() < deadline) await sleep(50);
    const second = await startServiceProcess(env);
    instances.push(second);
    while ((await invoices()) < INVOICES / 2 && Date.now() < deadline) await sleep(20);

    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    const atKill = await invoices();
    expect(atKill, `the run was killed halfway: ${atKill} invoices`).to.be.above(0).and.below(INVOICES);
    expect((await job()).status).to.equal('started');

    while ((await job()).status === 'started' && Date.now() - killedAt < 30_000) await sleep(100);
    const tookMs = Date.now() - killedAt;
    const finished = await job();
    expect(finished.status, `the job after ${tookMs} ms`).to.equal('success');
    expect(tookMs, `finished ${tookMs} ms after the kill (${atKill} of ${INVOICES} invoices were made before it)`).to.be.at.most(TAKEOVER_MS);

    const rows = await handle.db.selectFrom('subscription_invoices').select(['subscription_id', 'billing_period_start', 'number']).where('store_id', '=', storeId).execute();
    expect(rows, 'each due period invoiced').to.have.length(INVOICES);
    expect(new Set(rows.map((r) => `${r.subscription_id} ${new Date(r.billing_period_start).toISOString()}`)).size, 'no period invoiced twice').to.equal(INVOICES);
    expect(new Set(rows.map((r) => r.subscription_id)).size, 'every subscription invoiced').to.equal(SUBSCRIPTIONS);
    const numbers = rows.map((r) => Number(r.number)).sort((a, b) => a - b);
    expect(numbers[0]).to.equal(1);
    expect(numbers.every((n, i) => n === i + 1), 'numbers 1..N without gaps or repeats').to.equal(true);
    expect(second.output(), 'the survivor ran it').to.include(jobId);
  });
});
