import { expect } from 'chai';
import { pino } from 'pino';
import type { BackgroundJobQueue } from '../../../src/adapters/jobs/background-job-queue.js';
import { type RunningJobs, startJobs } from '../../../src/adapters/jobs/start-jobs.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { epccContract } from '../../support/epcc-contract.js';
import { eventually } from '../../support/job-harness.js';
import { OpenApiContract } from '../../support/openapi-contract.js';
import { planData, productData, subscriptionData } from '../../support/subscription-core.js';
import { LogCapture, startTestApi, type TestApi } from '../../support/test-api.js';

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, any>;
  meta: Record<string, any>;
  relationships?: Record<string, any>;
};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** One answer, and what EPCC's document (or ours) finds wrong with it. */
interface Answer {
  readonly operation: string;
  readonly status: number;
  readonly problem: string | undefined;
}

/**
 * Every operation of EPCC's subscriptions document, and the account-membership settings of its accounts
 * document, driven on a fresh store: each answer (successes and the errors EPCC lists) is validated against
 * EPCC's own schema for that operation and status, and every request body we send against EPCC's request
 * schema, so that an EPCC client's request is one we take and our answer one it can read.
 */
describe('HTTP: every EPCC operation we serve, on a fresh store, against EPCC’s own schemas', () => {
  let api: TestApi;
  let jobs: RunningJobs;
  const answers: Answer[] = [];
  const ours = new OpenApiContract();
  let bearer: string | undefined;

  before(async () => {
    api = await startTestApi({ testClocks: true });
    jobs = await startJobs(api.container, api.container.get(TOKENS.JobQueue) as BackgroundJobQueue, {
      log: pino({ level: 'warn' }, new LogCapture()),
    });
  });
  after(async () => {
    await jobs.stop();
    await api.close();
  });

  /** Sends a request without the shared assertion, so that every problem is collected and reported at once. */
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
    bearer ??= await api.token();
    const token = bearer;
    const sent = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(typeof sent === 'string' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(sent === undefined ? {} : { body: sent }),
    });
    const text = await response.text();
    const exchange = {
      method,
      path,
      status: response.status,
      header: (name: string) => response.headers.get(name),
      body: text,
      requestBody: sent,
    };
    const epcc = epccContract();
    const match = epcc.match(method, path);
    const requestProblem =
      response.status < 300 && typeof sent === 'string'
        ? epcc.requestProblems(method, path, JSON.parse(sent))
        : undefined;
    const problem =
      [ours.problems(exchange), epcc.problems(exchange), requestProblem].filter((p) => p !== undefined).join('\n') ||
      undefined;
    answers.push({
      operation: match === undefined ? `${method} ${path}` : `${match.document} ${match.operation.operationId}`,
      status: response.status,
      problem,
    });
    return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  const data = async (method: string, path: string, body?: unknown): Promise<Resource> => {
    const { status, json } = await call(method, path, body);
    expect(status, `${method} ${path}: ${JSON.stringify(json)}`).to.be.within(200, 299);
    return json.data as Resource;
  };
  const job = async (attributes: Record<string, unknown>): Promise<Resource> => {
    const created = await data('POST', '/v2/subscriptions/jobs', { data: { type: 'subscription_job', attributes } });
    const finished = await eventually(
      async () => (await call('GET', `/v2/subscriptions/jobs/${created.id}`)).json.data as Resource,
      (j) => j.attributes['status'] === 'success' || j.attributes['status'] === 'failed',
    );
    expect(finished.attributes['status'], JSON.stringify(finished)).to.equal('success');
    return finished;
  };

  it('answers every operation as EPCC’s schemas describe', async () => {
    const S = '/v2/subscriptions';
    // Catalogue: products, plans, offerings and their copies.
    const product = await data('POST', `${S}/products`, {
      data: productData({ price: { USD: { amount: 1500, includes_tax: false } } }),
    });
    const spare = await data('POST', `${S}/products`, { data: productData({ name: 'Grinder' }) });
    const doomedProduct = await data('POST', `${S}/products`, { data: productData({ name: 'Filters' }) });
    await call('POST', `${S}/products`, { data: { type: 'subscription_product', attributes: { name: '' } } });
    await data('GET', `${S}/products`);
    await data('GET', `${S}/products/${product.id}`);
    await call('GET', `${S}/products/${UNKNOWN}`);
    await data('PUT', `${S}/products/${spare.id}`, {
      data: { id: spare.id, type: 'subscription_product', attributes: { description: 'Burr grinder' } },
    });
    await call('PUT', `${S}/products/${UNKNOWN}`, {
      data: { id: UNKNOWN, type: 'subscription_product', attributes: { description: 'none' } },
    });
    await call('DELETE', `${S}/products/${doomedProduct.id}`);

    const plan = await data('POST', `${S}/plans`, { data: planData({ name: 'Monthly' }) });
    const yearly = await data('POST', `${S}/plans`, {
      data: planData({ name: 'Yearly', billing_interval_type: 'year' }),
    });
    const doomedPlan = await data('POST', `${S}/plans`, {
      data: planData({ name: 'Weekly', billing_interval_type: 'week' }),
    });
    await call('POST', `${S}/plans`, { data: { type: 'subscription_plan', attributes: { name: 'x' } } });
    await data('GET', `${S}/plans`);
    await data('GET', `${S}/plans/${plan.id}`);
    await call('GET', `${S}/plans/${UNKNOWN}`);
    await data('PUT', `${S}/plans/${yearly.id}`, {
      data: { id: yearly.id, type: 'subscription_plan', attributes: { description: 'Once a year' } },
    });
    await call('DELETE', `${S}/plans/${doomedPlan.id}`);

    const offering = await data('POST', `${S}/offerings/build`, {
      data: { name: 'Coffee club', description: 'Beans every month', products: [product.id], plans: [plan.id] },
    });
    await call('POST', `${S}/offerings/build`, { data: { name: 'x', products: [], plans: [] } });
    const bare = await data('POST', `${S}/offerings`, {
      data: { type: 'subscription_offering', attributes: { name: 'Tea box' } },
    });
    await data('GET', `${S}/offerings`);
    await data('GET', `${S}/offerings/${offering.id}`);
    await call('GET', `${S}/offerings/${UNKNOWN}`);
    await data('PUT', `${S}/offerings/${bare.id}`, {
      data: { id: bare.id, type: 'subscription_offering', attributes: { description: 'Leaves' } },
    });
    await data('POST', `${S}/offerings/${bare.id}/plans/attach`, { data: { plans: [plan.id, yearly.id] } });
    await data('POST', `${S}/offerings/${bare.id}/products/attach`, { data: { products: [spare.id] } });
    await call('GET', `${S}/offerings/${UNKNOWN}/plans`);
    const barePlans = (await call('GET', `${S}/offerings/${bare.id}/plans`)).json.data as Resource[];
    const bareProducts = (await call('GET', `${S}/offerings/${bare.id}/products`)).json.data as Resource[];
    await data('PUT', `${S}/offerings/${bare.id}/plans/${barePlans[0]!.id}`, {
      data: { id: barePlans[0]!.id, type: 'subscription_offering_plan', attributes: { base_price_percentage: 50 } },
    });
    await call('DELETE', `${S}/offerings/${bare.id}/plans/${barePlans[1]!.id}`);
    await data('PUT', `${S}/offerings/${bare.id}/products/${bareProducts[0]!.id}`, {
      data: { id: bareProducts[0]!.id, type: 'subscription_offering_product', attributes: { description: 'Copy' } },
    });
    await data('PUT', `${S}/offerings/${bare.id}/products/replace`, { data: { products: [product.id] } });
    const replaced = (await call('GET', `${S}/offerings/${bare.id}/products`)).json.data as Resource[];
    await call('DELETE', `${S}/offerings/${bare.id}/products/${replaced[0]!.id}`);

    const policy = await data('POST', `${S}/proration-policies`, {
      data: { type: 'subscription_proration_policy', attributes: { name: 'Main policy', rounding: 'up' } },
    });
    await call('POST', `${S}/proration-policies`, {
      data: { type: 'subscription_proration_policy', attributes: { name: 'ab', rounding: 'sideways' } },
    });
    await data('GET', `${S}/proration-policies`);
    await data('GET', `${S}/proration-policies/${policy.id}`);
    await call('GET', `${S}/proration-policies/${UNKNOWN}`);
    await data('PUT', `${S}/proration-policies/${policy.id}`, {
      data: { id: policy.id, type: 'subscription_proration_policy', attributes: { name: 'Renamed policy' } },
    });
    await call('PUT', `${S}/offerings/${bare.id}/relationships/proration-policies`, {
      data: { type: 'subscription_proration_policy', id: policy.id },
    });
    await call('PUT', `${S}/offerings/${bare.id}/relationships/proration-policies`, { data: null });
    await call('DELETE', `${S}/proration-policies/${policy.id}`);
    await call('DELETE', `${S}/offerings/${bare.id}`);

    const rule = await data('POST', `${S}/dunning-rules`, {
      data: {
        type: 'subscription_dunning_rule',
        attributes: {
          payment_retry_type: 'fixed',
          payment_retries_limit: 3,
          payment_retry_interval: 1,
          payment_retry_unit: 'day',
          action: 'none',
        },
      },
    });
    await call('POST', `${S}/dunning-rules`, {
      data: { type: 'subscription_dunning_rule', attributes: { payment_retry_type: 'sometimes' } },
    });
    await data('GET', `${S}/dunning-rules`);
    await data('GET', `${S}/dunning-rules/${rule.id}`);
    await call('GET', `${S}/dunning-rules/${UNKNOWN}`);
    await data('PUT', `${S}/dunning-rules/${rule.id}`, {
      data: { id: rule.id, type: 'subscription_dunning_rule', attributes: { payment_retries_limit: 5 } },
    });
    await call('DELETE', `${S}/dunning-rules/${rule.id}`);

    // Subscribers and subscriptions.
    const account = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';
    const subscriber = await data('POST', `${S}/subscribers`, {
      data: {
        type: 'subscription_subscriber',
        attributes: { account_id: account, name: 'Ada Lovelace', email: 'ada@example.com' },
      },
    });
    await call('POST', `${S}/subscribers`, {
      data: { type: 'subscription_subscriber', attributes: { name: 'No account', email: 'not-an-email' } },
    });
    await data('GET', `${S}/subscribers`);
    await data('GET', `${S}/subscribers/${subscriber.id}`);
    await call('GET', `${S}/subscribers/${UNKNOWN}`);
    await data('PUT', `${S}/subscribers/${subscriber.id}`, {
      data: { id: subscriber.id, type: 'subscription_subscriber', attributes: { name: 'Ada King' } },
    });

    const planCopy: string = (offering.relationships as any).plans.data[0].id;
    const productCopy: string = (offering.relationships as any).products.data[0].id;
    const manual = await data('POST', `${S}/subscriptions`, {
      data: subscriptionData(offering.id, planCopy, { manual_payments: true }),
    });
    const other = await data('POST', `${S}/subscriptions`, {
      data: subscriptionData(offering.id, planCopy, {
        manual_payments: false,
        account_id: '1d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f61',
      }),
    });
    await call('POST', `${S}/subscriptions`, { data: { currency: 'dollars' } });
    await data('GET', `${S}/subscriptions`);
    await data('GET', `${S}/subscriptions/${manual.id}`);
    await call('GET', `${S}/subscriptions/${UNKNOWN}`);
    await data('PUT', `${S}/subscriptions/${other.id}`, {
      data: { id: other.id, type: 'subscription', attributes: { name: 'Charles Babbage' } },
    });
    await data('GET', `${S}/subscriptions/${other.id}/products`);
    await data('GET', `${S}/subscriptions/${other.id}/plans`);
    await call('PUT', `${S}/subscriptions/${other.id}/products`, {
      data: [{ type: 'replace', products: [productCopy] }],
    });
    await call('POST', `${S}/subscriptions/${other.id}/states`, {
      data: { type: 'subscription_state', attributes: { action: 'pause' } },
    });
    await call('POST', `${S}/subscriptions/${other.id}/states`, {
      data: { type: 'subscription_state', attributes: { action: 'sideways' } },
    });
    const states = (await call('GET', `${S}/subscriptions/${other.id}/states`)).json.data as Resource[];
    await data('GET', `${S}/subscriptions/${other.id}/states/${states[0]!.id}`);
    await call('GET', `${S}/subscriptions/${other.id}/states/${UNKNOWN}`);

    // Billing: the subscriptions were made with their first invoices (EPCC), so a billing run finds nothing
    // more due; then a tax run, a payment run, and the manual payment settled as EPCC's UpdateInvoicePayment.
    const billing = await job({ job_type: 'billing-run', external_ref: 'first-run' });
    expect(billing.meta['report']).to.deep.include({ invoices_tax_required: 0, invoice_failures: 0 });
    await call('POST', `${S}/jobs`, { data: { type: 'subscription_job', attributes: { job_type: 'lunch-run' } } });
    const invoices = (await call('GET', `${S}/invoices`)).json.data as Resource[];
    await call('GET', `${S}/invoices?filter=eq(outstanding,maybe)`);
    const invoice = invoices.find((i) => i.meta['subscription_id'] === manual.id)!;
    expect(invoice.attributes['tax_required'], 'made with the subscription, waiting for tax').to.equal(true);
    await data('GET', `${S}/invoices/${invoice.id}`);
    await call('GET', `${S}/invoices/${UNKNOWN}`);
    const taxes = invoices.map((i) => ({
      invoice_id: i.id,
      tax_items: [{ type: 'tax_item', name: 'VAT', rate: 0.2, jurisdiction: 'GB' }],
    }));
    await job({ job_type: 'tax-run', taxes });
    await job({ job_type: 'payment-run' });
    const [pending] = (await call('GET', `${S}/invoices/${invoice.id}/payments`)).json.data as Resource[];
    expect(pending?.attributes['pending']).to.equal(true);
    await data('GET', `${S}/invoices/${invoice.id}/payments/${pending!.id}`);
    await call('GET', `${S}/invoices/${invoice.id}/payments/${UNKNOWN}`);
    await call('PUT', `${S}/invoices/${invoice.id}/payments/${pending!.id}`, {
      data: { id: pending!.id, type: 'subscription_invoice_payment', attributes: { success: 'yes' } },
    });
    const paid = await data('PUT', `${S}/invoices/${invoice.id}/payments/${pending!.id}`, {
      data: {
        id: pending!.id,
        type: 'subscription_invoice_payment',
        attributes: {
          success: true,
          external_payment_id: 'bank-transfer-42',
          payment_taken_at: '2026-01-02T03:04:05Z',
        },
      },
    });
    expect(paid.attributes).to.deep.include({ success: true, pending: false });
    await call('PUT', `${S}/invoices/${invoice.id}/payments/${pending!.id}`, {
      data: {
        id: pending!.id,
        type: 'subscription_invoice_payment',
        attributes: { success: false, failure_detail: 'card declined' },
      },
    });
    await call('PUT', `${S}/invoices/${UNKNOWN}/payments/${pending!.id}`, {
      data: { id: pending!.id, type: 'subscription_invoice_payment', attributes: { success: true } },
    });
    await data('GET', `${S}/subscriptions/${manual.id}/invoices`);
    await data('GET', `${S}/subscriptions/${manual.id}/invoices/${invoice.id}`);
    await call('GET', `${S}/subscriptions/${manual.id}/invoices/${UNKNOWN}`);
    await data('GET', `${S}/subscriptions/${manual.id}/invoices/${invoice.id}/payments`);
    await data('GET', `${S}/subscriptions/${manual.id}/invoices/${invoice.id}/payments/${pending!.id}`);
    await call('GET', `${S}/subscriptions/${manual.id}/invoices/${invoice.id}/payments/${UNKNOWN}`);

    // Imports are jobs too: listed under /jobs beside the runs.
    const file = new FormData();
    file.set(
      'import_file',
      new Blob([
        `${JSON.stringify({ data: { type: 'subscription_subscriber', attributes: { account_id: account, name: 'Grace Hopper', email: 'grace@example.com' } } })}\n`,
      ]),
      'subscribers.jsonl',
    );
    const imported = await data('POST', `${S}/imports`, file);
    await call('POST', `${S}/imports`, new FormData());
    await eventually(
      async () => (await call('GET', `${S}/imports/${imported.id}`)).json.data as Resource,
      (i) => i.attributes['status'] === 'success' || i.attributes['status'] === 'failed',
    );
    await data('GET', `${S}/imports`);
    await call('GET', `${S}/imports/${UNKNOWN}`);
    const listed = (await call('GET', `${S}/jobs?page[limit]=100`)).json.data as Resource[];
    const importJob = listed.find((j) => j.attributes['job_type'] === 'import');
    expect(importJob?.meta, "an import reports its counts beside EPCC's run reports").to.deep.include({
      import_report: { records: (await call('GET', `${S}/imports/${imported.id}`)).json.data.meta.records, failed: 0 },
    });
    expect(importJob?.meta).not.to.have.property('report');
    expect(listed.find((j) => j.id === billing.id)?.meta['report']).to.have.property('invoices_tax_required');
    await call('GET', `${S}/jobs/${UNKNOWN}`);
    await call('DELETE', `${S}/jobs/${billing.id}`);

    const schedule = await data('POST', `${S}/schedules`, {
      data: {
        type: 'subscription_schedule',
        attributes: { specification: '30 0 * * *', location: 'Europe/London', job: { job_type: 'billing-run' } },
      },
    });
    await call('POST', `${S}/schedules`, {
      data: {
        type: 'subscription_schedule',
        attributes: { specification: 'often', location: 'Nowhere/Else', job: { job_type: 'billing-run' } },
      },
    });
    await data('GET', `${S}/schedules`);
    await data('GET', `${S}/schedules/${schedule.id}`);
    await call('GET', `${S}/schedules/${UNKNOWN}`);
    await data('PUT', `${S}/schedules/${schedule.id}`, {
      data: { id: schedule.id, type: 'subscription_schedule', attributes: { name: 'Nightly billing' } },
    });
    await call('DELETE', `${S}/schedules/${schedule.id}`);

    // A payment was attempted on this one's invoice, so it is kept (409); one with no attempt goes, invoice and all.
    await call('DELETE', `${S}/subscriptions/${other.id}`);
    const brief = await data('POST', `${S}/subscriptions`, {
      data: subscriptionData(offering.id, planCopy, {
        manual_payments: true,
        account_id: '3d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f63',
      }),
    });
    await call('DELETE', `${S}/subscriptions/${brief.id}`);
    await call('DELETE', `${S}/subscribers/${UNKNOWN}`);
    const leaving = await data('POST', `${S}/subscribers`, {
      data: {
        type: 'subscription_subscriber',
        attributes: {
          account_id: '2d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f62',
          name: 'Alan Turing',
          email: 'alan@example.com',
        },
      },
    });
    await call('DELETE', `${S}/subscribers/${leaving.id}`);

    // EPCC's Integrations API: an integration observing subscription.created gets a job for the next one.
    const integration = await data('POST', '/v2/integrations', {
      data: {
        type: 'integration',
        name: 'Fulfilment',
        integration_type: 'webhook',
        enabled: true,
        observes: ['subscription.created'],
        configuration: { url: 'https://93.184.215.14/hooks', secret_key: 'whsec-1' },
      },
    });
    await call('POST', '/v2/integrations', {
      data: {
        type: 'integration',
        name: 'Queue',
        integration_type: 'aws_sqs',
        observes: [],
        configuration: { url: 'https://sqs.example.com/q' },
      },
    });
    await data('POST', `${S}/subscriptions`, {
      data: subscriptionData(offering.id, planCopy, {
        manual_payments: true,
        account_id: '4d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f64',
      }),
    });
    await data('GET', '/v2/integrations');
    await data('GET', `/v2/integrations/${integration.id}`);
    await call('GET', `/v2/integrations/${UNKNOWN}`);
    await data('PUT', `/v2/integrations/${integration.id}`, {
      data: { id: integration.id, type: 'integration', enabled: false },
    });
    await data('GET', '/v2/integrations/logs');
    await data('GET', `/v2/integrations/${integration.id}/logs`);
    const integrationJobs = (await call('GET', `/v2/integrations/${integration.id}/jobs`)).json.data as Resource[];
    expect(integrationJobs).to.have.length(1);
    await data('GET', `/v2/integrations/${integration.id}/jobs/${integrationJobs[0]!.id}/logs`);
    await call('GET', `/v2/integrations/${integration.id}/jobs/${UNKNOWN}/logs`);
    await call('DELETE', `/v2/integrations/${integration.id}`);

    // EPCC's account-membership settings, spelled as its accounts API spells them.
    await call('GET', '/v2/settings/account-membership');
    await call('PUT', '/v2/settings/account-membership', {
      data: { type: 'account_membership_setting', membership_limit: 1000 },
    });
    await call('PUT', '/v2/settings/account-membership', {
      data: { type: 'account_membership_setting', membership_limit: 10_001 },
    });

    const failing = answers.filter((a) => a.problem !== undefined);
    const report = failing.map((a) => `${a.operation} ${a.status}: ${a.problem}`).join('\n\n');
    expect(
      failing,
      `${failing.length} of ${answers.length} answers stray from EPCC's schemas:\n\n${report}`,
    ).to.deep.equal([]);
    const answered = new Set(answers.filter((a) => a.status < 300).map((a) => a.operation));
    const unanswered = epccContract()
      .operations()
      .map((o) => `${o.document} ${o.operation.operationId}`)
      .filter((o) => !answered.has(o));
    expect(unanswered, 'EPCC operations never answered with success').to.deep.equal([]);
  });
});
