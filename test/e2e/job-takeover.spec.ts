import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { storedSubscriptionDocuments } from '../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/engine/migrate.js';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/kysely/engine/open-database.js';
import { subscriptionToRow as toRow } from '../../src/adapters/persistence/kysely/subscriptions/subscription-rows.js';
import { TOKENS } from '../../src/application/tokens.js';
import { RunBilling } from '../../src/application/use-cases/billing/run-billing.js';
import { UpdateGateway } from '../../src/application/use-cases/gateways/update-gateway.js';
import { buildContainer } from '../../src/container.js';
import type { Job, JobType } from '../../src/domain/jobs/job.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { billingAnchorOf } from '../../src/domain/subscriptions/subscription.js';
import { databaseBeside, recreateDatabase } from '../support/database-beside.js';
import { FakeStripe } from '../support/fake-stripe.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../support/subscription-builders.js';

const postgresUrl = process.env['TEST_POSTGRES_URL'];
const redisUrl = process.env['TEST_REDIS_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Enough monthly subscriptions for a billing run of several seconds here (about 2,500 invoices a second on
 * PostgreSQL), so that the second instance is up before the first is killed, most of the way through:
 * what is measured is how soon the run goes on, not how long its rest takes on a busy machine.
 */
const SUBSCRIPTIONS = 16_000;
/**
 * Each started two months and a few days ago, and was never invoiced: three periods are due, and a run
 * invoices the first of each (EPCC: one invoice per subscription per run), taken over or not.
 */
const INVOICES = SUBSCRIPTIONS;
const TAKEOVER_MS = 15_000;
/**
 * The share of the work done when the first instance is killed. A billing run commits a batch of 1,000
 * subscriptions (3,000 invoices) at a time: this is after the seventh of eight.
 */
const KILL_AT = 0.85;
/** Invoices left outstanding for the payment run. */
const PAYABLE = 200;
/** The store's Stripe secret key, which the stand-in of Stripe's API accepts. */
const STRIPE_KEY = 'sk_test_51TakeoverStoreKey';
/** The key the instances seal and open gateway credentials with. */
const CREDENTIALS_KEY = randomBytes(32);

/**
 * A billing run, then a payment run, whose instance is killed with SIGKILL part of the way through is taken over by
 * another instance on the same PostgreSQL and Redis within 15 s, and its work is done once: the new instance's run
 * skips what the dead one committed (periods invoiced, payments begun) and does the rest; Stripe, here a stand-in,
 * charges each invoice once, the attempt the kill cut short being asked again under its idempotency key.
 */
