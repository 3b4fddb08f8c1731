import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { AuthorizeNetGateway } from '../../../src/adapters/payments/authorize-net/authorize-net-gateway.js';
import { StripeGateway } from '../../../src/adapters/payments/stripe/stripe-gateway.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { UpdateGateway } from '../../../src/application/use-cases/gateways/update-gateway.js';
import { buildContainer } from '../../../src/container.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { FakeAuthorizeNet } from '../../support/fake-authorize-net.js';
import { FakeStripe } from '../../support/fake-stripe.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

const SECRET = 'sk_test_51StoreGatewaySettings';
const ANET = { login: '4bBoundLogin', transactionKey: '8pBoundTransKey1' };
const at = (iso: string) => new Date(iso);

describe('Payment gateways bound by the composition root', () => {
  const stripe = new FakeStripe([SECRET]);
  const anet = new FakeAuthorizeNet([ANET]);
  before(() => Promise.all([stripe.start(), anet.start()]));
  after(() => Promise.all([stripe.stop(), anet.stop()]));

  const store = aStore();
  const offering = anOffering(store.id, [aProduct(store.id)], [aPlan(store.id)]);
  const stripePayer = aSubscription(offering, randomIds.uuid(), {
    paymentAuthority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_Ada', card_id: 'pm_card' },
  });
  const anetPayer = aSubscription(offering, randomIds.uuid(), {
    paymentAuthority: { type: 'authorize_net', customer_profile_id: '811474252', payment_profile_id: '807500093' },
  });
  const draft = invoiceDraft(
    stripePayer,
    offering,
    { start: at('2026-02-01T00:00:00.000Z'), end: at('2026-03-01T00:00:00.000Z'), trial: false },
    { id: randomIds.uuid(), jobId: randomIds.uuid(), now: at('2026-03-01T00:00:00.000Z') },
  );
  if (E.isLeft(draft)) throw new Error(draft.left);
  const invoice = { ...draft.right, taxRequired: false } as never;

  /** A container on memory with a credentials key, Stripe at the fake, and the store created. */
  const service = async (state = new InMemoryState(), key = randomBytes(32)) => {
    const container = buildContainer(
      { kind: 'memory', state },
      {
        gatewayCredentialsKeys: [key],
        stripe: stripe.settings(2_000),
        authorizeNet: anet.settings(2_000),
      },
    );
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    const update = (slug: string, attributes: Record<string, unknown>) =>
      container.get(UpdateGateway).execute(store.id, slug, { type: 'gateway', ...attributes });
    return { gateways: container.get(TOKENS.PaymentGateways), update };
  };

  it('charges Stripe-paid subscriptions on Stripe with the store key and connected account its Gateways API holds', async () => {
    const { gateways, update } = await service();
    expect(gateways.for(stripePayer)).to.be.instanceOf(StripeGateway);
    expect(gateways.named('elastic_path_payments_stripe')).to.be.instanceOf(StripeGateway);
    expect(gateways.for({ ...stripePayer, manualPayments: true }).name).to.equal('manual');

    expect(E.isRight(await update('stripe_payment_intents', { enabled: true, login: SECRET }))).to.equal(true);
    const first = await gateways.for(stripePayer).charge(invoice, 1500, stripePayer, randomIds.uuid());
    expect(first.status).to.equal('succeeded');
    expect(stripe.charges.at(-1)).to.include({ amount: 1500, customer: 'cus_Ada', stripeAccount: undefined });

    const account = 'acct_1BoundConnected';
    const connected = await update('elastic_path_payments_stripe', { enabled: true, stripe_account: account });
    expect(E.isRight(connected)).to.equal(true);
    await gateways.for(stripePayer).charge(invoice, 1500, stripePayer, randomIds.uuid());
    expect(stripe.charges.at(-1)?.stripeAccount).to.equal(account);
  });

  it('fails the attempt without asking Stripe while the store has no enabled Stripe Payment Intents key', async () => {
    const { gateways, update } = await service();
    const asked = stripe.requests;
    const noKey = { status: 'failed', failureReason: 'no Stripe secret key is configured for this store' };
    expect(await gateways.for(stripePayer).charge(invoice, 100, stripePayer, randomIds.uuid())).to.deep.equal(noKey);
    await update('stripe_payment_intents', { enabled: false, login: SECRET });
    expect(await gateways.for(stripePayer).charge(invoice, 100, stripePayer, randomIds.uuid())).to.deep.equal(noKey);
    expect(stripe.requests).to.equal(asked);
  });

  it('charges Authorize.Net-paid subscriptions with the API login ID and transaction key its Gateways API holds, while enabled', async () => {
    const { gateways, update } = await service();
    expect(gateways.for(anetPayer)).to.be.instanceOf(AuthorizeNetGateway);
    expect(gateways.named('authorize_net')).to.be.instanceOf(AuthorizeNetGateway);
    const asked = anet.requests;
    const noCredentials = {
      status: 'failed',
      failureReason: 'no Authorize.Net API login ID and transaction key are configured for this store',
    };
    expect(await gateways.for(anetPayer).charge(invoice, 100, anetPayer, randomIds.uuid())).to.deep.equal(
      noCredentials,
    );
    const stored = await update('authorize_net', {
      enabled: false,
      test: true,
      login: ANET.login,
      password: ANET.transactionKey,
    });
    expect(E.isRight(stored)).to.equal(true);
    expect(await gateways.for(anetPayer).charge(invoice, 100, anetPayer, randomIds.uuid())).to.deep.equal(
      noCredentials,
    );
    expect(anet.requests).to.equal(asked);

    await update('authorize_net', { enabled: true });
    const outcome = await gateways.for(anetPayer).charge(invoice, 1500, anetPayer, randomIds.uuid());
    expect(outcome).to.deep.equal({ status: 'succeeded', externalPaymentId: anet.charges.at(-1)?.transId });
    expect(anet.charges.at(-1)).to.include({
      login: ANET.login,
      amount: '15.00',
      customerProfileId: '811474252',
      paymentProfileId: '807500093',
    });
  });

  it('credentials sealed under a key the deployment no longer holds throw, naming the key to restore, and asks nothing', async () => {
    const state = new InMemoryState();
    const { update } = await service(state);
    await update('authorize_net', { enabled: true, login: ANET.login, password: ANET.transactionKey });
    const rotated = buildContainer(
      { kind: 'memory', state },
      { gatewayCredentialsKeys: [randomBytes(32)], authorizeNet: anet.settings(2_000) },
    ).get(TOKENS.PaymentGateways);
    const asked = anet.requests;
    let thrown: unknown;
    await rotated
      .for(anetPayer)
      .charge(invoice, 100, anetPayer, randomIds.uuid())
      .catch((error: unknown) => {
        thrown = error;
      });
    expect(thrown).to.be.instanceOf(Error);
    const message = (thrown as Error).message;
    expect(message).to.match(
      /^the store's Authorize\.Net API login ID cannot be opened \(sealed under key [0-9a-f]{16}\): set GATEWAY_CREDENTIALS_KEY/,
    );
    expect(message).not.to.include(ANET.login);
    expect(anet.requests).to.equal(asked);
  });
});
