import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gateway, MemoryStorageFactory } from '@elasticpath/js-sdk';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';

/** The official EPCC client against the running service, changed only in its host. */
/** The SDK hands errors over without the response's headers: each must carry a request id, then it is left out. */
const withoutMeta = (errors: unknown): { errors: Record<string, unknown>[] } => {
  const list = errors as ({ meta?: { request_id?: unknown } } & Record<string, unknown>)[];
  for (const error of list) expect(error.meta?.request_id).to.match(/^[0-9a-f-]{36}$/);
  return { errors: list.map(({ meta: _meta, ...rest }) => rest) };
};

describe('the official @elasticpath/js-sdk against the service', () => {
  let dir: string;
  let service: ServiceProcess;
  let sdk: ReturnType<typeof gateway>;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-sdk-'));
    // Private receivers allowed, so that the integrations test's receiver can listen on loopback.
    service = await startServiceProcess({
      DATA_DIR: await emptyDataDir(path.join(dir, 'pglite')),
      INTEGRATIONS_ALLOW_PRIVATE: 'true',
      INTEGRATIONS_RETRY_BASE_MS: '100',
    });
    const { clientId, clientSecret } = printedCredentials(await readFile(path.join(dir, 'bootstrap-key.txt'), 'utf8'));
    // `protocol` is read by the SDK but missing from its typings.
    const config = {
      client_id: clientId,
      client_secret: clientSecret,
      host: new URL(service.url).host,
      protocol: 'http',
      storage: new MemoryStorageFactory(),
      fetchMaxAttempts: 1,
    };
    sdk = gateway(config as Parameters<typeof gateway>[0]);
  });
  after(async () => {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('authenticates and creates, lists, gets, updates and deletes application keys', async () => {
    const created = await sdk.ApplicationKeys.Create({
      type: 'application_key',
      name: 'From the SDK',
      reserved_rate_limit: 5,
    });
    expect(created.data.name).to.equal('From the SDK');
    expect(created.data.client_secret).to.be.a('string');
    expect(created.links.self).to.equal(`${service.url}/v2/application-keys/${created.data.id}`);

    const page = await sdk.ApplicationKeys.Limit(1).Offset(1).All();
    expect(page.data).to.have.length(1);
    expect(page.meta.results.total).to.equal(2);
    expect((page.meta as { total_reserved_rate_limit?: number }).total_reserved_rate_limit).to.equal(5);

    const got = await sdk.ApplicationKeys.Get(created.data.id);
    expect(got.data.id).to.equal(created.data.id);
    expect(got.data).not.to.have.property('client_secret');

    const updated = await sdk.ApplicationKeys.Update(created.data.id, {
      type: 'application_key',
      name: 'Renamed',
      reserved_rate_limit: 7,
    });
    expect(updated.data).to.include({ name: 'Renamed', reserved_rate_limit: 7 });

    await sdk.ApplicationKeys.Delete(created.data.id);
    let errors: unknown;
    await sdk.ApplicationKeys.Get(created.data.id).catch((error: { errors?: unknown }) => {
      errors = error.errors;
    });
    expect(withoutMeta(errors)).to.deep.equal({
      errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: 'application key not found' }],
    });
  });

  it('sees a 409 when a reservation passes the budget', async () => {
    let errors: unknown;
    await sdk.ApplicationKeys.Create({ type: 'application_key', name: 'Greedy', reserved_rate_limit: 101 }).catch(
      (error: { errors?: unknown }) => {
        errors = error.errors;
      },
    );
    expect(withoutMeta(errors)).to.deep.equal({
      errors: [
        {
          status: '409',
          title: 'Conflict',
          code: 'reservation_over_budget',
          detail: 'requested reserved rate limit will exceed the maximum',
        },
      ],
    });
  });

  it('reads and updates the merchant realm mapping with MerchantRealmMappings.All, Get and Update', async () => {
    const mapping = await sdk.MerchantRealmMappings.All();
    expect(mapping.data).to.include({ type: 'merchant-realm-mappings', prefix: null });
    const byId = await sdk.MerchantRealmMappings.Get(mapping.data.id);
    expect(byId.data).to.deep.equal(mapping.data);
    const updated = await sdk.MerchantRealmMappings.Update(mapping.data.id, { prefix: 'SdkStore' } as Parameters<
      typeof sdk.MerchantRealmMappings.Update
    >[1]);
    expect(updated.data).to.deep.equal({ ...mapping.data, prefix: 'SdkStore' });
  });

  it('reads and changes the page length with Settings.All and Update', async () => {
    const settings = await sdk.Settings.All();
    expect((settings.data as { page_length?: number }).page_length).to.equal(25);
    const updated = await sdk.Settings.Update({ page_length: 10 } as Parameters<typeof sdk.Settings.Update>[0]);
    expect((updated.data as { page_length?: number }).page_length).to.equal(10);
  });

  it('builds a catalogue, creates subscriptions, pauses one and lists them with With, Filter, Limit and Offset', async () => {
    const loose = sdk as unknown as Record<string, any>;
    const product = await loose['SubscriptionProducts'].Create({
      type: 'subscription_product',
      attributes: { name: 'Coffee beans', price: { USD: { amount: 1500 } } },
    });
    const plan = await loose['SubscriptionPlans'].Create({
      type: 'subscription_plan',
      attributes: {
        name: 'Monthly',
        billing_interval_type: 'month',
        billing_frequency: 1,
        plan_length: 12,
        end_behavior: 'roll',
        can_pause: true,
        can_resume: true,
        can_cancel: true,
      },
    });
    const offering = await loose['SubscriptionOfferings'].Build({
      name: 'Coffee club',
      description: 'Beans every month',
      products: [product.data.id],
      plans: [plan.data.id],
    });
    const plans = await loose['SubscriptionOfferings'].GetAttachedPlans(offering.data.id);
    const planId: string = plans.data[0].id;
    expect(plans.data[0].meta.display_price.without_tax.formatted).to.equal('$15.00');

    const account = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
    const created = [];
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Zoë Ünal', 'zoe@example.com'],
      ['Alan Turing', 'alan@example.com'],
    ] as const) {
      created.push(
        await loose['Subscriptions'].Create({
          account_id: account,
          offering_id: offering.data.id,
          plan_id: planId,
          currency: 'USD',
          name,
          email,
          payment_authority: { type: 'platform_payments_processor' },
        }),
      );
    }
    await loose['Subscriptions'].CreateState(created[1].data.id, 'pause');

    const page = await loose['Subscriptions']
      .With(['plans', 'products'])
      .Filter({ eq: { account_id: account } })
      .Limit(2)
      .Offset(1)
      .All();
    expect(page.data.map((s: { id: string }) => s.id)).to.deep.equal([created[1].data.id, created[0].data.id]);
    expect(page.data[0].meta.paused).to.equal(true);
    expect(page.data[0].attributes.status).to.equal('active');
    expect(page.included.plans.map((p: { id: string }) => p.id)).to.deep.equal([planId]);
    expect(page.included.products).to.have.length(1);
    expect(page.meta.results.total).to.equal(3);
    expect(page.meta.page).to.deep.equal({ limit: 2, offset: 1, current: 1, total: 2 });

    const byEmail = await loose['Subscriptions'].Filter({ eq: { email: 'zoe@example.com' } }).All();
    expect(byEmail.data.map((s: { id: string }) => s.id)).to.deep.equal([created[1].data.id]);
  });

  it("changes a subscription's plan, detaches a plan from an offering and deletes a subscription with Update, RemovePlan and Delete", async () => {
    const loose = sdk as unknown as Record<string, any>;
    const product = await loose['SubscriptionProducts'].Create({
      type: 'subscription_product',
      attributes: { name: 'Tea leaves', price: { EUR: { amount: 1200 } } },
    });
    const planOf = (name: string, interval: string) =>
      loose['SubscriptionPlans'].Create({
        type: 'subscription_plan',
        attributes: {
          name,
          billing_interval_type: interval,
          billing_frequency: 1,
          plan_length: 12,
          end_behavior: 'roll',
          can_pause: true,
          can_resume: true,
          can_cancel: true,
        },
      });
    const monthly = await planOf('Tea monthly', 'month');
    const weekly = await planOf('Tea weekly', 'week');
    const offering = await loose['SubscriptionOfferings'].Build({
      name: 'Tea club',
      description: 'Leaves',
      products: [product.data.id],
      plans: [monthly.data.id, weekly.data.id],
    });
    const copies = (await loose['SubscriptionOfferings'].GetAttachedPlans(offering.data.id)).data as {
      id: string;
      attributes: { name: string };
    }[];
    const copyOf = (name: string): string => copies.find((c) => c.attributes.name === name)?.id ?? '';

    const subscription = await loose['Subscriptions'].Create({
      account_id: randomUUID(),
      offering_id: offering.data.id,
      plan_id: copyOf('Tea monthly'),
      currency: 'EUR',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      payment_authority: { type: 'platform_payments_processor' },
    });
    const changed = await loose['Subscriptions'].Update(subscription.data.id, {
      id: subscription.data.id,
      type: 'subscription',
      attributes: { plan_id: copyOf('Tea weekly') },
    });
    expect(changed.data.attributes.plan_id).to.equal(copyOf('Tea weekly'));
    const plans = (await loose['Subscriptions'].GetAttachedPlans(subscription.data.id)).data as {
      id: string;
      meta: { active_plan: boolean | null };
    }[];
    expect(plans.filter((p) => p.meta.active_plan === true).map((p) => p.id)).to.deep.equal([copyOf('Tea weekly')]);

    // The original monthly plan is held by the offering's copy: it can go once the copy is detached.
    const refusal = await loose['SubscriptionPlans'].Delete(monthly.data.id).then(
      () => 'deleted',
      (error: { errors?: { code: string }[] }) => error.errors?.[0]?.code,
    );
    expect(refusal).to.equal('in_use');
    await loose['SubscriptionOfferings'].RemovePlan(offering.data.id, copyOf('Tea monthly'));
    const left = (await loose['SubscriptionOfferings'].GetAttachedPlans(offering.data.id)).data as { id: string }[];
    expect(left.map((p) => p.id)).to.deep.equal([copyOf('Tea weekly')]);
    await loose['SubscriptionPlans'].Delete(monthly.data.id);

    await loose['Subscriptions'].Delete(subscription.data.id);
    let errors: unknown;
    await loose['Subscriptions'].Get(subscription.data.id).catch((error: { errors?: unknown }) => {
      errors = error.errors;
    });
    expect(withoutMeta(errors)).to.deep.equal({
      errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: 'subscription not found' }],
    });
  });

  it('creates, lists, gets, updates and deletes integrations, and reads their jobs and logs, with Integrations', async () => {
    let calls = 0;
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        calls += 1;
        res.writeHead(calls === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const created = await sdk.Integrations.Create({
        type: 'integration',
        name: 'Fulfilment',
        description: 'Ship boxes',
        enabled: true,
        observes: ['subscription.created'],
        integration_type: 'webhook',
        configuration: { url, secret_key: 'whsec-sdk' },
      });
      expect(created.data).to.deep.include({
        name: 'Fulfilment',
        enabled: true,
        integration_type: 'webhook',
        observes: ['subscription.created'],
      });
      expect((await sdk.Integrations.Get(created.data.id)).data.configuration).to.deep.equal({
        url,
        secret_key: 'whsec-sdk',
      });
      expect((await sdk.Integrations.Limit(10).All()).data.map((i) => i.id)).to.include(created.data.id);

      const loose = sdk as unknown as Record<string, any>;
      const product = await loose['SubscriptionProducts'].Create({
        type: 'subscription_product',
        attributes: { name: 'Tea', price: { USD: { amount: 900 } } },
      });
      const plan = await loose['SubscriptionPlans'].Create({
        type: 'subscription_plan',
        attributes: {
          name: 'Monthly',
          billing_interval_type: 'month',
          billing_frequency: 1,
          plan_length: 12,
          end_behavior: 'roll',
          can_pause: true,
          can_resume: true,
          can_cancel: true,
        },
      });
      const offering = await loose['SubscriptionOfferings'].Build({
        name: 'Tea club',
        products: [product.data.id],
        plans: [plan.data.id],
      });
      const planId: string = (await loose['SubscriptionOfferings'].GetAttachedPlans(offering.data.id)).data[0].id;
      await loose['Subscriptions'].Create({
        account_id: randomUUID(),
        offering_id: offering.data.id,
        plan_id: planId,
        currency: 'USD',
        name: 'Ada',
        email: 'ada@example.com',
        payment_authority: { type: 'platform_payments_processor' },
      });

      let jobs = await sdk.Integrations.GetJobs(created.data.id);
      for (
        let tries = 0;
        (jobs.data[0] as unknown as { status?: string } | undefined)?.status !== 'succeeded' && tries < 100;
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        jobs = await sdk.Integrations.GetJobs(created.data.id);
      }
      const [job] = jobs.data as unknown as { id: string; status: string; attempts: number }[];
      expect([job?.status, job?.attempts]).to.deep.equal(['succeeded', 2]);
      const logs = await sdk.Integrations.GetAllLogsForJob(created.data.id, job!.id);
      expect(logs.data.map((l) => [l.attempt, l.succeeded, l.status_code])).to.deep.equal([
        [2, true, 204],
        [1, false, 500],
      ]);
      expect(logs.results.total).to.equal(2);
      expect((await sdk.Integrations.GetLogs(created.data.id)).data).to.have.length(2);
      expect((await sdk.Integrations.GetAllLogs()).data.length).to.be.at.least(2);

      const updated = await sdk.Integrations.Update(created.data.id, { type: 'integration', enabled: false });
      expect(updated.data.enabled).to.equal(false);
      await sdk.Integrations.Delete(created.data.id);
      let errors: unknown;
      await sdk.Integrations.Get(created.data.id).catch((error: { errors?: unknown }) => {
        errors = error.errors;
      });
      expect(withoutMeta(errors)).to.deep.equal({
        errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: 'integration not found' }],
      });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('creates, lists with Filter and Limit, gets, updates and deletes subscribers with SubscriptionSubscribers', async () => {
    const account = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e';
    const ada = await sdk.SubscriptionSubscribers.Create({
      type: 'subscription_subscriber',
      attributes: { account_id: account, name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const grace = await sdk.SubscriptionSubscribers.Create({
      type: 'subscription_subscriber',
      attributes: { account_id: account, name: 'Grace Hopper', email: 'grace@example.com' },
    });
    await sdk.SubscriptionSubscribers.Create({
      type: 'subscription_subscriber',
      attributes: { account_id: randomUUID(), name: 'Alan Turing', email: 'alan@example.com' },
    });
    expect(ada.data).to.deep.include({ type: 'subscription_subscriber' });
    expect(ada.data.meta.owner).to.equal('store');

    // The SDK types this list without filters, though EPCC filters it; it sends the filter as for any list.
    const page = await sdk.SubscriptionSubscribers.Filter({ eq: { account_id: account } } as never)
      .Limit(1)
      .All();
    expect(page.data.map((s) => s.id)).to.deep.equal([grace.data.id]);
    expect(page.meta.results.total).to.equal(2);

    const updated = await sdk.SubscriptionSubscribers.Update(ada.data.id, {
      id: ada.data.id,
      type: 'subscription_subscriber',
      attributes: { email: 'ada@lovelace.org' },
    });
    expect(updated.data.attributes).to.include({
      account_id: account,
      name: 'Ada Lovelace',
      email: 'ada@lovelace.org',
    });
    expect((await sdk.SubscriptionSubscribers.Get(ada.data.id)).data.attributes.email).to.equal('ada@lovelace.org');

    await sdk.SubscriptionSubscribers.Delete(ada.data.id);
    let errors: unknown;
    await sdk.SubscriptionSubscribers.Get(ada.data.id).catch((error: { errors?: unknown }) => {
      errors = error.errors;
    });
    expect(withoutMeta(errors)).to.deep.equal({
      errors: [{ status: '404', title: 'Not Found', code: 'not_found', detail: 'subscriber not found' }],
    });
  });
});
