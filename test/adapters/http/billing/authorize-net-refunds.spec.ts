import { expect } from 'chai';
import { attemptNumber } from '../../../../src/adapters/payments/authorize-net/authorize-net-requests.js';
import { AUTHORIZE_NET_MERCHANT, startAuthorizeNetApi } from '../../../support/authorize-net-paid.js';
import { forEachBackend } from '../../../support/backends.js';
import { FakeAuthorizeNet } from '../../../support/fake-authorize-net.js';
import type { TestApi } from '../../../support/test-api.js';
import { jsonBody } from '../../../support/test-api.js';

const V2025 = '/generations/2025/v2/subscriptions';
const PAID = 1250;

type Doc = { data: { id: string; attributes: Record<string, any>; meta: Record<string, any> } };
type Paid = { invoiceId: string; paymentId: string; transId: string };

/** Refunds of a payment Authorize.Net took, over a real socket: refunded once settled, voided whole before, once each. */
forEachBackend('HTTP: refunds of an Authorize.Net payment through Authorize.Net', (_backend, persistence) => {
  const anet = new FakeAuthorizeNet([AUTHORIZE_NET_MERCHANT]);
  before(() => anet.start());
  after(() => anet.stop());
  let setup: Awaited<ReturnType<typeof startAuthorizeNetApi>>;
  let api: TestApi;
  beforeEach(async () => {
    setup = await startAuthorizeNetApi(anet, persistence(), PAID);
    api = setup.api;
  });
  afterEach(() => api.close());

  const refundsPath = (p: Paid) => `${V2025}/invoices/${p.invoiceId}/payments/${p.paymentId}/refunds`;
  const refund = (p: Paid, amount: number) =>
    api.request(
      refundsPath(p),
      jsonBody({ data: { type: 'subscription_invoice_payment_refund', attributes: { amount, reason: 'r' } } }),
    );
  const paymentOf = (p: Paid) => setup.send<Doc>(`/v2/subscriptions/invoices/${p.invoiceId}/payments/${p.paymentId}`);
  const refundsOnAnet = (p: Paid) => anet.refunds.filter((r) => r.refTransId === p.transId);

  it("refunds a settled charge in parts, then the rest, each an Authorize.Net refund numbered by the refund's id", async () => {
    const paid = await setup.authorizeNetPaid('8101');
    const first = await refund(paid, 500);
    expect(first.status, await first.clone().text()).to.equal(201);
    const made = ((await first.json()) as Doc).data;
    const [onAnet] = refundsOnAnet(paid);
    expect(made.attributes).to.deep.include({
      amount: 500,
      gateway: 'authorize_net',
      external_refund_id: onAnet?.transId,
    });
    expect(made.meta).to.deep.include({ status: 'succeeded' });
    expect(onAnet).to.deep.include({ amount: '5.00', invoiceNumber: attemptNumber(made.id), paymentProfileId: '8101' });
    expect((await refund(paid, PAID - 500)).status).to.equal(201);
    expect(refundsOnAnet(paid).map((r) => r.amount)).to.deep.equal(['5.00', '7.50']);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: PAID, refunded: true });
  });

  it('an unsettled charge: a part is a 422 refund_refused saying to wait for the settlement, the whole voids it', async () => {
    const paid = await setup.authorizeNetPaid('8102', false);
    const part = await refund(paid, 500);
    expect(part.status).to.equal(422);
    const body = (await part.json()) as { errors: Record<string, string>[] };
    expect(body.errors[0]).to.deep.include({ code: 'refund_refused' });
    expect(body.errors[0]?.['detail']).to.match(/has not settled charge .* can only be voided whole/);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: 0 });
    const whole = await refund(paid, PAID);
    expect(whole.status, await whole.clone().text()).to.equal(201);
    expect(((await whole.json()) as Doc).data.attributes).to.deep.include({ external_refund_id: paid.transId });
    expect(anet.transaction(paid.transId)).to.have.property('status', 'voided');
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: PAID, refunded: true });
  });

  it('a lost answer leaves the refund pending; the next payment run settles it, and Authorize.Net refunds it once', async () => {
    const paid = await setup.authorizeNetPaid('8103');
    anet.script('8103', { kind: 'lose_answer' });
    const lost = await refund(paid, 1000);
    expect(lost.status, await lost.clone().text()).to.equal(201);
    const pending = ((await lost.json()) as Doc).data;
    expect(pending.meta).to.deep.include({ status: 'pending' });
    anet.script('8103', undefined);
    await setup.paymentRun();
    const stored = await setup.send<Doc>(`${refundsPath(paid)}/${pending.id}`);
    expect(stored.data.meta).to.deep.include({ status: 'succeeded' });
    expect(stored.data.attributes['external_refund_id']).to.equal(refundsOnAnet(paid)[0]?.transId);
    expect(refundsOnAnet(paid).map((r) => r.amount)).to.deep.equal(['10.00']);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: 1000 });
  });

  it('a refund the next payment run finds refused is withdrawn: its amount is the payment’s to refund again', async () => {
    const paid = await setup.authorizeNetPaid('8104');
    anet.script('8104', { kind: 'server_error' });
    const lost = await refund(paid, 1000);
    const pending = ((await lost.json()) as Doc).data;
    expect(pending.meta).to.deep.include({ status: 'pending' });
    anet.script('8104', { kind: 'decline' });
    await setup.paymentRun();
    expect((await api.request(`${refundsPath(paid)}/${pending.id}`)).status).to.equal(404);
    expect((await paymentOf(paid)).data.meta).to.deep.include({ amount_refunded: 0 });
    anet.script('8104', undefined);
    expect((await refund(paid, PAID)).status, 'all of it is refundable again').to.equal(201);
  });
});
