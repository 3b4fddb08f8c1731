import { expect } from 'chai';
import type { StripeGateway } from '../../../../src/adapters/payments/stripe/stripe-gateway.js';
import type { PaymentGateway } from '../../../../src/application/ports/billing/payment-gateway.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { forEachBackend } from '../../../support/backends.js';
import { FakeStripe, type StripeEventDocument, stripeDelivery } from '../../../support/fake-stripe.js';
import { STRIPE_TEST_SECRET, startStripeApi } from '../../../support/stripe-paid.js';
import { jsonBody, type TestApi } from '../../../support/test-api.js';

const PAID = 1250;
const WEBHOOK_SECRET = 'whsec_EndpointSecretOfTheStore0000000Wh9k';
const V2025 = '/generations/2025/v2/subscriptions';

type Resource = { id: string; attributes: Record<string, any>; meta: Record<string, any> };
type Handled = { data: { type: string; result: string; detail: string } };
type ErrorBody = { errors: { status: string; source?: string; detail: string }[] };

const webhookPath = (storeId: string) => `/v2/gateways/stripe_payment_intents/webhooks/${storeId}`;

/** Stripe's webhooks over a real socket: signed by Stripe's library, they settle what its answers left pending, once. */
forEachBackend('HTTP: Stripe webhooks', (_backend, persistence) => {
  const stripe = new FakeStripe([STRIPE_TEST_SECRET]);
  before(() => stripe.start());
  after(() => stripe.stop());
  let setup: Awaited<ReturnType<typeof startStripeApi>>;
  let api: TestApi;

  const start = async (around?: (gateway: StripeGateway) => PaymentGateway) => {
    setup = await startStripeApi(stripe, persistence(), PAID, around);
    api = setup.api;
    const put = await api.request('/v2/gateways/stripe_payment_intents', {
      ...jsonBody({ data: { enabled: true, login: STRIPE_TEST_SECRET, webhook_secret: WEBHOOK_SECRET } }),
      method: 'PUT',
    });
    expect(put.status, await put.clone().text()).to.equal(200);
  };
  afterEach(() => api.close());

  const storeId = () => api.store.store.id;
  /** One delivery as Stripe makes it: no token, the event's text and its signature. */
  const post = (path: string, body: string, signature?: string) =>
    api.request(path, {
      method: 'POST',
      token: null,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'Stripe-Signature': signature }),
      },
      body,
    });
  const deliver = async (event: StripeEventDocument, secret = WEBHOOK_SECRET, timestamp?: number) => {
    const { body, signature } = stripeDelivery(event, secret, timestamp);
    return post(webhookPath(storeId()), body, signature);
  };
  const handled = async (event: StripeEventDocument): Promise<Handled['data']> => {
    const response = await deliver(event);
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as Handled).data;
  };
  const invoiceOf = async (invoiceId: string) =>
    (await setup.send<{ data: Resource }>(`/v2/subscriptions/invoices/${invoiceId}`)).data.attributes;
  const auditCount = async () =>
    (await setup.send<{ data: unknown[]; meta: { results: { total: number } } }>('/v2/audit-events')).meta.results
      .total;
  const chargeOf = (invoiceId: string) => {
    const charge = stripe.charges.find((c) => c.metadata['invoice_id'] === invoiceId);
    if (charge === undefined) throw new Error('Stripe charged nothing for the invoice');
    return charge.paymentIntent;
  };

  /** The store's default dunning rule: no retry, and the subscription suspended once an invoice fails. */
  const suspendingAtFirstFailure = async () => {
    const rule = await api.request(
      '/v2/subscriptions/dunning-rules',
      jsonBody({
        data: {
          type: 'subscription_dunning_rule',
          attributes: {
            default: true,
            payment_retry_type: 'fixed',
            payment_retry_interval: 1,
            payment_retry_unit: 'day',
            payment_retries_limit: 0,
            action: 'suspend',
          },
        },
      }),
    );
    expect(rule.status, await rule.clone().text()).to.equal(201);
  };
  const suspended = async (subscriptionId: string) =>
    (await setup.send<{ data: Resource }>(`/v2/subscriptions/subscriptions/${subscriptionId}`)).data.meta['suspended'];

  /** A subscription whose first payment Stripe left `processing`: pending, with the invoice waiting for it. */
  const processing = async (card: string) => {
    stripe.script(card, { kind: 'processing' });
    const { subscriptionId, invoiceId } = await setup.subscribed(card);
    await setup.runPayments();
    const [payment] = await setup.paymentsOf(invoiceId);
    expect(payment?.attributes).to.deep.include({ status: 'pending' });
    return { subscriptionId, invoiceId, paymentId: payment!.id, paymentIntent: chargeOf(invoiceId) };
  };

  it('settles a processing payment when Stripe says it succeeded, once: a twin delivery changes nothing and writes nothing', async () => {
    await start();
    const late = await processing('pm_processing_ok');
    expect(await handled(stripe.intentEvent(late.paymentIntent, 'payment_intent.processing'))).to.deep.include({
      result: 'unchanged',
    });
    const succeeded = stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded');
    expect(await handled(succeeded)).to.deep.equal({
      type: 'gateway_event',
      result: 'settled',
      detail: 'the payment succeeded',
    });
    const [payment] = await setup.paymentsOf(late.invoiceId);
    expect(payment?.id).to.equal(late.paymentId);
    expect(payment?.attributes).to.deep.include({ success: true, external_payment_id: late.paymentIntent });
    expect(await invoiceOf(late.invoiceId)).to.deep.include({ outstanding: false, manual_payment_pending: false });
    const written = await auditCount();
    // Stripe delivers an event more than once, and retries one it thinks was not received.
    expect(await handled(succeeded)).to.deep.include({ result: 'unchanged' });
    expect(await handled(stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded'))).to.deep.include({
      result: 'unchanged',
    });
    expect(await setup.paymentsOf(late.invoiceId)).to.have.length(1);
    expect(await auditCount()).to.equal(written);
  });

  it('refuses a wrong secret, a tampered body, an old signature and none at all with 400, and changes nothing', async () => {
    await start();
    const late = await processing('pm_processing_refused');
    const event = stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded');
    const { body, signature } = stripeDelivery(event, WEBHOOK_SECRET);
    const tampered = body.replace(`"amount": ${PAID}`, '"amount": 1');
    expect(tampered).not.to.equal(body);
    const attempts = [
      await deliver(event, 'whsec_AnotherEndpointsSecret000000000000'),
      await post(webhookPath(storeId()), tampered, signature),
      await deliver(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
      await post(webhookPath(storeId()), body),
    ];
    const refusals = await Promise.all(attempts.map(async (r) => [r.status, ((await r.json()) as ErrorBody).errors]));
    expect(refusals.map(([status]) => status)).to.deep.equal([400, 400, 400, 400]);
    const details = refusals.map(([, errors]) => (errors as ErrorBody['errors'])[0]);
    expect(details.map((e) => e?.source)).to.deep.equal(Array(4).fill('Stripe-Signature'));
    expect(details[0]?.detail).to.match(/does not verify/);
    expect(details[1]?.detail).to.match(/does not verify/);
    expect(details[2]?.detail).to.match(/older than 300 s/);
    expect(details[3]?.detail).to.match(/is required/);
    const [payment] = await setup.paymentsOf(late.invoiceId);
    expect(payment?.attributes).to.deep.include({ status: 'pending' });
    expect(await invoiceOf(late.invoiceId)).to.deep.include({ outstanding: true });
  });

  it('answers an unknown store as a store without a webhook secret, and neither settles anything', async () => {
    await start();
    const late = await processing('pm_processing_stores');
    const created = await api.container.get(CreateStore).execute('Another store');
    if (created._tag === 'Left') throw new Error('store not created');
    const event = stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded');
    const { body, signature } = stripeDelivery(event, WEBHOOK_SECRET);
    const answers = [];
    for (const store of [created.right.store.id, '00000000-0000-4000-8000-000000000000', 'not-a-store']) {
      const response = await post(webhookPath(store), body, signature);
      const { errors } = (await response.json()) as ErrorBody;
      // Each answer has its own request id.
      answers.push({ status: response.status, errors: errors.map(({ source, detail }) => ({ source, detail })) });
    }
    expect(answers[0]?.status).to.equal(400);
    expect(answers[0]?.errors[0]?.detail).to.match(/no Stripe webhook secret/);
    expect(answers[1]).to.deep.equal(answers[0]);
    expect(answers[2]).to.deep.equal(answers[0]);
    expect((await setup.paymentsOf(late.invoiceId))[0]?.attributes).to.deep.include({ status: 'pending' });
  });

  it("counts refused signatures per store: another store's refused deliveries from the same address never hold this store's back", async () => {
    await start();
    const late = await processing('pm_processing_scoped');
    const created = await api.container.get(CreateStore).execute('A store with a wrong secret');
    if (created._tag === 'Left') throw new Error('store not created');
    const event = stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded');
    const { body, signature } = stripeDelivery(event, WEBHOOK_SECRET);
    const refused: number[] = [];
    for (let i = 0; i < 14; i++)
      refused.push((await post(webhookPath(created.right.store.id), body, signature)).status);
    expect(refused[0]).to.equal(400);
    expect(refused.at(-1), 'the other store is held back at this address').to.equal(429);
    expect(await handled(event)).to.deep.include({ result: 'settled' });
  });

  it('takes a failed payment through dunning as a run would: its retries spent, the rule’s suspension, Stripe’s reason', async () => {
    await start();
    await suspendingAtFirstFailure();
    const late = await processing('pm_processing_fails');
    expect(await suspended(late.subscriptionId)).to.equal(false);
    const failed = stripe.intentEvent(late.paymentIntent, 'payment_intent.payment_failed', 'requires_payment_method');
    expect(await handled(failed)).to.deep.include({ result: 'settled', detail: 'the payment failed' });
    const [payment] = await setup.paymentsOf(late.invoiceId);
    expect(payment?.attributes).to.deep.include({ status: 'failed' });
    expect(payment?.attributes['failure_detail'].reason).to.match(/Stripe could not charge .*Your card was declined/);
    expect(await invoiceOf(late.invoiceId)).to.deep.include({
      outstanding: true,
      manual_payment_pending: false,
      payment_retries_limit_reached: true,
    });
    expect(await suspended(late.subscriptionId)).to.equal(true);
    const written = await auditCount();
    expect(await handled(failed)).to.deep.include({ result: 'unchanged' });
    expect(await auditCount()).to.equal(written);
  });

  it('lifts a dunning suspension when a processing payment succeeds, as a run would', async () => {
    await start();
    await suspendingAtFirstFailure();
    stripe.script('pm_suspended', { kind: 'decline', declineCode: 'insufficient_funds' });
    const { subscriptionId, invoiceId } = await setup.subscribed('pm_suspended');
    await setup.runPayments();
    expect(await suspended(subscriptionId)).to.equal(true);
    const asked = await api.request(`/v2/subscriptions/invoices/${invoiceId}/payment-attempt-requests`, {
      method: 'POST',
    });
    expect(asked.status, await asked.clone().text()).to.be.within(200, 204);
    stripe.script('pm_suspended', { kind: 'processing' });
    await setup.runPayments();
    const payments = await setup.paymentsOf(invoiceId);
    expect(payments.map((p) => p.attributes['status'])).to.deep.equal(['failed', 'pending']);
    expect(await suspended(subscriptionId)).to.equal(true);
    const paymentIntent = stripe.charges.find((c) => c.metadata['payment_id'] === payments[1]?.id)?.paymentIntent;
    expect(await handled(stripe.intentEvent(paymentIntent!, 'payment_intent.succeeded', 'succeeded'))).to.deep.include({
      result: 'settled',
    });
    expect(await suspended(subscriptionId)).to.equal(false);
    expect(await invoiceOf(invoiceId)).to.deep.include({ outstanding: false });
  });

  it("gives a refund whose answer was lost when Stripe's refund event arrives, withdraws one Stripe failed, once each", async () => {
    await start();
    const paid = await setup.stripePaid();
    const refundsPath = `${V2025}/invoices/${paid.invoiceId}/payments/${paid.paymentId}/refunds`;
    const refund = async (amount: number) => {
      const response = await api.request(
        refundsPath,
        jsonBody({ data: { type: 'subscription_invoice_payment_refund', attributes: { amount, reason: 'r' } } }),
      );
      expect(response.status, await response.clone().text()).to.equal(201);
      return ((await response.json()) as { data: Resource }).data;
    };
    stripe.scriptRefund(paid.paymentIntent, { kind: 'lose_answer' });
    const onStripe = (id: string) => stripe.refunds.find((r) => r.metadata['refund_id'] === id)!.refund;
    const lost = await refund(400);
    expect(lost.meta['status']).to.equal('pending');
    const given = stripe.refundEvent(onStripe(lost.id), 'refund.updated', 'succeeded');
    expect(await handled(given)).to.deep.include({ result: 'settled', detail: 'the refund succeeded' });
    expect(await handled(given)).to.deep.include({ result: 'unchanged' });
    // Asked for while no pending refund is left to resume first, this one's answer is lost too.
    const other = await refund(300);
    stripe.scriptRefund(paid.paymentIntent, undefined);
    expect(other.meta['status']).to.equal('pending');
    const withdrawn = stripe.refundEvent(onStripe(other.id), 'refund.failed', 'failed');
    expect(await handled(withdrawn)).to.deep.include({ result: 'settled', detail: 'the refund was withdrawn' });
    expect(await handled(withdrawn)).to.deep.include({ result: 'unchanged' });
    const refunds = (await setup.send<{ data: Resource[] }>(refundsPath)).data;
    expect(refunds.map((r) => [r.id, r.meta['status'], r.attributes['external_refund_id']])).to.deep.equal([
      [lost.id, 'succeeded', onStripe(lost.id)],
    ]);
    const payment = await setup.send<{ data: Resource }>(
      `/v2/subscriptions/invoices/${paid.invoiceId}/payments/${paid.paymentId}`,
    );
    expect(payment.data.meta).to.deep.include({ amount_refunded: 400 });
  });

  it('ignores, with a 200, events it does not act on and intents that are not this store’s payments', async () => {
    await start();
    const late = await processing('pm_processing_ignored');
    const event = stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded');
    const object = (event['data'] as { object: Record<string, unknown> }).object;
    const elsewhere = (metadata: Record<string, string>) => ({
      ...event,
      data: { object: { ...object, metadata: { ...(object['metadata'] as object), ...metadata } } },
    });
    expect(await handled({ ...event, type: 'customer.created' })).to.deep.include({ result: 'ignored' });
    // Signed, yet not what Stripe sends: still a 200, never a 500.
    expect(await handled({ ...event, data: {} })).to.deep.include({ result: 'ignored' });
    expect(await handled({ ...event, data: { object: 'text' } })).to.deep.include({ result: 'ignored' });
    expect(await handled(elsewhere({ store_id: '00000000-0000-4000-8000-000000000000' }))).to.deep.include({
      result: 'ignored',
    });
    expect(await handled(elsewhere({ payment_id: 'not-a-payment' }))).to.deep.include({ result: 'ignored' });
    expect(await handled(elsewhere({ payment_id: '00000000-0000-4000-8000-000000000001' }))).to.deep.include({
      result: 'unchanged',
    });
    expect((await setup.paymentsOf(late.invoiceId))[0]?.attributes).to.deep.include({ status: 'pending' });
  });

  it('settles once when the webhook and the run’s own answer arrive at the same time', async () => {
    const deliveries: Promise<Response>[] = [];
    // Stripe's webhook is sent while its answer to the charge is on its way back to the run.
    await start((gateway) => ({
      name: gateway.name,
      refund: gateway.refund.bind(gateway),
      charge: async (...args) => {
        const outcome = await gateway.charge(...args);
        const paymentIntent = outcome.status === 'succeeded' ? outcome.externalPaymentId : undefined;
        if (paymentIntent !== undefined)
          deliveries.push(deliver(stripe.intentEvent(paymentIntent, 'payment_intent.succeeded')));
        return outcome;
      },
    }));
    const { invoiceId } = await setup.subscribed('pm_card_visa');
    await setup.runPayments();
    const answers = await Promise.all(deliveries.map(async (d) => ((await (await d).json()) as Handled).data.result));
    expect(answers).to.have.length(1);
    expect(answers[0]).to.be.oneOf(['settled', 'unchanged']);
    const payments = await setup.paymentsOf(invoiceId);
    expect(payments.map((p) => [p.attributes['status'], p.attributes['external_payment_id']])).to.deep.equal([
      ['succeeded', chargeOf(invoiceId)],
    ]);
    expect(await invoiceOf(invoiceId)).to.deep.include({ outstanding: false });
  });

  it('keeps the webhook secret out of every answer, the audit trail and the log', async () => {
    await start();
    const gateway = (await setup.send<{ data: Record<string, unknown> }>('/v2/gateways/stripe_payment_intents')).data;
    expect(gateway).to.deep.include({ webhook_secret: '****Wh9k' });
    const late = await processing('pm_processing_secret');
    await handled(stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded', 'succeeded'));
    await deliver(stripe.intentEvent(late.paymentIntent, 'payment_intent.succeeded'), 'whsec_Wrong0000000000000');
    const refused = await api.request('/v2/gateways/stripe_payment_intents', {
      ...jsonBody({ data: { webhook_secret: 'pk_test_PastedByMistake000' } }),
      method: 'PUT',
    });
    expect(refused.status).to.equal(400);
    const refusal = await refused.text();
    expect(refusal).to.include('data.webhook_secret').and.not.to.include('PastedByMistake');
    const trail = await (await api.request('/v2/audit-events')).text();
    expect(trail).to.include('"webhookSecret":"[redacted]"');
    const secretPart = WEBHOOK_SECRET.slice('whsec_'.length, -4);
    for (const text of [
      JSON.stringify(gateway),
      await (await api.request('/v2/gateways')).text(),
      trail,
      api.logs.text,
    ])
      expect(text).not.to.include(secretPart);
  });
});
