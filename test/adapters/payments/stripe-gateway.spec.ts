import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { StripeCredentials } from '../../../src/adapters/payments/stripe/stripe-gateway.js';
import { StripeGateway } from '../../../src/adapters/payments/stripe/stripe-gateway.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import type { InvoicePayment } from '../../../src/domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../src/domain/billing/payments/refund.js';
import type { PaymentAuthority } from '../../../src/domain/subscriptions/payment-authority.js';
import { FakeStripe } from '../../support/fake-stripe.js';
import { anInvoice } from '../../support/invoice-builders.js';
import { aGatewayPayment, aPendingRefund } from '../../support/payment-runs.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const SECRET = 'sk_test_51FakeStoreKey';
const CARD = 'pm_card_visa';
const CUSTOMER = 'cus_Ada';
/** Short enough for a test; the library's one retry makes a hang cost twice this. */
const TIMEOUT_MS = 500;

describe('Stripe gateway against a local stand-in of Stripe', () => {
  const stripe = new FakeStripe([SECRET]);
  let gateway: StripeGateway;
  before(async () => {
    await stripe.start();
    gateway = gatewayWith({ secretKey: SECRET });
  });
  after(() => stripe.stop());

  const invoice = anInvoice();
  const offering = anOffering(invoice.storeId, [aProduct(invoice.storeId)], [aPlan(invoice.storeId)]);
  const subscriptionWith = (authority: PaymentAuthority) =>
    aSubscription(offering, randomIds.uuid(), { id: invoice.subscriptionId, paymentAuthority: authority });
  const payer = subscriptionWith({ type: 'elastic_path_payments_stripe', customer_id: CUSTOMER, card_id: CARD });

  const gatewayWith = (credentials: StripeCredentials | undefined) =>
    new StripeGateway(
      async (storeId) => (storeId === invoice.storeId ? credentials : undefined),
      stripe.settings(TIMEOUT_MS),
    );
  const chargesBefore = () => stripe.charges.length;

  afterEach(() => {
    stripe.script(CARD, undefined);
    stripe.script(CUSTOMER, undefined);
  });

  it('charges one off-session PaymentIntent: the amount in minor units, the currency in lower case, the ids in metadata', async () => {
    const key = randomUUID();
    const outcome = await gateway.charge(invoice, 3100, payer, key);
    const charge = stripe.charges.at(-1);
    expect(outcome).to.deep.equal({ status: 'succeeded', externalPaymentId: charge?.paymentIntent });
    expect(charge?.paymentIntent).to.match(/^pi_/);
    expect(charge).to.deep.include({
      amount: 3100,
      currency: 'usd',
      customer: CUSTOMER,
      paymentMethod: CARD,
      stripeAccount: undefined,
      idempotencyKey: key,
    });
    expect(charge?.metadata).to.deep.equal({
      invoice_id: invoice.id,
      subscription_id: invoice.subscriptionId,
      store_id: invoice.storeId,
      payment_id: key,
    });
  });

  it("sends the store's connected account as Stripe-Account", async () => {
    await gatewayWith({ secretKey: SECRET, stripeAccount: 'acct_1Connected' }).charge(
      invoice,
      500,
      payer,
      randomUUID(),
    );
    expect(stripe.charges.at(-1)?.stripeAccount).to.equal('acct_1Connected');
  });

  it('a key asked again answers the first answer and charges once', async () => {
    const key = randomUUID();
    const before = chargesBefore();
    const first = await gateway.charge(invoice, 3100, payer, key);
    const again = await gateway.charge(invoice, 3100, payer, key);
    expect(again).to.deep.equal(first);
    expect(stripe.charges.length - before).to.equal(1);
  });

  it('a key reused for another amount fails with Stripe’s idempotency error', async () => {
    const key = randomUUID();
    await gateway.charge(invoice, 3100, payer, key);
    const outcome = await gateway.charge(invoice, 3200, payer, key);
    expect(outcome.status).to.equal('failed');
    expect(outcome)
      .to.have.property('failureReason')
      .that.matches(/idempotency key: Keys for idempotent requests/);
  });

  it('a decline fails the payment, naming the decline code, and charges nothing', async () => {
    stripe.script(CARD, { kind: 'decline', declineCode: 'insufficient_funds' });
    const before = chargesBefore();
    const outcome = await gateway.charge(invoice, 3100, payer, randomUUID());
    expect(outcome).to.deep.equal({
      status: 'failed',
      failureReason: 'the card was declined (insufficient_funds): Your card was declined.',
    });
    expect(stripe.charges.length).to.equal(before);
  });

  it('3-D Secure asked off session (authentication_required) fails: the customer must authenticate', async () => {
    stripe.script(CUSTOMER, { kind: 'authentication_required' });
    const outcome = await gateway.charge(invoice, 3100, payer, randomUUID());
    expect(outcome.status).to.equal('failed');
    expect(outcome)
      .to.have.property('failureReason')
      .that.matches(/requires the customer to authenticate \(3-D Secure\).*\(payment intent pi_/);
  });

  it('a PaymentIntent that requires_action fails the same way', async () => {
    stripe.script(CARD, { kind: 'requires_action' });
    const outcome = await gateway.charge(invoice, 3100, payer, randomUUID());
    expect(outcome)
      .to.have.property('failureReason')
      .that.matches(/requires the customer to authenticate/);
  });

  it('a PaymentIntent still processing leaves the payment pending', async () => {
    stripe.script(CARD, { kind: 'processing' });
    expect(await gateway.charge(invoice, 3100, payer, randomUUID())).to.deep.equal({ status: 'pending' });
  });

  it('a 500 is no answer: the outcome is unknown, and the key asked again once Stripe is back charges once', async () => {
    stripe.script(CARD, { kind: 'server_error' });
    const key = randomUUID();
    const before = chargesBefore();
    const outcome = await gateway.charge(invoice, 3100, payer, key);
    expect(outcome).to.deep.include({ status: 'unknown' });
    expect(outcome)
      .to.have.property('reason')
      .that.matches(/^Stripe answered 500/);
    stripe.script(CARD, undefined);
    expect(await gateway.charge(invoice, 3100, payer, key)).to.have.property('status', 'succeeded');
    expect(stripe.charges.length - before).to.equal(1);
  });

  it('a Stripe that does not answer within the timeout is no answer either', async () => {
    stripe.script(CARD, { kind: 'hang' });
    const started = Date.now();
    const outcome = await gateway.charge(invoice, 3100, payer, randomUUID());
    expect(outcome).to.deep.include({ status: 'unknown' });
    expect(outcome)
      .to.have.property('reason')
      .that.matches(/^no answer from Stripe/);
    // One request and the library's one retry, each given up after the timeout.
    expect(Date.now() - started).to.be.within(2 * TIMEOUT_MS, 10 * TIMEOUT_MS);
  });

  it('an answer lost after the charge is unknown; asked again under its key, the payment succeeds with the first charge alone', async () => {
    stripe.script(CARD, { kind: 'lose_answer' });
    const key = randomUUID();
    const before = chargesBefore();
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.include({ status: 'unknown' });
    expect(stripe.charges.length - before).to.equal(1);
    stripe.script(CARD, undefined);
    const resumed = await gateway.charge(invoice, 3100, payer, key);
    expect(resumed).to.deep.equal({ status: 'succeeded', externalPaymentId: stripe.charges.at(-1)?.paymentIntent });
    expect(stripe.charges.length - before).to.equal(1);
  });

  it('a refused secret key fails the payment without quoting the key', async () => {
    const outcome = await gatewayWith({ secretKey: 'sk_test_revoked_1234' }).charge(invoice, 3100, payer, randomUUID());
    expect(outcome).to.deep.equal({ status: 'failed', failureReason: "Stripe refused the store's secret key (401)" });
  });

  it('fails without asking Stripe when the store has no credentials or the authority no customer or card', async () => {
    const requests = stripe.requests;
    expect(await gatewayWith(undefined).charge(invoice, 3100, payer, randomUUID())).to.deep.equal({
      status: 'failed',
      failureReason: 'no Stripe secret key is configured for this store',
    });
    const noCard = subscriptionWith({ type: 'elastic_path_payments_stripe', customer_id: CUSTOMER });
    expect(await gateway.charge(invoice, 3100, noCard, randomUUID())).to.deep.equal({
      status: 'failed',
      failureReason: 'the payment authority has no card_id',
    });
    const noCustomer = subscriptionWith({ type: 'elastic_path_payments_stripe', card_id: CARD });
    expect(await gateway.charge(invoice, 3100, noCustomer, randomUUID())).to.deep.equal({
      status: 'failed',
      failureReason: 'the payment authority has no customer_id',
    });
    const other = subscriptionWith({ type: 'authorize_net', customer_profile_id: '123' });
    expect(await gateway.charge(invoice, 3100, other, randomUUID())).to.have.property('status', 'failed');
    expect(stripe.requests).to.equal(requests);
  });

  describe('refunds', () => {
    /** A payment of `amount` charged on the fake, as a payment run records it. */
    const chargedPayment = async (amount: number): Promise<InvoicePayment> => {
      const id = randomIds.uuid();
      const outcome = await gateway.charge(invoice, amount, payer, id);
      if (outcome.status !== 'succeeded' || outcome.externalPaymentId === undefined) throw new Error('not charged');
      return aGatewayPayment(invoice, 'elastic_path_payments_stripe', id, amount, outcome.externalPaymentId);
    };
    const refundOf = (payment: InvoicePayment, amount: number): PaymentRefund => aPendingRefund(payment, amount);
    const refundsOf = (payment: InvoicePayment) =>
      stripe.refunds.filter((r) => r.paymentIntent === payment.externalPaymentId);

    it('refunds the PaymentIntent in minor units, under the refund id as key, with the ids in metadata', async () => {
      const payment = await chargedPayment(3100);
      const refund = refundOf(payment, 1200);
      const outcome = await gateway.refund(payment, refund);
      const [made] = refundsOf(payment);
      expect(outcome).to.deep.equal({ status: 'succeeded', externalRefundId: made?.refund });
      expect(made).to.deep.include({ amount: 1200, idempotencyKey: refund.id, stripeAccount: undefined });
      expect(made?.metadata).to.deep.equal({
        refund_id: refund.id,
        payment_id: payment.id,
        invoice_id: payment.invoiceId,
        store_id: payment.storeId,
      });
    });

    it('asked again for the same refund answers the first answer and refunds once', async () => {
      const payment = await chargedPayment(3100);
      const refund = refundOf(payment, 3100);
      const first = await gateway.refund(payment, refund);
      expect(await gateway.refund(payment, refund)).to.deep.equal(first);
      expect(refundsOf(payment)).to.have.length(1);
    });

    it('refuses more than is left of the charge, and a charge refunded in full, saying why', async () => {
      const payment = await chargedPayment(1000);
      expect(await gateway.refund(payment, refundOf(payment, 1001))).to.have.property('status', 'refused');
      const tooLarge = await gateway.refund(payment, refundOf(payment, 1001));
      expect(tooLarge)
        .to.have.property('reason')
        .that.matches(/^the amount is more than what is left of the charge to refund on Stripe \(amount_too_large\)/);
      expect(await gateway.refund(payment, refundOf(payment, 1000))).to.have.property('status', 'succeeded');
      const again = await gateway.refund(payment, refundOf(payment, 1));
      expect(again)
        .to.have.property('reason')
        .that.matches(/^the charge is refunded in full on Stripe already \(charge_already_refunded\)/);
      stripe.scriptRefund(payment.externalPaymentId!, { kind: 'already_refunded' });
      expect(await gateway.refund(payment, refundOf(payment, 1))).to.have.property('status', 'refused');
      stripe.scriptRefund(payment.externalPaymentId!, undefined);
      expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal([1000]);
    });

    it('a 500 or an answer lost after the refund is unknown; asked again under the key, it refunds once', async () => {
      const payment = await chargedPayment(3100);
      const intent = payment.externalPaymentId!;
      const failing = refundOf(payment, 100);
      stripe.scriptRefund(intent, { kind: 'server_error' });
      expect(await gateway.refund(payment, failing)).to.deep.include({ status: 'unknown' });
      expect(refundsOf(payment)).to.deep.equal([]);
      const lost = refundOf(payment, 200);
      stripe.scriptRefund(intent, { kind: 'lose_answer' });
      expect(await gateway.refund(payment, lost)).to.deep.include({ status: 'unknown' });
      expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal([200]);
      stripe.scriptRefund(intent, undefined);
      expect(await gateway.refund(payment, lost)).to.deep.equal({
        status: 'succeeded',
        externalRefundId: refundsOf(payment)[0]?.refund,
      });
      expect(await gateway.refund(payment, failing)).to.have.property('status', 'succeeded');
      expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal([200, 100]);
    });

    it('asked for a refund after Stripe forgot its key, finds the Refund it made by its metadata and refunds once', async () => {
      const payment = await chargedPayment(3100);
      const lost = refundOf(payment, 700);
      stripe.scriptRefund(payment.externalPaymentId!, { kind: 'lose_answer' });
      expect(await gateway.refund(payment, lost)).to.deep.include({ status: 'unknown' });
      stripe.scriptRefund(payment.externalPaymentId!, undefined);
      stripe.forgetKeys();
      const lists = stripe.refundLists;
      expect(await gateway.refund(payment, lost)).to.deep.equal({
        status: 'succeeded',
        externalRefundId: refundsOf(payment)[0]?.refund,
      });
      expect(stripe.refundLists).to.equal(lists + 1);
      expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal([700]);
      // Another refund of the same payment is not taken for it: its id is not the lost one's.
      expect(await gateway.refund(payment, refundOf(payment, 300))).to.have.property('status', 'succeeded');
      expect(refundsOf(payment).map((r) => r.amount)).to.deep.equal([700, 300]);
    });

    it('refuses without asking Stripe a payment with no PaymentIntent, or a store without credentials', async () => {
      const payment = await chargedPayment(500);
      const requests = stripe.requests;
      const { externalPaymentId: _, ...unknown } = payment;
      expect(await gateway.refund(unknown, refundOf(payment, 1))).to.deep.equal({
        status: 'refused',
        reason: 'the payment has no Stripe PaymentIntent to refund',
      });
      expect(await gatewayWith(undefined).refund(payment, refundOf(payment, 1))).to.have.property('status', 'refused');
      expect(stripe.requests).to.equal(requests);
    });
  });

  describe('a resumed charge, past the 24 hours Stripe keeps a key', () => {
    it('finds the PaymentIntent by its payment_id metadata and answers its outcome, charging nothing more', async () => {
      const key = randomUUID();
      const before = chargesBefore();
      stripe.script(CARD, { kind: 'lose_answer' });
      expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.include({ status: 'unknown' });
      stripe.script(CARD, undefined);
      stripe.forgetKeys();
      const resumed = await gateway.charge(invoice, 3100, payer, key, true);
      expect(resumed).to.deep.equal({ status: 'succeeded', externalPaymentId: stripe.charges.at(-1)?.paymentIntent });
      expect(stripe.charges.length - before).to.equal(1);
    });

    it('a declined attempt found is the decline; none found is charged under the key', async () => {
      const declined = randomUUID();
      stripe.script(CARD, { kind: 'decline', declineCode: 'insufficient_funds' });
      await gateway.charge(invoice, 3100, payer, declined);
      stripe.script(CARD, undefined);
      stripe.forgetKeys();
      expect(await gateway.charge(invoice, 3100, payer, declined, true)).to.have.property('status', 'failed');
      const fresh = randomUUID();
      const before = chargesBefore();
      expect(await gateway.charge(invoice, 3100, payer, fresh, true)).to.have.property('status', 'succeeded');
      expect(stripe.charges.length - before).to.equal(1);
    });

    it("searches only the store's connected account", async () => {
      const key = randomUUID();
      await gateway.charge(invoice, 3100, payer, key);
      stripe.forgetKeys();
      const connected = gatewayWith({ secretKey: SECRET, stripeAccount: 'acct_1Other' });
      const before = chargesBefore();
      expect(await connected.charge(invoice, 3100, payer, key, true)).to.have.property('status', 'succeeded');
      expect(stripe.charges.length - before, 'another account has no such PaymentIntent: it is charged there').to.equal(
        1,
      );
    });
  });
});
