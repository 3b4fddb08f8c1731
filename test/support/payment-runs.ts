import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../src/adapters/system/system-module.js';
import { pendingPayment } from '../../src/application/use-cases/billing/run-payments.js';
import { DEFAULT_RETRY_POLICY, type DunningAction } from '../../src/domain/billing/dunning/payment-retry.js';
import { subscriptionsStored } from '../../src/domain/billing/invoices/first-invoice-events.js';
import type { Invoice } from '../../src/domain/billing/invoices/invoice.js';
import { invoicesCreated } from '../../src/domain/billing/invoices/invoice-events.js';
import { invoiceDraft } from '../../src/domain/billing/invoices/invoice-items.js';
import { completedAttempt } from '../../src/domain/billing/payments/gateway-attempt.js';
import type { InvoicePayment } from '../../src/domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../src/domain/billing/payments/refund.js';
import { NO_EVENTS } from '../../src/domain/events/domain-event.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import type { Subscription } from '../../src/domain/subscriptions/subscription.js';
import { aStore, storeRecords } from './builders.js';
import type { portsOf } from './ports.js';
import { aDunningRule, anOffering, aPlan, aProduct, aSubscription } from './subscription-builders.js';

const at = (iso: string) => new Date(iso);

/** The period each payment-run test's invoice bills, February, invoiced on 1 March. */
const FEBRUARY = { start: at('2026-02-01T00:00:00.000Z'), end: at('2026-03-01T00:00:00.000Z'), trial: false };
const INVOICED_AT = at('2026-03-01T00:00:00.000Z');

/**
 * A store on `ports` selling one product under one plan, with a default dunning rule when `rule` is given;
 * `subscribed` stores a subscription to it with its February invoice, due for payment (no tax run needed).
 */
export const aPayingStore = async (
  ports: ReturnType<typeof portsOf>,
  rule?: { readonly limit: number; readonly action: DunningAction },
) => {
  const store = aStore();
  await ports.stores.create(storeRecords(store));
  if (rule !== undefined)
    await ports.dunningRules.insert(
      aDunningRule(store.id, { default: true, payment_retries_limit: rule.limit, action: rule.action }),
      NO_EVENTS,
    );
  const product = aProduct(store.id);
  const plan = aPlan(store.id);
  await ports.products.insert(product, NO_EVENTS);
  await ports.plans.insert(plan, NO_EVENTS);
  const offering = anOffering(store.id, [product], [plan]);
  await ports.offerings.insert(offering, NO_EVENTS);
  const versionId = await ports.subscriptions.snapshotOffering(offering);

  const subscribed = async (
    overrides: Partial<Subscription> = {},
  ): Promise<{ subscription: Subscription; invoice: Invoice }> => {
    const subscription = aSubscription(offering, versionId, overrides);
    await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
    const draft = invoiceDraft(subscription, offering, FEBRUARY, {
      id: randomIds.uuid(),
      jobId: randomIds.uuid(),
      now: INVOICED_AT,
    });
    if (E.isLeft(draft)) throw new Error(draft.left);
    const [invoice] = await ports.billingRuns.insertInvoices(
      store.id,
      [{ ...draft.right, taxRequired: false }],
      invoicesCreated,
    );
    return { subscription, invoice: invoice! };
  };
  return { store, subscribed };
};

/** The invoice paid in full by a manual payment that a run began and that was taken at `now`. */
export const aTakenPayment = async (
  ports: ReturnType<typeof portsOf>,
  storeId: Uuid,
  invoiceId: Uuid,
  now: Date,
): Promise<InvoicePayment> => {
  const runId = randomIds.uuid();
  const begun = await ports.paymentRuns.beginAttempt(storeId, invoiceId, runId, (current) =>
    E.right(pendingPayment(current, { id: runId }, randomIds.uuid(), 'manual', now)),
  );
  if (E.isLeft(begun)) throw new Error('the payment was not begun');
  const taken = await ports.paymentRuns.settle(
    storeId,
    invoiceId,
    begun.right.id,
    (invoice, payment) => completedAttempt(invoice, payment, { status: 'succeeded' }, DEFAULT_RETRY_POLICY, now),
    { retriesSpent: () => undefined, paid: () => undefined },
  );
  if (E.isLeft(taken)) throw new Error('the payment was not taken');
  return taken.right.payment;
};

/** A payment `gateway` took for `invoice` under the key `id`, its reference `externalPaymentId`, as a payment run records it. */
export const aGatewayPayment = (
  invoice: Invoice,
  gateway: string,
  id: Uuid,
  amount: number,
  externalPaymentId: string,
): InvoicePayment => {
  const at = new Date();
  return {
    id,
    storeId: invoice.storeId,
    invoiceId: invoice.id,
    subscriptionId: invoice.subscriptionId,
    jobId: randomIds.uuid(),
    gateway,
    status: 'succeeded',
    amount,
    currency: 'USD',
    includesTax: true,
    externalPaymentId,
    createdAt: at,
    updatedAt: at,
    paymentTakenAt: at,
    amountRefunded: 0,
  };
};

/** A refund of `amount` of `payment`, pending, as a refund request stores it before its gateway is asked. */
export const aPendingRefund = (
  payment: InvoicePayment,
  amount: number,
  id: Uuid = randomIds.uuid(),
): PaymentRefund => ({
  id,
  storeId: payment.storeId,
  invoiceId: payment.invoiceId,
  paymentId: payment.id,
  subscriptionId: payment.subscriptionId,
  amount,
  currency: payment.currency,
  reason: 'test',
  status: 'pending',
  gateway: payment.gateway,
  createdAt: new Date(),
});

/** A paying store whose subscription's February invoice is paid by a manual payment taken on 3 March, `now`. */
export const aStoreWithATakenPayment = async (ports: ReturnType<typeof portsOf>) => {
  const { store, subscribed } = await aPayingStore(ports);
  const { invoice } = await subscribed({ manualPayments: true });
  const now = at('2026-03-03T00:00:00.000Z');
  const payment = await aTakenPayment(ports, store.id, invoice.id, now);
  return { store, invoice, payment, now };
};
