import { expect } from 'chai';
import { ConfiguredPaymentGateways } from '../../src/adapters/payments/configured-payment-gateways.js';
import type { PaymentGateway } from '../../src/application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Persistence } from '../../src/container.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import type { PaymentAuthority } from '../../src/domain/subscriptions/payment-authority.js';
import { aJob, runJob } from './billing-runs.js';
import { planData, productData, subscriptionData } from './subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from './test-api.js';

export type Doc = {
  data: { id: string; attributes: Record<string, any>; meta: Record<string, any>; relationships: any };
};
export type ListDoc = { data: Doc['data'][] };

/**
 * A test API whose payment runs charge through `gateway` alone, with an offering priced at `price` (tax
 * included, so that invoices are due without a tax run): subscriptions to it, payment runs and their payments.
 */
export const startGatewayApi = async (persistence: Persistence, gateway: PaymentGateway, price: number) => {
  const api: TestApi = await startTestApi({
    persistence,
    configure: (container) =>
      container.rebind(TOKENS.PaymentGateways).toConstantValue(new ConfiguredPaymentGateways([gateway])),
  });
  const send = async <T>(path: string, init: RequestInit = {}, status = 200): Promise<T> => {
    const response = await api.request(path, init);
    expect(response.status, `${path}: ${await response.clone().text()}`).to.equal(status);
    return (await response.json()) as T;
  };
  const product = await send<Doc>(
    '/v2/subscriptions/products',
    jsonBody({ data: productData({ price: { USD: { amount: price, includes_tax: true } } }) }),
    201,
  );
  const plan = await send<Doc>('/v2/subscriptions/plans', jsonBody({ data: planData() }), 201);
  const offering = await send<Doc>(
    '/v2/subscriptions/offerings/build',
    jsonBody({ data: { name: 'Club', products: [product.data.id], plans: [plan.data.id] } }),
    201,
  );
  /** A new subscription paying by `authority`, and its first invoice, due. */
  const subscribed = async (authority: PaymentAuthority): Promise<{ subscriptionId: string; invoiceId: string }> => {
    const subscription = await send<Doc>(
      '/v2/subscriptions/subscriptions',
      jsonBody({
        data: subscriptionData(offering.data.id, offering.data.relationships.plans.data[0].id, {
          payment_authority: authority,
        }),
      }),
      201,
    );
    const [invoice] = (await send<ListDoc>(`/v2/subscriptions/subscriptions/${subscription.data.id}/invoices`)).data;
    return { subscriptionId: subscription.data.id, invoiceId: invoice!.id };
  };
  /** A payment run of the store, now. */
  const runPayments = () =>
    runJob(api.container, aJob(api.store.store.id as Uuid, 'payment-run', new Date()), new Date());
  /** The payments of an invoice, oldest first. */
  const paymentsOf = async (invoiceId: string) =>
    (await send<ListDoc>(`/v2/subscriptions/invoices/${invoiceId}/payments`)).data;
  return { api, send, subscribed, runPayments, paymentsOf };
};
