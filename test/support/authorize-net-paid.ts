import { expect } from 'chai';
import { AuthorizeNetGateway } from '../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import { ConfiguredPaymentGateways } from '../../src/adapters/payments/configured-payment-gateways.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Persistence } from '../../src/container.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { aJob, runJob } from './billing-runs.js';
import type { FakeAuthorizeNet, FakeMerchant } from './fake-authorize-net.js';
import { planData, productData, subscriptionData } from './subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from './test-api.js';

export const AUTHORIZE_NET_MERCHANT: FakeMerchant = { login: '4RefundLogin', transactionKey: '9Rf8und7Key6Tx5K' };

type Doc = { data: { id: string; attributes: Record<string, any>; meta: Record<string, any>; relationships: any } };
type ListDoc = { data: Doc['data'][] };

/** A test API whose Authorize.Net payments go to `anet` with the merchant's credentials, and a priced offering. */
export const startAuthorizeNetApi = async (anet: FakeAuthorizeNet, persistence: Persistence, price: number) => {
  const api: TestApi = await startTestApi({
    persistence,
    configure: (container) =>
      container
        .rebind(TOKENS.PaymentGateways)
        .toConstantValue(
          new ConfiguredPaymentGateways([
            new AuthorizeNetGateway(async () => ({ ...AUTHORIZE_NET_MERCHANT, test: true }), anet.settings(1_000)),
          ]),
        ),
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
  /** A store's payment run, now. */
  const paymentRun = () =>
    runJob(api.container, aJob(api.store.store.id as Uuid, 'payment-run', new Date()), new Date());
  /**
   * A new subscription's first invoice, charged on Authorize.Net by a payment run, its charge settled
   * unless `settled` is false: its taken payment and the charge's transId.
   */
  const authorizeNetPaid = async (
    profile: string,
    settled = true,
  ): Promise<{ invoiceId: string; paymentId: string; transId: string }> => {
    const subscription = await send<Doc>(
      '/v2/subscriptions/subscriptions',
      jsonBody({
        data: subscriptionData(offering.data.id, offering.data.relationships.plans.data[0].id, {
          payment_authority: { type: 'authorize_net', customer_profile_id: `9${profile}`, payment_profile_id: profile },
        }),
      }),
      201,
    );
    const [invoice] = (await send<ListDoc>(`/v2/subscriptions/subscriptions/${subscription.data.id}/invoices`)).data;
    await paymentRun();
    const [payment] = (await send<ListDoc>(`/v2/subscriptions/invoices/${invoice!.id}/payments`)).data;
    expect(payment?.attributes).to.deep.include({ success: true, gateway: 'authorize_net' });
    const transId: string = payment!.attributes['external_payment_id'];
    if (settled) anet.settle(transId);
    return { invoiceId: invoice!.id, paymentId: payment!.id, transId };
  };
  return { api, send, authorizeNetPaid, paymentRun };
};
