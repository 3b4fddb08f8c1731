import { expect } from 'chai';
import { AuthorizeNetGateway } from '../../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import { attemptNumber } from '../../../src/adapters/payments/authorize-net/authorize-net-requests.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { timeOrderedIds } from '../../../src/adapters/system/time-ordered-ids.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../src/domain/billing/payments/refund.js';
import { FakeAuthorizeNet } from '../../support/fake-authorize-net.js';
import { anInvoice } from '../../support/invoice-builders.js';
import { aGatewayPayment, aPendingRefund } from '../../support/payment-runs.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const LOGIN = '5KP3u95bQpv';
const TRANSACTION_KEY = '346HZ32z3fP4hTG2';
const CUSTOMER = '500922543';
const PROFILE = '500185321';
const TIMEOUT_MS = 400;

describe('Authorize.Net refunds against a local stand-in of its JSON API', () => {
  const anet = new FakeAuthorizeNet([{ login: LOGIN, transactionKey: TRANSACTION_KEY }]);
  before(() => anet.start());
  after(() => anet.stop());
  afterEach(() => {
    anet.script(PROFILE, undefined);
    anet.script(CUSTOMER, undefined);
  });

  const invoice = anInvoice();
  const offering = anOffering(invoice.storeId, [aProduct(invoice.storeId)], [aPlan(invoice.storeId)]);
  const payer = aSubscription(offering, randomIds.uuid(), {
    id: invoice.subscriptionId,
    paymentAuthority: { type: 'authorize_net', customer_profile_id: CUSTOMER, payment_profile_id: PROFILE },
  });
  const gateway = () =>
    new AuthorizeNetGateway(
      async (storeId) =>
        storeId === invoice.storeId ? { login: LOGIN, transactionKey: TRANSACTION_KEY, test: true } : undefined,
      anet.settings(TIMEOUT_MS),
    );

  /** A payment of `amount` charged on the stand-in, as a payment run records it; settled when asked. */
  const chargedPayment = async (amount: number, settled = true): Promise<InvoicePayment> => {
    const id = timeOrderedIds().uuid();
    const outcome = await gateway().charge(invoice, amount, payer, id);
    if (outcome.status !== 'succeeded' || outcome.externalPaymentId === undefined) throw new Error('not charged');
    if (settled) anet.settle(outcome.externalPaymentId);
    return aGatewayPayment(invoice, 'authorize_net', id, amount, outcome.externalPaymentId);
  };
  const refundOf = (payment: InvoicePayment, amount: number): PaymentRefund =>
    aPendingRefund(payment, amount, timeOrderedIds().uuid());
  const refundsOf = (payment: InvoicePayment) => anet.refunds.filter((r) => r.refTransId === payment.externalPaymentId);

  it("refunds a settled charge in parts to the payment profile it charged, each numbered by the refund's id", async () => {
    const payment = await chargedPayment(3100);
    const first = refundOf(payment, 1000);
    const outcome = await gateway().refund(payment, first);
    const [made] = refundsOf(payment);
    expect(outcome).to.deep.equal({ status: 'succeeded', externalRefundId: made?.transId });
    expect(made).to.deep.include({
      amount: '10.00',
      customerProfileId: CUSTOMER,
      paymentProfileId: PROFILE,
      invoiceNumber: attemptNumber(first.id),
      refId: attemptNumber(first.id),
      description: `Refund ${first.id} of payment ${payment.id}`,
      status: 'refundPendingSettlement',
    });
    expect(await gateway().refund(payment, refundOf(payment, 2100))).to.have.property('status', 'succeeded');
    expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal(['10.00', '21.00']);
  });

  it('asked again for the same refund answers the first and gives back once', async () => {
    const payment = await chargedPayment(3100);
    const refund = refundOf(payment, 500);
    const first = await gateway().refund(payment, refund);
    expect(await gateway().refund(payment, refund)).to.deep.equal(first);
    expect(refundsOf(payment)).to.have.length(1);
  });

  it("a decline refuses the refund in Authorize.Net's words, and past what is left is refused too", async () => {
    const payment = await chargedPayment(3100);
    anet.script(PROFILE, { kind: 'decline' });
    const declined = await gateway().refund(payment, refundOf(payment, 500));
    expect(declined).to.have.property('status', 'refused');
    expect(declined)
      .to.have.property('reason')
      .that.matches(/declined the refund \(2\): This transaction has been declined/);
    anet.script(PROFILE, undefined);
    await gateway().refund(payment, refundOf(payment, 3000));
    const over = await gateway().refund(payment, refundOf(payment, 101));
    expect(over)
      .to.have.property('reason')
      .that.matches(/\(55\): The sum of credits/);
    expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal(['30.00']);
  });

  it('an unsettled charge is voided when the refund is all of it, and a part of it is refused until it settles', async () => {
    const payment = await chargedPayment(3100, false);
    const part = await gateway().refund(payment, refundOf(payment, 1000));
    expect(part).to.have.property('status', 'refused');
    expect(part)
      .to.have.property('reason')
      .that.matches(/has not settled charge .* yet \(capturedPendingSettlement\)/);
    expect(anet.transaction(payment.externalPaymentId)).to.have.property('status', 'capturedPendingSettlement');
    const whole = refundOf(payment, 3100);
    expect(await gateway().refund(payment, whole)).to.deep.equal({
      status: 'succeeded',
      externalRefundId: payment.externalPaymentId,
    });
    expect(anet.transaction(payment.externalPaymentId)).to.have.property('status', 'voided');
    expect(refundsOf(payment), 'a void is no refund transaction').to.deep.equal([]);
    expect(await gateway().refund(payment, whole), 'asked again, the void is its answer').to.deep.equal({
      status: 'succeeded',
      externalRefundId: payment.externalPaymentId,
    });
  });

  it('an answer lost after the refund is unknown; asked again, the refund is found and given once', async () => {
    const payment = await chargedPayment(3100);
    const refund = refundOf(payment, 1200);
    anet.script(PROFILE, { kind: 'lose_answer' });
    const lost = await gateway().refund(payment, refund);
    expect(lost).to.have.property('status', 'unknown');
    expect(refundsOf(payment)).to.have.length(1);
    anet.script(PROFILE, undefined);
    expect(await gateway().refund(payment, refund)).to.deep.equal({
      status: 'succeeded',
      externalRefundId: refundsOf(payment)[0]?.transId,
    });
    expect(refundsOf(payment)).to.have.length(1);
  });

  it('two attempts at once at the same whole refund of an unsettled charge void it once, and both answer so', async () => {
    const payment = await chargedPayment(3100, false);
    const refund = refundOf(payment, 3100);
    const made = { status: 'succeeded', externalRefundId: payment.externalPaymentId };
    expect(await Promise.all([gateway().refund(payment, refund), gateway().refund(payment, refund)])).to.deep.equal([
      made,
      made,
    ]);
    expect(anet.transaction(payment.externalPaymentId)).to.have.property('status', 'voided');
  });

  it('a void whose answer was lost is found voided when asked again', async () => {
    const payment = await chargedPayment(3100, false);
    const refund = refundOf(payment, 3100);
    anet.script(PROFILE, { kind: 'lose_answer' });
    expect(await gateway().refund(payment, refund)).to.have.property('status', 'unknown');
    anet.script(PROFILE, undefined);
    expect(await gateway().refund(payment, refund)).to.deep.equal({
      status: 'succeeded',
      externalRefundId: payment.externalPaymentId,
    });
  });

  it('a 500 and a hang past the timeout are no answer: unknown, nothing given back', async () => {
    const payment = await chargedPayment(3100);
    anet.script(PROFILE, { kind: 'server_error' });
    expect(await gateway().refund(payment, refundOf(payment, 100))).to.deep.equal({
      status: 'unknown',
      reason: 'Authorize.Net answered 500',
    });
    anet.script(PROFILE, { kind: 'hang' });
    const started = Date.now();
    expect(await gateway().refund(payment, refundOf(payment, 100))).to.deep.equal({
      status: 'unknown',
      reason: `no answer from Authorize.Net within ${TIMEOUT_MS} ms`,
    });
    expect(Date.now() - started).to.be.within(TIMEOUT_MS, 5 * TIMEOUT_MS);
    anet.script(PROFILE, undefined);
    anet.script(CUSTOMER, { kind: 'server_error' });
    expect(await gateway().refund(payment, refundOf(payment, 100))).to.deep.equal({
      status: 'unknown',
      reason: 'reading the charge: Authorize.Net answered 500',
    });
    expect(refundsOf(payment)).to.deep.equal([]);
  });

  it('refuses without asking for a payment with no transaction or a store without credentials, and a charge Authorize.Net does not know', async () => {
    const payment = await chargedPayment(3100);
    const requests = anet.requests;
    const { externalPaymentId: _, ...untaken } = payment;
    expect(await gateway().refund(untaken, refundOf(payment, 100))).to.have.property('status', 'refused');
    const elsewhere = { ...payment, storeId: randomIds.uuid() };
    expect(await gateway().refund(elsewhere, refundOf(elsewhere, 100))).to.deep.include({ status: 'refused' });
    expect(anet.requests).to.equal(requests);
    const unknownCharge = await gateway().refund({ ...payment, externalPaymentId: '1' }, refundOf(payment, 100));
    expect(unknownCharge)
      .to.have.property('reason')
      .that.matches(/\(E00040\)/);
  });
});
