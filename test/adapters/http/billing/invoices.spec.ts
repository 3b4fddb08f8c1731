import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import type { Uuid } from '../../../../src/domain/shared/uuid.js';
import { aJob, runJob } from '../../../support/billing-runs.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { TestClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Resource = { id: string; type: string; attributes: Record<string, any>; meta: Record<string, any> };
type ListDoc = { data: Resource[]; meta: { results: { total: number } } };

describe('HTTP: invoices and payments', () => {
  let api: TestApi;
  let bearer: string | undefined;
  const clock = new TestClock(new Date('2026-01-31T10:00:00.000Z'));
  /** Tokens expire by the same clock, so a move takes a fresh one. */
  const move = async (date: Date) => {
    clock.set(date);
    bearer = await api.token();
  };

  const post = async (path: string, data: unknown): Promise<Resource> => {
    const response = await api.request(path, {
      ...jsonBody({ data }),
      ...(bearer === undefined ? {} : { token: bearer }),
    });
    expect(response.status, await response.clone().text()).to.be.oneOf([200, 201]);
    return ((await response.json()) as { data: Resource }).data;
  };
  const read = async <T>(path: string, status = 200): Promise<T> => {
    const response = await api.request(path, bearer === undefined ? {} : { token: bearer });
    expect(response.status, path).to.equal(status);
    return (await response.json()) as T;
  };
  const settle = (invoiceId: string, paymentId: string, attributes: unknown) =>
    api.request(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`, {
      ...jsonBody({ data: { type: 'subscription_invoice_payment', attributes } }),
      method: 'PUT',
      ...(bearer === undefined ? {} : { token: bearer }),
    });

  const setup = async () => {
    const product = await post(
      '/v2/subscriptions/products',
      productData({ price: { USD: { amount: 1250, includes_tax: false } } }),
    );
    const plan = await post('/v2/subscriptions/plans', planData({ name: 'Monthly' }));
    const offering = await post('/v2/subscriptions/offerings/build', {
      name: 'Club',
      products: [product.id],
      plans: [plan.id],
    });
    const planId: string = (offering as any).relationships.plans.data[0].id;
    const manual = await post(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, planId, { manual_payments: true }),
    );
    const card = await post(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, planId, { account_id: '1d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f61' }),
    );
    return { manual, card, offeringId: offering.id, planId };
  };

  beforeEach(async () => {
    clock.set(new Date('2026-01-31T10:00:00.000Z'));
    bearer = undefined;
    api = await startTestApi({ configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(clock) });
  });
  afterEach(async () => api.close());

  it('bills, taxes, pays and settles, every document as EPCC shapes it', async () => {
    const { manual, card } = await setup();
    const storeId = api.store.store.id;
    const at = new Date('2026-03-01T00:00:00.000Z');
    await move(at);
    const billing = await runJob(api.container, aJob(storeId, 'billing-run', at), at);
    // 28 February for each: their 31 January invoices were made with them, and are not the run's.
    expect(billing.report).to.deep.equal({
      invoices_ready_for_payment: 0,
      invoices_tax_required: 2,
      invoice_failures: 0,
      total_ready_for_payment: {},
      total_tax_required: { USD: { amount: 2500, includes_tax: false } },
    });
    expect(billing.heartbeats).to.be.greaterThan(0);

    const all = await read<ListDoc>('/v2/subscriptions/invoices');
    expect(all.data.map((i) => i.attributes['number']).sort()).to.deep.equal([1, 2, 3, 4]);
    const [first] = (
      await read<ListDoc>(`/subscriptions/invoices?filter=eq(subscription_id,${manual.id})`)
    ).data.filter((i) => i.attributes['billing_period'].start.startsWith('2026-01-31'));
    expect(first?.attributes).to.deep.include({
      billing_period: { start: '2026-01-31T10:00:00.000000000Z', end: '2026-02-28T10:00:00.000000000Z' },
      outstanding: true,
      tax_required: true,
      payment_retries_limit_reached: false,
      manual_payment_pending: false,
      tax_items: [],
    });
    expect(first?.attributes['invoice_items']).to.have.length(1);
    expect(first?.meta).to.deep.include({
      owner: 'store',
      subscription_id: manual.id,
      subscriber_id: manual.attributes['account_id'],
      proration_events: [],
    });
    expect(first?.meta['price']).to.deep.equal({ currency: 'USD', amount: 1250, includes_tax: false });
    expect(
      (await read<ListDoc>(`/v2/subscriptions/invoices?filter=eq(subscriber_id,${card.attributes['account_id']})`))
        .data,
    ).to.have.length(2);
    expect((await read<ListDoc>('/v2/subscriptions/invoices?filter=eq(tax_required,false)')).data).to.have.length(0);
    expect(
      (
        await errorBody(
          await api.request('/v2/subscriptions/invoices?filter=eq(outstanding,maybe)', { token: bearer ?? null }),
        )
      ).errors[0],
    ).to.deep.include({ status: '400' });
    expect((await read<ListDoc>(`/v2/subscriptions/subscriptions/${card.id}/invoices`)).data).to.have.length(2);
    await read(`/v2/subscriptions/subscriptions/${card.id}/invoices/${first!.id}`, 404);
    await read(`/v2/subscriptions/invoices/00000000-0000-4000-8000-000000000000`, 404);
    // Ids are case-blind, the subscription's in the path as much as the invoice's.
    const manualInvoice = (
      await read<{ data: Resource }>(
        `/v2/subscriptions/subscriptions/${manual.id.toUpperCase()}/invoices/${first!.id.toUpperCase()}`,
      )
    ).data;
    expect(manualInvoice.id).to.equal(first!.id);
    await read(`/v2/subscriptions/subscriptions/${card.id.toUpperCase()}/invoices/${first!.id}`, 404);

    const taxes = all.data.map((i) => ({
      invoice_id: i.id as Uuid,
      tax_items: [{ type: 'tax_item' as const, rate: 0.2, name: 'VAT' }],
    }));
    const taxed = await runJob(
      api.container,
      aJob(storeId, 'tax-run', at, [
        ...taxes,
        { invoice_id: '00000000-0000-4000-8000-000000000000' as Uuid, tax_items: [] },
      ]),
      at,
    );
    expect(taxed.report).to.deep.equal({ invoices_updated: 4, invoice_failures: 1 });
    const again = await runJob(api.container, aJob(storeId, 'tax-run', at, taxes.slice(0, 1)), at);
    expect(again.report).to.deep.equal({ invoices_updated: 0, invoice_failures: 1 });
    const afterTax = (await read<{ data: Resource }>(`/v2/subscriptions/invoices/${first!.id}`)).data;
    expect(afterTax.meta['price']).to.deep.equal({ currency: 'USD', amount: 1500, includes_tax: true });
    expect(afterTax.attributes['tax_items']).to.deep.equal([{ type: 'tax_item', rate: 0.2, name: 'VAT', amount: 250 }]);
    expect(afterTax.meta['timestamps']['taxes_added_at']).to.be.a('string');

    const payments = await runJob(api.container, aJob(storeId, 'payment-run', at), at);
    expect(payments.report).to.deep.equal({ total_payment_attempts: 4, failed_payments: 2, total_collected: {} });
    const cardInvoices = (await read<ListDoc>(`/v2/subscriptions/subscriptions/${card.id}/invoices`)).data;
    const cardPayments = await read<ListDoc>(
      `/v2/subscriptions/subscriptions/${card.id}/invoices/${cardInvoices[0]!.id}/payments`,
    );
    expect(cardPayments.data[0]?.attributes).to.deep.equal({
      success: false,
      pending: false,
      status: 'failed',
      gateway: 'platform_payments_processor',
      failure_detail: { reason: 'no payment gateway for platform_payments_processor is configured in this service' },
      amount: { currency: 'USD', amount: 1500, includes_tax: true },
    });

    const pendingInvoice = (await read<{ data: Resource }>(`/v2/subscriptions/invoices/${first!.id}`)).data;
    expect(pendingInvoice.attributes['manual_payment_pending']).to.equal(true);
    const [pending] = (await read<ListDoc>(`/v2/subscriptions/invoices/${first!.id}/payments`)).data;
    expect(pending?.attributes).to.deep.include({
      success: false,
      pending: true,
      status: 'pending',
      gateway: 'manual',
    });
    expect(pending?.meta).to.deep.include({ manual_payment: true, invoice_id: first!.id, subscription_id: manual.id });
    expect(cardPayments.data[0]?.meta['manual_payment']).to.equal(false);
    expect((await settle(first!.id, pending!.id, { success: 'yes' })).status).to.equal(400);
    const done = await settle(first!.id, pending!.id, { success: true, external_payment_id: 'cash-7' });
    expect(done.status).to.equal(200);
    expect(((await done.json()) as { data: Resource }).data.attributes).to.deep.include({
      success: true,
      pending: false,
      status: 'succeeded',
      external_payment_id: 'cash-7',
    });
    const twice = await settle(first!.id, pending!.id, { success: false });
    expect(twice.status).to.equal(409);
    expect((await errorBody(twice)).errors[0]).to.deep.include({ code: 'payment_not_pending' });
    expect(
      (
        await read<{ data: Resource }>(
          `/subscriptions/subscriptions/${manual.id}/invoices/${first!.id}/payments/${pending!.id}`,
        )
      ).data.meta['timestamps']['payment_taken_at'],
    ).to.be.a('string');
    expect((await read<{ data: Resource }>(`/v2/subscriptions/invoices/${first!.id}`)).data.attributes).to.deep.include(
      { outstanding: false, manual_payment_pending: false },
    );
    await read(`/v2/subscriptions/invoices/${first!.id}/payments/00000000-0000-4000-8000-000000000000`, 404);

    const deleted = await api.request(`/v2/subscriptions/subscriptions/${manual.id}`, {
      method: 'DELETE',
      token: bearer ?? null,
    });
    expect(deleted.status).to.equal(409);
    expect((await errorBody(deleted)).errors[0]).to.deep.include({ code: 'in_use' });
  });

  it('a failed settlement counts as a failed attempt, retried after the interval', async () => {
    const { manual } = await setup();
    const storeId = api.store.store.id;
    const at = new Date('2026-02-01T00:00:00.000Z');
    await runJob(api.container, aJob(storeId, 'billing-run', at), at);
    const [invoice] = (await read<ListDoc>(`/v2/subscriptions/subscriptions/${manual.id}/invoices`)).data;
    await runJob(
      api.container,
      aJob(storeId, 'tax-run', at, [{ invoice_id: invoice!.id as Uuid, tax_items: [{ type: 'tax_item', rate: 0.1 }] }]),
      at,
    );
    await runJob(api.container, aJob(storeId, 'payment-run', at), at);
    const [pending] = (await read<ListDoc>(`/v2/subscriptions/invoices/${invoice!.id}/payments`)).data;
    await move(at);
    const failed = await settle(invoice!.id, pending!.id, {
      success: false,
      failure_detail: { reason: 'cheque bounced' },
    });
    expect(((await failed.json()) as { data: Resource }).data.attributes).to.deep.include({
      success: false,
      pending: false,
      status: 'failed',
      failure_detail: { reason: 'cheque bounced' },
    });
    const early = await runJob(api.container, aJob(storeId, 'payment-run', at), new Date(at.getTime() + 1000));
    expect(early.report['total_payment_attempts']).to.equal(0);
    await move(new Date(at.getTime() + 86_400_000));
    const later = await runJob(api.container, aJob(storeId, 'payment-run', at), clock.now());
    // The other subscription's invoice still waits for its tax.
    expect(later.report['total_payment_attempts']).to.equal(1);
    expect(
      (await read<ListDoc>(`/v2/subscriptions/invoices/${invoice!.id}/payments`)).data.map(
        (p) => p.attributes['status'],
      ),
    ).to.deep.equal(['failed', 'pending']);
  });

  it('never starts nor bills a subscription canceled before it goes live: inactive and closed at the cancel; go_live and resume refused', async () => {
    const { offeringId, planId } = await setup();
    const storeId = api.store.store.id;
    const hour = 3_600_000;
    const created = clock.now();
    const pending = await post(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offeringId, planId, {
        account_id: '5b0c2a7e-3d4f-4a1b-8c9d-0e1f2a3b4c5d',
        go_live_after: new Date(created.getTime() + 4 * hour).toISOString(),
      }),
    );
    const canceledAt = new Date(created.getTime() + 3 * hour);
    await move(canceledAt);
    const act = (action: string) =>
      api.request(`/v2/subscriptions/subscriptions/${pending.id}/states`, {
        ...jsonBody({ data: { type: 'subscription_state', attributes: { action } } }),
        ...(bearer === undefined ? {} : { token: bearer }),
      });
    expect((await act('cancel')).status).to.equal(204);
    const standing = async () => (await read<{ data: Resource }>(`/v2/subscriptions/subscriptions/${pending.id}`)).data;
    const expected = { status: 'inactive', canceled: true, closed: true, pending: false };
    const atCancel = await standing();
    expect(atCancel.attributes['status']).to.equal('inactive');
    expect(atCancel.meta).to.deep.include(expected);
    expect(atCancel.meta['timestamps'].end_date).to.equal(`${canceledAt.toISOString().slice(0, -1)}000000Z`);

    // Past the go_live_after it was given, with a billing run: still inactive, and no invoice.
    const later = new Date(created.getTime() + 5 * hour);
    await move(later);
    await runJob(api.container, aJob(storeId, 'billing-run', later), later);
    expect((await standing()).meta).to.deep.include(expected);
    expect((await read<ListDoc>(`/v2/subscriptions/subscriptions/${pending.id}/invoices`)).meta.results.total).to.equal(
      0,
    );
    for (const [action, detail] of [
      ['go_live', 'a canceled subscription cannot be started'],
      ['resume', 'a canceled subscription cannot be resumed'],
    ] as const) {
      const refused = await act(action);
      expect(refused.status, action).to.equal(422);
      expect((await errorBody(refused)).errors[0]).to.include({ code: 'state_transition_not_allowed', detail });
    }
  });

  describe("EPCC's UpdateInvoicePayment body", () => {
    /** A manual payment pending on the manual subscription's first invoice. */
    const pendingPayment = async () => {
      const { manual } = await setup();
      const storeId = api.store.store.id;
      const at = new Date('2026-02-01T00:00:00.000Z');
      await runJob(api.container, aJob(storeId, 'billing-run', at), at);
      const [invoice] = (await read<ListDoc>(`/v2/subscriptions/subscriptions/${manual.id}/invoices`)).data;
      await runJob(
        api.container,
        aJob(storeId, 'tax-run', at, [
          { invoice_id: invoice!.id as Uuid, tax_items: [{ type: 'tax_item', rate: 0.1 }] },
        ]),
        at,
      );
      await runJob(api.container, aJob(storeId, 'payment-run', at), at);
      const [payment] = (await read<ListDoc>(`/v2/subscriptions/invoices/${invoice!.id}/payments`)).data;
      await move(at);
      return { invoice: invoice!, payment: payment! };
    };
    const update = (invoiceId: string, paymentId: string, data: unknown) =>
      api.request(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`, {
        ...jsonBody({ data }),
        method: 'PUT',
        ...(bearer === undefined ? {} : { token: bearer }),
      });
    const payment = async (invoiceId: string, paymentId: string) =>
      (await read<{ data: Resource }>(`/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`)).data;

    it('stores payment_taken_at as given, with the id of the payment, and answers it in meta.timestamps', async () => {
      const { invoice, payment: pending } = await pendingPayment();
      const response = await update(invoice.id, pending.id, {
        id: pending.id,
        type: 'subscription_invoice_payment',
        attributes: { success: true, external_payment_id: 'wire-9', payment_taken_at: '2026-01-30T23:15:00+01:00' },
      });
      expect(response.status).to.equal(200);
      const answered = ((await response.json()) as { data: Resource }).data;
      expect(answered.attributes).to.deep.include({ success: true, pending: false, external_payment_id: 'wire-9' });
      expect(answered.meta['timestamps']['payment_taken_at']).to.equal('2026-01-30T22:15:00.000000000Z');
      expect((await payment(invoice.id, pending.id)).meta['timestamps']['payment_taken_at']).to.equal(
        '2026-01-30T22:15:00.000000000Z',
      );
      expect(
        (await read<{ data: Resource }>(`/v2/subscriptions/invoices/${invoice.id}`)).data.attributes,
      ).to.deep.include({ outstanding: false, manual_payment_pending: false });
    });

    it('takes failure_detail as text, as EPCC sends it, and shows it as failure_detail.reason', async () => {
      const { invoice, payment: pending } = await pendingPayment();
      const response = await update(invoice.id, pending.id, {
        id: pending.id,
        type: 'subscription_invoice_payment',
        attributes: { success: false, failure_detail: 'insufficient funds' },
      });
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { data: Resource }).data.attributes).to.deep.include({
        success: false,
        pending: false,
        failure_detail: { reason: 'insufficient funds' },
      });
      expect((await payment(invoice.id, pending.id)).meta['timestamps']).not.to.have.property('payment_taken_at');
    });

    it("takes EPCC's example of a failure with payment_taken_at: the failed attempt's time, shown as the payment's, and the next retry waits from it", async () => {
      const { invoice, payment: pending } = await pendingPayment();
      // The store's clock reads 2026-02-01T00:00:00Z; the merchant's attempt failed the morning before.
      const response = await update(invoice.id, pending.id, {
        id: pending.id,
        type: 'subscription_invoice_payment',
        attributes: {
          success: false,
          external_payment_id: '33e7ec6b-8b34-4c92-a95b-2e2647922e47',
          failure_detail: 'Card Failure',
          payment_taken_at: '2026-01-31T11:41:19.244Z',
        },
      });
      expect(response.status).to.equal(200);
      const answered = ((await response.json()) as { data: Resource }).data;
      expect(answered.attributes).to.deep.include({
        success: false,
        pending: false,
        status: 'failed',
        failure_detail: { reason: 'Card Failure' },
      });
      expect(answered.meta['timestamps']).to.deep.include({
        payment_taken_at: '2026-01-31T11:41:19.244000000Z',
        updated_at: '2026-02-01T00:00:00.000000000Z',
      });
      expect((await payment(invoice.id, pending.id)).meta['timestamps']['payment_taken_at']).to.equal(
        '2026-01-31T11:41:19.244000000Z',
      );
      const storeId = api.store.store.id;
      const run = async (at: string) => {
        await move(new Date(at));
        return (await runJob(api.container, aJob(storeId, 'payment-run', clock.now()), clock.now())).report[
          'total_payment_attempts'
        ];
      };
      // A day after the attempt, not after the settlement (which would be 2026-02-02T00:00:00Z).
      expect(await run('2026-02-01T11:41:19.000Z'), 'before a day has passed').to.equal(0);
      expect(await run('2026-02-01T11:41:20.000Z'), 'a day after the attempt').to.equal(1);
    });

    it('refuses, with every problem and nothing changed: another payment id, a bad or future payment_taken_at (taken or failed), an empty failure_detail', async () => {
      const { invoice, payment: pending } = await pendingPayment();
      const cases: [unknown, string[]][] = [
        [{ id: invoice.id, type: 'subscription_invoice_payment', attributes: { success: true } }, ['data.id']],
        [
          { type: 'subscription_invoice_payment', attributes: { success: true, payment_taken_at: '30/01/2026' } },
          ['data.attributes.payment_taken_at'],
        ],
        [
          {
            type: 'subscription_invoice_payment',
            attributes: { success: true, payment_taken_at: '2026-01-30T10:00:00' },
          },
          ['data.attributes.payment_taken_at'],
        ],
        [
          {
            type: 'subscription_invoice_payment',
            attributes: { success: false, payment_taken_at: '2026-01-30T10:00:00' },
          },
          ['data.attributes.payment_taken_at'],
        ],
        [
          { type: 'subscription_invoice_payment', attributes: { success: false, failure_detail: '' } },
          ['data.attributes.failure_detail'],
        ],
        [
          { type: 'subscription_invoice_payment', attributes: { success: false, failure_detail: 42 } },
          ['data.attributes.failure_detail'],
        ],
        [
          {
            type: 'subscription_invoice_payment',
            attributes: { success: 'no', failure_detail: { reason: '' }, payment_taken_at: 7 },
          },
          ['data.attributes.success', 'data.attributes.failure_detail.reason', 'data.attributes.payment_taken_at'],
        ],
        // The store's clock reads 2026-02-01T00:00:00Z.
        [
          {
            type: 'subscription_invoice_payment',
            attributes: { success: true, payment_taken_at: '2026-02-01T00:00:01Z' },
          },
          ['data.attributes.payment_taken_at'],
        ],
        [
          {
            type: 'subscription_invoice_payment',
            attributes: { success: false, payment_taken_at: '2026-02-01T00:00:01Z' },
          },
          ['data.attributes.payment_taken_at'],
        ],
      ];
      for (const [data, sources] of cases) {
        const response = await update(invoice.id, pending.id, data);
        expect(response.status, JSON.stringify(data)).to.equal(400);
        expect(
          (await errorBody(response)).errors.map((e) => e['source']),
          JSON.stringify(data),
        ).to.deep.equal(sources);
      }
      expect((await payment(invoice.id, pending.id)).attributes).to.deep.include({ success: false, pending: true });
      expect(
        (await read<{ data: Resource }>(`/v2/subscriptions/invoices/${invoice.id}`)).data.attributes,
      ).to.deep.include({ outstanding: true, manual_payment_pending: true });
    });
  });
});