(postgresUrl && redisUrl ? describe : describe.skip)(
  'a job run taken over from a killed instance (TEST_POSTGRES_URL, TEST_REDIS_URL)',
  function () {
    this.timeout(300_000);
    const database = databaseBeside(postgresUrl ?? '', 'takeover');
    const databaseUrl = database.url;
    // Every subscription pays through Stripe, whose stand-in runs here: what it charged is counted on its side.
    const stripe = new FakeStripe([STRIPE_KEY]);
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      GATEWAY_CREDENTIALS_KEY: CREDENTIALS_KEY.toString('hex'),
      STRIPE_API_BASE: '',
    };
    const instances: ServiceProcess[] = [];
    let handle: DatabaseHandle;
    let storeId: Uuid;
    let credentials: { clientId: string; clientSecret: string };

    before(async () => {
      await stripe.start();
      env.STRIPE_API_BASE = `http://127.0.0.1:${stripe.settings(0).port}`;
      await recreateDatabase(postgresUrl!, database.name);
      handle = await openDatabase({ kind: 'postgres', url: databaseUrl }, { poolSize: 2 });
      await migrateToLatest(handle.db, handle.flavor);
      const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Takeover'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });
      storeId = /^store_id: (\S+)$/m.exec(stdout)![1] as Uuid;
      credentials = printedCredentials(stdout);

      // Prices include tax, so that every invoice is ready for payment without a tax run.
      const container = buildContainer({ kind: 'database', handle }, { gatewayCredentialsKeys: [CREDENTIALS_KEY] });
      const stripeEnabled = await container
        .get(UpdateGateway)
        .execute(storeId, 'stripe_payment_intents', { type: 'gateway', enabled: true, login: STRIPE_KEY });
      expect(stripeEnabled._tag, 'the store pays through Stripe').to.equal('Right');
      const monthly = aPlan(storeId, { name: 'Monthly', billing_interval_type: 'month', plan_length: 12 });
      const offering = anOffering(
        storeId,
        [aProduct(storeId, { price: { USD: { amount: 1000, includes_tax: true } } })],
        [monthly],
      );
      const versionId = await container.get(TOKENS.SubscriptionRepository).snapshotOffering(offering);
      const createdAt = new Date(Date.now() - 64 * 86_400_000);
      for (let done = 0; done < SUBSCRIPTIONS; done += 1000) {
        const rows = Array.from({ length: 1000 }, () => {
          const subscription = aSubscription(offering, versionId, {
            paymentAuthority: {
              type: 'elastic_path_payments_stripe',
              customer_id: 'cus_takeover',
              card_id: 'pm_card',
            },
            timestamps: { createdAt, updatedAt: createdAt },
            billingAnchor: billingAnchorOf(createdAt, monthly.attributes),
            invoiceAfter: createdAt,
          });
          return toRow(subscription, storedSubscriptionDocuments.render(subscription, offering));
        });
        await handle.db.insertInto('subscriptions').values(rows).execute();
      }
      await handle.db
        .updateTable('stores')
        .set({ subscription_count: SUBSCRIPTIONS })
        .where('id', '=', storeId)
        .execute();
    });
    after(async () => {
      for (const instance of instances)
        if (instance.child.exitCode === null && instance.child.signalCode === null) await instance.stop();
      await handle?.close();
      await stripe.stop();
    });

    const count = async (table: 'subscription_invoices' | 'subscription_invoice_payments') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('store_id', '=', storeId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const jobRow = (id: string) =>
      handle.db.selectFrom('subscription_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    /** Submits a job of the kind through the instance's API, as a merchant would: its id. */
    const submit = async (url: string, jobType: JobType): Promise<string> => {
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      });
      const token = (
        (await (await fetch(`${url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
          access_token: string;
        }
      ).access_token;
      const submitted = await fetch(`${url}/v2/subscriptions/jobs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { type: 'subscription_job', attributes: { job_type: jobType } } }),
      });
      expect(submitted.status).to.equal(201);
      return ((await submitted.json()) as { data: { id: string } }).data.id;
    };

    /**
     * Starts an instance alone (so that it takes the job), submits the job to it, starts a second once the
     * job has begun (or, with `secondFirst` false, right after the kill), kills the first with SIGKILL once
     * `progress` reaches `killAfter`, checks that the work goes on within `TAKEOVER_MS` of the kill, and waits
     * for the job to finish: the survivor.
     */
    const killHalfway = async (
      jobType: JobType,
      progress: () => Promise<number>,
      total: number,
      killAfter = total * KILL_AT,
      secondFirst = true,
    ) => {
      for (const instance of instances.splice(0))
        if (instance.child.exitCode === null && instance.child.signalCode === null) await instance.stop();
      const first = await startServiceProcess(env);
      instances.push(first);
      const jobId = await submit(first.url, jobType);
      const job = () => jobRow(jobId);

      // The second instance is up and idle while the first one runs the job; or, for a run that may end
      // while an instance starts, it starts right after the kill (within the lease, which the takeover waits
      // out anyway).
      const deadline = Date.now() + 30_000;
      while ((await job()).status !== 'started' && Date.now() < deadline) await sleep(secondFirst ? 50 : 5);
      const early = secondFirst ? await startServiceProcess(env) : undefined;
      if (early !== undefined) instances.push(early);
      while ((await progress()) < killAfter && Date.now() < deadline) await sleep(secondFirst ? 20 : 2);

      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      const atKill = await progress();
      const second = early ?? (await startServiceProcess(env));
      if (early === undefined) instances.push(second);
      expect(atKill, `the run was killed part of the way: ${atKill} of ${total}`).to.be.above(0).and.below(total);
      expect((await job()).status).to.equal('started');

      // The takeover is when the work goes on (the survivor's first commit); how long the rest then takes
      // depends on the machine, and is only waited for.
      while ((await progress()) === atKill && (await job()).status === 'started' && Date.now() - killedAt < 60_000)
        await sleep(50);
      const resumedMs = Date.now() - killedAt;
      expect(resumedMs, `went on ${resumedMs} ms after the kill (${atKill} of ${total} done before it)`).to.be.at.most(
        TAKEOVER_MS,
      );
      while ((await job()).status === 'started' && Date.now() - killedAt < 120_000) await sleep(100);
      expect((await job()).status, `the job ${Date.now() - killedAt} ms after the kill`).to.equal('success');
      // The survivor logs "job finished" after it has stored the job's end, so its line may still be in the
      // pipe when the stored status is read: it is awaited, briefly.
      const logDeadline = Date.now() + 5_000;
      while (!second.output().includes(jobId) && Date.now() < logDeadline) await sleep(50);
      expect(second.output(), 'the survivor ran it').to.include(jobId);
      return second;
    };

    it(`goes on with a billing run on the other instance within ${TAKEOVER_MS / 1000} s of the kill, invoicing each period once, numbered without gaps`, async () => {
      await killHalfway('billing-run', () => count('subscription_invoices'), INVOICES);
      const rows = await handle.db
        .selectFrom('subscription_invoices')
        .select(['subscription_id', 'billing_period_start', 'number'])
        .where('store_id', '=', storeId)
        .execute();
      expect(rows, 'each due period invoiced').to.have.length(INVOICES);
      expect(
        new Set(rows.map((r) => `${r.subscription_id} ${new Date(r.billing_period_start).toISOString()}`)).size,
        'no period invoiced twice',
      ).to.equal(INVOICES);
      expect(new Set(rows.map((r) => r.subscription_id)).size, 'every subscription invoiced').to.equal(SUBSCRIPTIONS);
      expect(
        new Set(rows.map((r) => new Date(r.billing_period_start).getTime())).size,
        'each its oldest period only: the run taken over does not bill the next period of those invoiced before the kill',
      ).to.equal(1);
      const numbers = rows.map((r) => Number(r.number)).sort((a, b) => a - b);
      expect(
        numbers.every((n, i) => n === i + 1),
        'numbers 1..N without gaps or repeats',
      ).to.equal(true);
    });

    it(`goes on with a payment run on the other instance within ${TAKEOVER_MS / 1000} s of the kill, charging each invoice on Stripe once`, async () => {
      // The billing run's invoices, made here when that test did not run (a run again changes nothing).
      const billingJob: Job = {
        id: randomUUID() as Uuid,
        storeId,
        jobType: 'billing-run',
        status: 'started',
        createdAt: new Date(),
        updatedAt: new Date(),
        startedAt: new Date(),
      };
      await buildContainer({ kind: 'database', handle })
        .get(RunBilling)
        .run({ job: billingJob, startedAt: new Date(), heartbeat: async () => undefined });
      // A payment attempt costs far more than an invoice (transactions on both sides of the gateway's answer): a few hundred make a run of several seconds.
      const due = await handle.db
        .selectFrom('subscription_invoices')
        .select('id')
        .where('store_id', '=', storeId)
        .orderBy('id')
        .limit(PAYABLE)
        .execute();
      await handle.db
        .updateTable('subscription_invoices')
        .set({ outstanding: false })
        .where('store_id', '=', storeId)
        .where('id', '>', due[due.length - 1]!.id)
        .execute();
      // Killed at its first payment: how fast a run pays differs tenfold between a quiet and a loaded host, so
      // a kill timed by a share of the run, or after a second instance had started, could come after its end.
      const survivor = await killHalfway(
        'payment-run',
        () => count('subscription_invoice_payments'),
        PAYABLE,
        1,
        false,
      );
      const payments = () =>
        handle.db
          .selectFrom('subscription_invoice_payments')
          .select(['invoice_id', 'status'])
          .where('store_id', '=', storeId)
          .execute();
      const taken = await payments();
      expect(taken, 'one payment per invoice').to.have.length(PAYABLE);
      expect(new Set(taken.map((p) => p.invoice_id)).size, 'no invoice paid twice').to.equal(PAYABLE);
      // The attempt the kill cut short (stored before the gateway was asked) is left to the next run, which resumes it under the same key.
      expect(
        taken.filter((p) => p.status === 'pending').length,
        'at most the attempt cut short is unfinished',
      ).to.be.at.most(1);
      const next = await submit(survivor.url, 'payment-run');
      const deadline = Date.now() + 15_000;
      while ((await jobRow(next)).status !== 'success' && Date.now() < deadline) await sleep(100);
      const settled = await payments();
      expect(settled, 'still one payment per invoice').to.have.length(PAYABLE);
      expect(
        settled.filter((p) => p.status !== 'succeeded'),
        'every attempt finished, paid',
      ).to.deep.equal([]);
      // Stripe's side: the attempt the kill cut short was asked again under its key, which charges nothing more.
      const charged = stripe.charges.map((c) => c.metadata['invoice_id']);
      expect(charged, 'one charge per invoice on Stripe').to.have.length(PAYABLE);
      expect(new Set(charged).size, 'no invoice charged twice on Stripe').to.equal(PAYABLE);
      expect([...new Set(charged)].sort()).to.deep.equal(settled.map((p) => p.invoice_id).sort());
    });
  },
);
