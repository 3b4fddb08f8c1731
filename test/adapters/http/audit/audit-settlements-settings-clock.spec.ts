import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { forEachBackend } from '../../../support/backends.js';
import { type BillingApi, type Resource, startBillingApi } from '../../../support/billing-api.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { TestClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface AuditDoc {
  action: string;
  actor: { kind: string; id: string };
  address: string | null;
  resource: { type: string; id: string };
  sequence: number;
  before: any;
  after: any;
}

const trailOf = async (api: TestApi, filter: string): Promise<AuditDoc[]> => {
  const response = await api.request(`/v2/audit-events?filter=${encodeURIComponent(filter)}&page[limit]=100`);
  expect(response.status, await response.clone().text()).to.equal(200);
  return ((await response.json()) as { data: AuditDoc[] }).data;
};

const sent = async (api: TestApi, method: string, path: string, data?: unknown): Promise<void> => {
  const response = await api.request(path, {
    ...(data === undefined ? {} : jsonBody({ data })),
    method,
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).to.be.below(300);
};

forEachBackend(
  'HTTP: the audit trail of settlements, the store’s settings and its test clock',
  (_backend, persistence) => {
    describe('settlements', () => {
      let billing: BillingApi;
      beforeEach(async () => {
        billing = await startBillingApi(persistence());
      });
      afterEach(async () => billing.stop());

      /** A pending manual payment of a new subscription's first invoice: its invoice's and its own ids. */
      const pendingManualPayment = async (): Promise<{ invoiceId: string; paymentId: string }> => {
        const product = await billing.created(
          '/v2/subscriptions/products',
          productData({ price: { USD: { amount: 1250, includes_tax: true } } }),
        );
        const plan = await billing.created('/v2/subscriptions/plans', planData());
        const offering = await billing.created('/v2/subscriptions/offerings/build', {
          name: 'Club',
          products: [product.id],
          plans: [plan.id],
        });
        const subscription = await billing.created(
          '/v2/subscriptions/subscriptions',
          subscriptionData(offering.id, offering.relationships!['plans'].data[0].id, { manual_payments: true }),
        );
        const [invoice] = await billing.read<Resource[]>(`/v2/subscriptions/subscriptions/${subscription.id}/invoices`);
        await billing.runJob({ job_type: 'payment-run' });
        const [pending] = await billing.read<Resource[]>(`/v2/subscriptions/invoices/${invoice!.id}/payments`);
        return { invoiceId: invoice!.id, paymentId: pending!.id };
      };
      const settle = (invoiceId: string, paymentId: string, attributes: Record<string, unknown>) =>
        sent(billing.api, 'PUT', `/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}`, {
          type: 'subscription_invoice_payment',
          attributes,
        });

      it('records a payment settled as taken, by the calling key from its address, and its refund', async () => {
        await billing.move('2027-03-01T10:00:00.000Z');
        const { invoiceId, paymentId } = await pendingManualPayment();
        await settle(invoiceId, paymentId, { success: true, external_payment_id: 'bank-transfer-7' });
        const [settled] = await trailOf(billing.api, `eq(resource_id,${paymentId})`);
        expect(settled).to.deep.include({
          action: 'invoice-payment.updated',
          actor: { kind: 'key', id: billing.api.store.key.id },
          address: '127.0.0.1',
          resource: { type: 'subscription_invoice_payment', id: paymentId },
        });
        expect(settled!.before).to.deep.include({ status: 'pending', amount: 1250 });
        expect(settled!.after).to.deep.include({ status: 'succeeded', externalPaymentId: 'bank-transfer-7' });

        await sent(
          billing.api,
          'POST',
          `/generations/2025/v2/subscriptions/invoices/${invoiceId}/payments/${paymentId}/refunds`,
          {
            type: 'subscription_invoice_payment_refund',
            attributes: { amount: 500, reason: 'Returned a bag' },
          },
        );
        const [refund] = await trailOf(billing.api, 'eq(action,subscription-invoice-payment-refund.created)');
        expect(refund!.actor).to.deep.equal({ kind: 'key', id: billing.api.store.key.id });
        expect(refund!.after.attributes).to.deep.include({ amount: 500, reason: 'Returned a bag' });
      });

      it('records a payment settled as failed, with the reason given', async () => {
        await billing.move('2027-03-01T10:00:00.000Z');
        const { invoiceId, paymentId } = await pendingManualPayment();
        await settle(invoiceId, paymentId, { success: false, failure_detail: 'card declined' });
        const [failed, asked] = await trailOf(billing.api, `eq(resource_id,${paymentId})`);
        // The payment run's own answer for the attempt (a manual payment left pending) is the run's work.
        expect(asked).to.deep.include({
          action: 'invoice-payment.updated',
          actor: { kind: 'system', id: 'payment-run' },
        });
        expect(asked!.after).to.deep.include({ status: 'pending', gateway: 'manual' });
        expect(failed).to.deep.include({ action: 'invoice-payment.updated', sequence: asked!.sequence + 1 });
        expect(failed!.actor).to.deep.equal({ kind: 'key', id: billing.api.store.key.id });
        expect(failed!.before).to.deep.include({ status: 'pending' });
        expect(failed!.after).to.deep.include({ status: 'failed', failureReason: 'card declined' });
      });
    });

    describe('the store’s settings and its test clock', () => {
      let api: TestApi;
      let clock: TestClock;
      beforeEach(async () => {
        clock = new TestClock(new Date('2026-07-01T00:00:00.000Z'));
        api = await startTestApi({
          persistence: persistence(),
          testClocks: true,
          configure: (c) => {
            c.rebind(TOKENS.Clock).toConstantValue(clock);
          },
        });
      });
      afterEach(async () => api.close());
      const theKey = () => ({ kind: 'key', id: api.store.key.id });

      it('records a change of the store’s settings and their reset, before and after', async () => {
        const storeId = api.store.store.id;
        await sent(api, 'PUT', '/v2/settings', { type: 'settings', page_length: 50 });
        await sent(api, 'DELETE', '/v2/settings');
        const events = await trailOf(api, 'eq(resource_type,settings)');
        expect(events.map((e) => e.action)).to.deep.equal(['store-settings.updated', 'store-settings.updated']);
        const [reset, changed] = events;
        expect(changed).to.deep.include({ actor: theKey(), address: '127.0.0.1', sequence: 1 });
        expect(changed!.resource).to.deep.equal({ type: 'settings', id: storeId });
        expect(changed!.before).to.deep.include({ pageLength: 25 });
        expect(changed!.after).to.deep.include({ pageLength: 50 });
        expect(reset!.before).to.deep.equal(changed!.after);
        expect(reset!.after).to.deep.include({ pageLength: 25 });
      });

      it('records the test clock set, moved and cleared, with the time it held before and after', async () => {
        const move = (now: string) =>
          sent(api, 'PUT', '/v2/subscriptions/test-clock', { type: 'subscription_test_clock', attributes: { now } });
        await move('2026-07-01T00:10:00.000Z');
        await move('2026-07-01T00:20:00.000Z');
        // Cleared once the system's time has reached the time the clock holds (no move back).
        clock.set(new Date('2026-07-01T00:30:00.000Z'));
        await sent(api, 'DELETE', '/v2/subscriptions/test-clock');
        await sent(api, 'DELETE', '/v2/subscriptions/test-clock');
        const events = await trailOf(api, 'eq(resource_type,subscription_test_clock)');
        expect(
          events.map((e) => e.action),
          'clearing a clock never set records nothing',
        ).to.deep.equal(['test-clock.deleted', 'test-clock.updated', 'test-clock.created']);
        for (const e of events) {
          expect(e.actor).to.deep.equal(theKey());
          expect(e.resource.id).to.equal(api.store.store.id);
        }
        const [cleared, moved, set] = events;
        expect(set!.before).to.equal(null);
        expect(set!.after).to.deep.equal({ heldAt: '2026-07-01T00:10:00.000Z' });
        expect(moved!.before).to.deep.equal({ heldAt: '2026-07-01T00:10:00.000Z' });
        expect(moved!.after).to.deep.equal({ heldAt: '2026-07-01T00:20:00.000Z' });
        expect(cleared!.before).to.deep.equal({ heldAt: '2026-07-01T00:20:00.000Z' });
        expect(cleared!.after).to.equal(null);
      });
    });
  },
);
