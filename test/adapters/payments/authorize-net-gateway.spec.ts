import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { endpointFor } from '../../../src/adapters/payments/authorize-net/authorize-net-api.js';
import {
  type AuthorizeNetCredentials,
  AuthorizeNetGateway,
} from '../../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import { attemptNumber } from '../../../src/adapters/payments/authorize-net/authorize-net-requests.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { timeOrderedIds } from '../../../src/adapters/system/time-ordered-ids.js';
import type { PaymentAuthority } from '../../../src/domain/subscriptions/payment-authority.js';
import { FakeAuthorizeNet } from '../../support/fake-authorize-net.js';
import { anInvoice } from '../../support/invoice-builders.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const LOGIN = '5KP3u95bQpv';
const TRANSACTION_KEY = '346HZ32z3fP4hTG2';
const CUSTOMER = '500922543';
const PROFILE = '500185321';
/** Short enough for a test; no request is retried, so a hang costs one of these. */
const TIMEOUT_MS = 400;

describe('Authorize.Net gateway against a local stand-in of its JSON API', () => {
  const anet = new FakeAuthorizeNet([{ login: LOGIN, transactionKey: TRANSACTION_KEY }]);
  let gateway: AuthorizeNetGateway;
  before(async () => {
    await anet.start();
    gateway = gatewayWith({ login: LOGIN, transactionKey: TRANSACTION_KEY, test: true });
  });
  after(() => anet.stop());

  const invoice = anInvoice();
  const offering = anOffering(invoice.storeId, [aProduct(invoice.storeId)], [aPlan(invoice.storeId)]);
  const subscriptionWith = (authority: PaymentAuthority) =>
    aSubscription(offering, randomIds.uuid(), { id: invoice.subscriptionId, paymentAuthority: authority });
  const payer = subscriptionWith({ type: 'authorize_net', customer_profile_id: CUSTOMER, payment_profile_id: PROFILE });
  const paymentId = () => timeOrderedIds().uuid();

  const gatewayWith = (credentials: AuthorizeNetCredentials | undefined) =>
    new AuthorizeNetGateway(
      async (storeId) => (storeId === invoice.storeId ? credentials : undefined),
      anet.settings(TIMEOUT_MS),
    );
  const chargesBefore = () => anet.charges.length;

  afterEach(() => {
    anet.script(PROFILE, undefined);
    anet.script(CUSTOMER, undefined);
  });

  it("charges the customer's payment profile once: major units by the currency's exponent, the attempt's number as invoice number", async () => {
    const key = paymentId();
    const outcome = await gateway.charge(invoice, 3100, payer, key);
    const charge = anet.charges.at(-1);
    expect(outcome).to.deep.equal({ status: 'succeeded', externalPaymentId: charge?.transId });
    expect(charge).to.deep.include({
      login: LOGIN,
      amount: '31.00',
      currencyCode: 'USD',
      customerProfileId: CUSTOMER,
      paymentProfileId: PROFILE,
      invoiceNumber: key.replaceAll('-', '').slice(-20),
      refId: key.replaceAll('-', '').slice(-20),
      description: `Invoice ${invoice.id}, payment ${key}`,
      status: 'capturedPendingSettlement',
    });
  });

  it('writes amounts without floating point, in currencies of 0 and 3 decimals too', async () => {
    await gateway.charge({ ...invoice, currency: 'JPY' }, 3100, payer, paymentId());
    expect(anet.charges.at(-1)).to.deep.include({ amount: '3100', currencyCode: 'JPY' });
    await gateway.charge({ ...invoice, currency: 'KWD' }, 12345, payer, paymentId());
    expect(anet.charges.at(-1)).to.deep.include({ amount: '12.345', currencyCode: 'KWD' });
    await gateway.charge(invoice, 1, payer, paymentId());
    expect(anet.charges.at(-1)).to.deep.include({ amount: '0.01' });
  });

  it('looks the attempt up before every charge: asked again, it answers the first charge and charges nothing more', async () => {
    const key = paymentId();
    const before = chargesBefore();
    const lookups = anet.lookups;
    const first = await gateway.charge(invoice, 3100, payer, key);
    const again = await gateway.charge(invoice, 3100, payer, key);
    expect(again).to.deep.equal(first);
    expect(anet.charges.length - before).to.equal(1);
    expect(anet.lookups - lookups).to.equal(2);
  });

  it('a decline fails the payment with Authorize.Net’s reason and charges nothing; asked again, the declined transaction is found', async () => {
    anet.script(PROFILE, { kind: 'decline' });
    const key = paymentId();
    const before = chargesBefore();
    const outcome = await gateway.charge(invoice, 3100, payer, key);
    const declined = anet.transactions.at(-1);
    expect(outcome).to.deep.equal({
      status: 'failed',
      failureReason: `the card was declined (2): This transaction has been declined. (transaction ${declined?.transId})`,
    });
    expect(anet.charges.length).to.equal(before);
    anet.script(PROFILE, undefined);
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.equal({
      status: 'failed',
      failureReason: `Authorize.Net's transaction ${declined?.transId} for this payment is declined`,
    });
    expect(anet.charges.length).to.equal(before);
  });

  it('a transaction held for review leaves the payment pending, and is found pending when asked again', async () => {
    anet.script(PROFILE, { kind: 'held_for_review' });
    const key = paymentId();
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.equal({ status: 'pending' });
    anet.script(PROFILE, undefined);
    const before = chargesBefore();
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.equal({ status: 'pending' });
    expect(anet.charges.length).to.equal(before);
  });

  it('refused credentials fail the payment without quoting them', async () => {
    const refused = {
      status: 'failed',
      failureReason: "Authorize.Net refused the store's API login ID or transaction key (E00007)",
    };
    const wrong = gatewayWith({ login: LOGIN, transactionKey: 'wrongTransKey99', test: true });
    expect(await wrong.charge(invoice, 3100, payer, paymentId())).to.deep.equal(refused);
    anet.script(PROFILE, { kind: 'bad_credentials' });
    expect(await gateway.charge(invoice, 3100, payer, paymentId())).to.deep.equal(refused);
  });

  it('a customer or payment profile Authorize.Net does not know fails the payment', async () => {
    const notFound = {
      status: 'failed',
      failureReason:
        'Authorize.Net has no such customer profile or payment profile (E00040): The record cannot be found.',
    };
    const before = chargesBefore();
    anet.script(CUSTOMER, { kind: 'profile_not_found' });
    expect(await gateway.charge(invoice, 3100, payer, paymentId())).to.deep.equal(notFound);
    anet.script(CUSTOMER, undefined);
    anet.script(PROFILE, { kind: 'profile_not_found' });
    expect(await gateway.charge(invoice, 3100, payer, paymentId())).to.deep.equal(notFound);
    expect(anet.charges.length).to.equal(before);
  });

  it('a 500 is no answer: unknown, and the attempt asked again once Authorize.Net is back charges once', async () => {
    anet.script(PROFILE, { kind: 'server_error' });
    const key = paymentId();
    const before = chargesBefore();
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.equal({
      status: 'unknown',
      reason: 'Authorize.Net answered 500',
    });
    anet.script(PROFILE, undefined);
    expect(await gateway.charge(invoice, 3100, payer, key)).to.have.property('status', 'succeeded');
    expect(anet.charges.length - before).to.equal(1);
  });

  it('a charge or a lookup that does not answer within the timeout is no answer either, after one timeout', async () => {
    anet.script(PROFILE, { kind: 'hang' });
    let started = Date.now();
    expect(await gateway.charge(invoice, 3100, payer, paymentId())).to.deep.equal({
      status: 'unknown',
      reason: `no answer from Authorize.Net within ${TIMEOUT_MS} ms`,
    });
    expect(Date.now() - started).to.be.within(TIMEOUT_MS, 5 * TIMEOUT_MS);
    anet.script(PROFILE, undefined);
    anet.script(CUSTOMER, { kind: 'hang' });
    const requests = anet.requests;
    started = Date.now();
    expect(await gateway.charge(invoice, 3100, payer, paymentId())).to.deep.equal({
      status: 'unknown',
      reason: `looking the attempt up: no answer from Authorize.Net within ${TIMEOUT_MS} ms`,
    });
    // The lookup alone: nothing is charged while it cannot be known whether the attempt was.
    expect(anet.requests - requests).to.equal(1);
  });

  it('an answer lost after the charge is unknown; the resumed attempt finds the charge and succeeds with it alone', async () => {
    anet.script(PROFILE, { kind: 'lose_answer' });
    const key = paymentId();
    const before = chargesBefore();
    const lost = await gateway.charge(invoice, 3100, payer, key);
    expect(lost).to.have.property('status', 'unknown');
    expect(lost)
      .to.have.property('reason')
      .that.matches(/^no answer from Authorize\.Net: /);
    expect(anet.charges.length - before).to.equal(1);
    // Still scripted: the lookup finds the charge, and nothing is charged to lose another answer.
    const resumed = await gateway.charge(invoice, 3100, payer, key);
    expect(resumed).to.deep.equal({ status: 'succeeded', externalPaymentId: anet.charges.at(-1)?.transId });
    expect(anet.charges.length - before).to.equal(1);
  });

  it('a charge the lookup does not list yet is refused as a duplicate within the window: unknown, not charged twice', async () => {
    anet.script(PROFILE, { kind: 'unlisted' });
    const key = paymentId();
    const before = chargesBefore();
    expect(await gateway.charge(invoice, 3100, payer, key)).to.have.property('status', 'succeeded');
    expect(await gateway.charge(invoice, 3100, payer, key)).to.deep.equal({
      status: 'unknown',
      reason: 'Authorize.Net refused a duplicate of an earlier try of this attempt, not listed yet',
    });
    expect(anet.charges.length - before).to.equal(1);
  });

  it('fails without asking Authorize.Net when the store has no credentials or the authority no profile', async () => {
    const requests = anet.requests;
    expect(await gatewayWith(undefined).charge(invoice, 3100, payer, paymentId())).to.deep.equal({
      status: 'failed',
      failureReason: 'no Authorize.Net API login ID and transaction key are configured for this store',
    });
    const noPayment = subscriptionWith({ type: 'authorize_net', customer_profile_id: CUSTOMER });
    expect(await gateway.charge(invoice, 3100, noPayment, paymentId())).to.deep.equal({
      status: 'failed',
      failureReason: 'the payment authority has no payment_profile_id',
    });
    const noCustomer = subscriptionWith({ type: 'authorize_net', payment_profile_id: PROFILE });
    expect(await gateway.charge(invoice, 3100, noCustomer, paymentId())).to.deep.equal({
      status: 'failed',
      failureReason: 'the payment authority has no customer_profile_id',
    });
    const other = subscriptionWith({ type: 'elastic_path_payments_stripe', customer_id: 'cus_1', card_id: 'pm_1' });
    expect(await gateway.charge(invoice, 3100, other, paymentId())).to.have.property('status', 'failed');
    expect(anet.requests).to.equal(requests);
  });

  it("numbers an attempt by its payment id's last 20 hex digits, and sends a store in test mode to the sandbox", () => {
    expect(attemptNumber('0190f5c2-7d1e-7a3b-9c4d-5e6f7a8b9c0d')).to.equal('7a3b9c4d5e6f7a8b9c0d');
    const key = randomUUID();
    expect(attemptNumber(key)).to.have.length(20);
    expect(endpointFor({ timeoutMs: 1000 }, true)).to.equal('https://apitest.authorize.net/xml/v1/request.api');
    expect(endpointFor({ timeoutMs: 1000 }, false)).to.equal('https://api.authorize.net/xml/v1/request.api');
    expect(endpointFor(anet.settings(1000), false)).to.match(/^http:\/\/127\.0\.0\.1:\d+\/xml\/v1\/request\.api$/);
  });

  it('the stand-in answers as Authorize.Net does: JSON after a UTF-8 byte order mark', async () => {
    const response = await fetch(endpointFor(anet.settings(1000), false), {
      method: 'POST',
      body: JSON.stringify({ getTransactionListForCustomerRequest: { merchantAuthentication: { name: 'x' } } }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    expect(JSON.parse(bytes.subarray(3).toString('utf8'))).to.have.nested.property(
      'messages.message[0].code',
      'E00007',
    );
  });
});
