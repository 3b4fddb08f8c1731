import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { randomIds } from '../../src/adapters/system/system-module.js';
import { TOKENS } from '../../src/application/tokens.js';
import { pendingPayment } from '../../src/application/use-cases/billing/run-payments.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../../src/application/use-cases/stores/set-store-rate-limit.js';
import { DEFAULT_RETRY_POLICY } from '../../src/domain/billing/dunning/payment-retry.js';
import { completedAttempt } from '../../src/domain/billing/payments/gateway-attempt.js';
import { MANUAL_GATEWAY } from '../../src/domain/billing/payments/invoice-payment.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { everyRow } from '../support/list-queries.js';
import { checkResponse } from '../support/openapi-contract.js';
import { planData, productData, subscriptionData } from '../support/subscription-core.js';
import { TEST_STORE_BUDGET } from '../support/test-api.js';
import { SEEDED_PASSWORD, type StoreIds, seededUsername } from './route-catalogue.js';

/** Sends one request to the service under test as a given store. */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

export interface SeededStore {
  readonly ids: StoreIds;
  /** Requests with a client-credentials token of the store's first key. */
  readonly send: Send;
  readonly token: string;
  readonly implicitToken: string;
}

export const tokenFor = async (url: string, form: Record<string, string>): Promise<string> => {
  const response = await checkResponse(
    'POST',
    '/oauth/access_token',
    await fetch(`${url}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) }),
  );
  if (response.status !== 200) throw new Error(`token request answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

const created = async (response: Response, what: string): Promise<{ id: string } & Record<string, any>> => {
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data;
};

/**
 * The invoice the subscription was made with, given a pending manual payment directly: payment runs are
 * jobs, which have no route here.
 */
const seedInvoice = async (
  container: Container,
  storeId: Uuid,
  subscriptionId: string,
): Promise<{ invoiceId: string; paymentId: string; refundId: string }> => {
  const paymentRuns = container.get(TOKENS.PaymentRunStore);
  const invoiceReads = container.get(TOKENS.InvoiceReads);
  const now = new Date();
  const [invoice] = (
    await invoiceReads.list(storeId, everyRow([{ op: 'eq', field: 'subscription_id', value: subscriptionId }]))
  ).items;
  if (invoice === undefined) throw new Error('the subscription was made without its first invoice');
  const paymentId = randomIds.uuid();
  const jobId = randomIds.uuid();
  const begun = await paymentRuns.beginAttempt(storeId, invoice.id, jobId, (current) =>
    E.right(pendingPayment(current, { id: jobId }, paymentId, MANUAL_GATEWAY, now)),
  );
  if (E.isLeft(begun)) throw new Error('no payment recorded');
  const waiting = await paymentRuns.settle(
    storeId,
    invoice.id,
    paymentId,
    (current, payment) => completedAttempt(current, payment, { status: 'pending' }, DEFAULT_RETRY_POLICY, now),
    { retriesSpent: () => undefined, paid: () => undefined },
  );
  if (E.isLeft(waiting)) throw new Error('the payment does not wait for a settlement');
  // A refund stored at the port, past the refund rule (the payment stays pending, so that its settlement's
  // route is still open): the refund routes need one to read.
  const refundId = randomIds.uuid();
  const refunded = await container.get(TOKENS.PaymentRefunds).refund(
    storeId,
    invoice.id,
    paymentId,
    (payment) =>
      E.right({
        payment,
        refund: {
          id: refundId,
          storeId,
          invoiceId: invoice.id,
          paymentId: payment.id,
          subscriptionId: payment.subscriptionId,
          amount: 1,
          currency: payment.currency,
          reason: 'seeded',
          status: 'succeeded',
          gateway: payment.gateway,
          createdAt: now,
        },
      }),
    () => [],
  );
  if (E.isLeft(refunded)) throw new Error('no refund recorded');
  return { invoiceId: invoice.id, paymentId, refundId };
};

/**
 * A store with one of everything, made through the API itself: a second key (the one the key routes
 * may rename or delete), a product, a plan, an offering of both, a paused subscription to it, and a subscriber.
 */
export const seedStore = async (url: string, container: Container, name: string): Promise<SeededStore> => {
  const store = await container.get(CreateStore).execute(name);
  if (E.isLeft(store)) throw new Error('store not created');
  await container.get(SetStoreRateLimit).execute(store.right.store.id, TEST_STORE_BUDGET);
  const token = await tokenFor(url, {
    grant_type: 'client_credentials',
    client_id: store.right.key.clientId,
    client_secret: store.right.clientSecret,
  });
  const send: Send = async (path, init = {}) =>
    checkResponse(
      init.method,
      path,
      await fetch(`${url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
      }),
      init.body,
    );
  const post = (path: string, data: unknown) =>
    send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data }) });

  const tag = randomUUID().slice(0, 8);
  const email = `ada.${tag}@example.com`;
  const externalRef = `ref-${tag}`;
  const account = await created(
    await post('/v2/accounts', { type: 'account', name: `Acme ${tag}`, external_ref: externalRef }),
    'account',
  );
  const accountId = account.id;
  // A member is the account realm's user-authentication-info, with a username and password in a profile.
  const realmId = (
    (await (await send('/v2/settings/account-authentication')).json()) as {
      data: { relationships: { authentication_realm: { data: { id: string } } } };
    }
  ).data.relationships.authentication_realm.data.id;
  const realmPath = `/v2/authentication-realms/${realmId}`;
  const member = await created(
    await post(`${realmPath}/user-authentication-info`, {
      type: 'user_authentication_info',
      name: `Ron ${tag}`,
      email,
    }),
    'member',
  );
  const passwordProfile = await created(
    await post(`${realmPath}/password-profiles`, { type: 'password_profile', name: `Profile ${tag}` }),
    'password profile',
  );
  const passwordProfileInfo = await created(
    await post(`${realmPath}/user-authentication-info/${member.id}/user-authentication-password-profile-info`, {
      type: 'user_authentication_password_profile_info',
      username: seededUsername(member.id),
      password: SEEDED_PASSWORD,
      password_profile_id: passwordProfile.id,
    }),
    'password profile info',
  );
  const membership = await created(
    await post(`/v2/accounts/${accountId}/account-memberships`, {
      type: 'account_membership',
      account_member_id: member.id,
    }),
    'membership',
  );
  const person = await created(
    await post('/v2/merchant-users', {
      type: 'merchant_user',
      name: `Max ${tag}`,
      email: `max.${tag}@example.com`,
      role: 'admin',
    }),
    'merchant user',
  );
  const key = await created(
    await post('/v2/application-keys', { type: 'application_key', name: `Second ${tag}` }),
    'key',
  );
  const product = await created(
    await post('/v2/subscriptions/products', productData({ external_ref: externalRef })),
    'product',
  );
  const plan = await created(await post('/v2/subscriptions/plans', planData({ external_ref: externalRef })), 'plan');
  const offering = await created(
    await post('/v2/subscriptions/offerings/build', { name: `Club ${tag}`, products: [product.id], plans: [plan.id] }),
    'offering',
  );
  const offeringPlanId: string = offering['relationships'].plans.data[0].id;
  const offeringProductId: string = offering['relationships'].products.data[0].id;
  // Enabled and observing subscription.created before the subscription is made, so that it has a job; a
  // public address (no name to look up), and no relay runs in these tests, so nothing is ever sent to it.
  const integration = await created(
    await post('/v2/integrations', {
      type: 'integration',
      name: `Hook ${tag}`,
      integration_type: 'webhook',
      observes: ['subscription.created'],
      configuration: { url: 'https://93.184.215.14/hooks', secret_key: `secret-${tag}` },
    }),
    'integration',
  );
  const subscription = await created(
    await post(
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.id, offeringPlanId, { account_id: accountId, email, external_ref: externalRef }),
    ),
    'subscription',
  );
  // Paused, so that the subscription has a state change to read (and a resume the states route accepts).
  const paused = await send(`/v2/subscriptions/subscriptions/${subscription.id}/states`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { type: 'subscription_state', attributes: { action: 'pause' } } }),
  });
  if (paused.status !== 204) throw new Error(`pause answered ${paused.status}: ${await paused.text()}`);
  const [state] = (
    (await (await send(`/v2/subscriptions/subscriptions/${subscription.id}/states`)).json()) as {
      data: { id: string }[];
    }
  ).data;
  if (state === undefined) throw new Error('the pause left no state change');
  const [integrationJob] = (
    (await (await send(`/v2/integrations/${integration.id}/jobs`)).json()) as { data: { id: string }[] }
  ).data;
  if (integrationJob === undefined) throw new Error('the subscription left the integration no job');
  const subscriber = await created(
    await post('/v2/subscriptions/subscribers', {
      type: 'subscription_subscriber',
      attributes: { account_id: accountId, name: 'Ada Lovelace', email },
    }),
    'subscriber',
  );
  const prorationPolicy = await created(
    await post('/v2/subscriptions/proration-policies', {
      type: 'subscription_proration_policy',
      attributes: { name: 'Daily', rounding: 'up', external_ref: externalRef },
    }),
    'proration policy',
  );
  const feature = await created(
    await post('/generations/2025/v2/subscriptions/features', {
      type: 'subscription_feature',
      attributes: {
        name: 'Seeded feature',
        configuration: { type: 'usage', tag: 'seats', label: 'Seats', default_value: 3 },
      },
    }),
    'feature',
  );
  const attached = await post(`/generations/2025/v2/subscriptions/offerings/${offering.id}/features/attach`, {
    features: [feature.id],
  });
  if (attached.status !== 200) throw new Error(`feature attach answered ${attached.status}: ${await attached.text()}`);
  const offeringFeatureId = ((await attached.json()) as { data: { id: string }[] }).data[0]!.id;
  const dunningRule = await created(
    await post('/v2/subscriptions/dunning-rules', {
      type: 'subscription_dunning_rule',
      attributes: { payment_retry_type: 'fixed', payment_retries_limit: 5, action: 'close', default: true },
    }),
    'dunning rule',
  );
  const { invoiceId, paymentId, refundId } = await seedInvoice(container, store.right.store.id, subscription.id);
  const job = await created(
    await post('/v2/subscriptions/jobs', {
      type: 'subscription_job',
      attributes: { job_type: 'billing-run', external_ref: externalRef },
    }),
    'job',
  );
  const importForm = new FormData();
  importForm.append(
    'import_file',
    new Blob([
      `${JSON.stringify({ data: { type: 'subscription_subscriber', attributes: { account_id: accountId, name: 'Imported', email } } })}\nnot json\n`,
    ]),
    'seed.jsonl',
  );
  const imported = await send('/v2/subscriptions/imports', { method: 'POST', body: importForm });
  if (imported.status !== 201) throw new Error(`import upload answered ${imported.status}: ${await imported.text()}`);
  const importId = ((await imported.json()) as { data: { id: string } }).data.id;
  const schedule = await created(
    await post('/v2/subscriptions/schedules', {
      type: 'subscription_schedule',
      attributes: {
        specification: '30 0 * * *',
        location: 'Europe/London',
        job: { job_type: 'billing-run' },
        external_ref: externalRef,
      },
    }),
    'schedule',
  );
  // The seeding's changes are the trail's first events: the integration's creation among them.
  const auditEvent = (
    (await (await send(`/v2/audit-events?filter=eq(resource_id,${integration.id})`)).json()) as {
      data: { id: string }[];
    }
  ).data[0]!;
  // EPCC answers the mapping collection with the store's one mapping, not a list.
  const mapping = ((await (await send('/v2/merchant-realm-mappings')).json()) as { data: { id: string } }).data;
  return {
    ids: {
      storeId: store.right.store.id,
      keyId: key.id,
      mappingId: mapping.id,
      productId: product.id,
      planId: plan.id,
      offeringId: offering.id,
      offeringPlanId,
      offeringProductId,
      subscriptionId: subscription.id,
      stateId: state.id,
      invoiceId,
      paymentId,
      refundId,
      subscriberId: subscriber.id,
      prorationPolicyId: prorationPolicy.id,
      dunningRuleId: dunningRule.id,
      featureId: feature.id,
      offeringFeatureId,
      jobId: job.id,
      importId,
      scheduleId: schedule.id,
      integrationId: integration.id,
      integrationJobId: integrationJob.id,
      auditEventId: auditEvent.id,
      email,
      externalRef,
      accountId,
      accountMemberId: member.id,
      membershipId: membership.id,
      realmId,
      passwordProfileId: passwordProfile.id,
      passwordProfileInfoId: passwordProfileInfo.id,
      merchantUserId: person.id,
      clientId: key['client_id'] as string,
    },
    send,
    token,
    implicitToken: await tokenFor(url, { grant_type: 'implicit', client_id: store.right.key.clientId }),
  };
};
