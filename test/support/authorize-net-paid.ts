import { expect } from 'chai';
import { AuthorizeNetGateway } from '../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import type { Persistence } from '../../src/container.js';
import type { FakeAuthorizeNet, FakeMerchant } from './fake-authorize-net.js';
import { startGatewayApi } from './gateway-api.js';

export const AUTHORIZE_NET_MERCHANT: FakeMerchant = { login: '4RefundLogin', transactionKey: '9Rf8und7Key6Tx5K' };

/** A test API whose Authorize.Net payments go to `anet` with the merchant's credentials, and a priced offering. */
export const startAuthorizeNetApi = async (anet: FakeAuthorizeNet, persistence: Persistence, price: number) => {
  const gateway = new AuthorizeNetGateway(
    async () => ({ ...AUTHORIZE_NET_MERCHANT, test: true }),
    anet.settings(1_000),
  );
  const { api, send, subscribed, runPayments, paymentsOf } = await startGatewayApi(persistence, gateway, price);
  /**
   * A new subscription's first invoice, charged on Authorize.Net by a payment run, its charge settled
   * unless `settled` is false: its taken payment and the charge's transId.
   */
  const authorizeNetPaid = async (
    profile: string,
    settled = true,
  ): Promise<{ invoiceId: string; paymentId: string; transId: string }> => {
    const { invoiceId } = await subscribed({
      type: 'authorize_net',
      customer_profile_id: `9${profile}`,
      payment_profile_id: profile,
    });
    await runPayments();
    const [payment] = await paymentsOf(invoiceId);
    expect(payment?.attributes).to.deep.include({ success: true, gateway: 'authorize_net' });
    const transId: string = payment!.attributes['external_payment_id'];
    if (settled) anet.settle(transId);
    return { invoiceId, paymentId: payment!.id, transId };
  };
  return { api, send, authorizeNetPaid, paymentRun: runPayments };
};
