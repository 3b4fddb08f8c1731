import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { RequestPaymentAttempt } from '../../../src/application/use-cases/billing/request-payment-attempt.js';
import { ChangeSubscriptionState } from '../../../src/application/use-cases/subscriptions/change-subscription-state.js';
import { buildContainer, type Persistence } from '../../../src/container.js';
import type { DunningAction } from '../../../src/domain/billing/dunning/payment-retry.js';
import { subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import type { GatewayOutcome } from '../../../src/domain/billing/payments/invoice-payment.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import type { PageRequest } from '../../../src/domain/query/page.js';
import { billingAnchorOf } from '../../../src/domain/subscriptions/subscription.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { everyRow } from '../../support/list-queries.js';
import { aDunningRule, anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);
const page = { offset: 0, limit: 100 } as PageRequest;
const resume = { type: 'subscription_state', attributes: { action: 'resume' } };

/** One monthly subscription from 1 January 2026 on the backend, its card gateway answering `answer`. */
const setup = async (persistence: Persistence, action: DunningAction) => {
  const clock = new TestClock(at('2026-01-01T00:00:00.000Z'));
  const container = buildContainer(persistence);
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  let answer: GatewayOutcome = { status: 'failed', failureReason: 'declined' };
  const card = { name: 'card', charge: async () => answer };
  container
    .rebind(TOKENS.PaymentGateways)
    .toConstantValue({ for: () => card, named: (name) => (name === 'card' ? card : undefined) });
  const store = aStore();
  await container.get(TOKENS.StoreRepository).create(storeRecords(store));
  await container.get(TOKENS.DunningRuleRepository).insert(
    aDunningRule(store.id, {
      default: true,
      payment_retry_unit: 'day',
      payment_retry_interval: 1,
      payment_retries_limit: 1,
      action,
    }),
    NO_EVENTS,
  );
  const subscriptions = container.get(TOKENS.SubscriptionRepository);
  const invoiceReads = container.get(TOKENS.InvoiceReads);
  const offering = anOffering(
    store.id,
    [aProduct(store.id, { price: { USD: { amount: 1000, includes_tax: true } } })],
    [aPlan(store.id)],
  );
  const versionId = await subscriptions.snapshotOffering(offering);
  const createdAt = at('2026-01-01T00:00:00.000Z');
  const subscription = aSubscription(offering, versionId, {
    timestamps: { createdAt, updatedAt: createdAt },
    billingAnchor: billingAnchorOf(createdAt, offering.plans[0]!.attributes),
    invoiceAfter: createdAt,
  });
  await subscriptions.insert(subscription, undefined, subscriptionsStored);
  const run = async (
    iso: string,
    kinds: readonly ('billing-run' | 'payment-run')[] = ['billing-run', 'payment-run'],
  ) => {
    clock.set(at(iso));
    for (const kind of kinds) await runJob(container, aJob(store.id, kind, at(iso)), at(iso));
  };
  const current = async () => (await subscriptions.findById(store.id, subscription.id))!.subscription;
  const billed = async () =>
    (await invoiceReads.list(store.id, everyRow([], page))).items
      .map((i) => i.billingPeriod.start.toISOString().slice(0, 10))
      .sort();
  const first = async () =>
    (await invoiceReads.list(store.id, everyRow([], page))).items.find(
      (i) => i.billingPeriod.start.getTime() === createdAt.getTime(),
    )!;
  const attempts = async () =>
    (await invoiceReads.listPayments(store.id, (await first()).id, everyRow([], page)))!.items.map((p) => p.status);
  return {
    container,
    store,
    subscription,
    clock,
    run,
    current,
    billed,
    first,
    attempts,
    answer: (next: GatewayOutcome) => {
      answer = next;
    },
    request: (id: string) => container.get(RequestPaymentAttempt).execute(store.id, id),
    changeState: (data: unknown) => container.get(ChangeSubscriptionState).execute(store.id, subscription.id, data),
  };
};

forEachBackend('Dunning that ends somewhere (use cases)', (_backend, persistence) => {
  it('suspend: retried once, then suspended and not billed; a requested attempt that pays lifts the suspension, the suspended months unbilled', async () => {
    const t = await setup(persistence(), 'suspend');
    await t.run('2026-01-01T00:00:00.000Z');
    await t.run('2026-01-01T12:00:00.000Z', ['payment-run']);
    expect(await t.attempts(), 'the retry waits one day').to.deep.equal(['failed']);
    await t.run('2026-01-02T00:00:00.000Z', ['payment-run']);
    expect(await t.attempts()).to.deep.equal(['failed', 'failed']);
    expect((await t.current()).flags.suspended).to.equal(true);
    expect(await t.first()).to.deep.include({ paymentRetriesLimitReached: true, outstanding: true });

    await t.run('2026-02-01T00:00:00.000Z');
    await t.run('2026-03-01T00:00:00.000Z');
    expect(await t.billed(), 'not billed while suspended').to.deep.equal(['2026-01-01']);
    expect(await t.attempts(), 'not retried once spent').to.have.length(2);

    const early = await t.request((await t.first()).id);
    if (E.isLeft(early)) throw new Error(JSON.stringify(early.left));
    expect(early.right.paymentRetriesLimitReached).to.equal(false);
    t.answer({ status: 'failed', failureReason: 'declined again' });
    await t.run('2026-03-05T00:00:00.000Z', ['payment-run']);
    expect(await t.attempts(), 'the requested attempt is made at once').to.deep.equal(['failed', 'failed', 'failed']);
    expect(await t.first()).to.deep.include({ paymentRetriesLimitReached: true });
    expect((await t.current()).flags.suspended).to.equal(true);

    expect(E.isRight(await t.request((await t.first()).id))).to.equal(true);
    t.answer({ status: 'succeeded', externalPaymentId: 'ch_late' });
    await t.run('2026-03-10T00:00:00.000Z', ['payment-run']);
    expect(await t.first()).to.deep.include({ outstanding: false, paymentRetriesLimitReached: true });
    const lifted = await t.current();
    expect(lifted.flags).to.deep.include({ suspended: false, canceled: false });
    expect(lifted.billableFrom).to.deep.equal(at('2026-03-10T00:00:00.000Z'));

    await t.run('2026-04-01T00:00:00.000Z', ['billing-run']);
    expect(
      await t.billed(),
      'February is never billed; March, running when it lifted, is, one invoice a run',
    ).to.deep.equal(['2026-01-01', '2026-03-01']);
    await t.run('2026-04-01T00:00:00.000Z', ['billing-run']);
    expect(await t.billed(), 'April at the next run').to.deep.equal(['2026-01-01', '2026-03-01', '2026-04-01']);
  });

  it('refuses a requested attempt while retries are left (422), once paid (409), and for an unknown invoice (404)', async () => {
    const t = await setup(persistence(), 'suspend');
    await t.run('2026-01-01T00:00:00.000Z');
    const left = await t.request((await t.first()).id);
    expect(E.isLeft(left) && left.left).to.deep.include({ _tag: 'Unprocessable', code: 'payment_retries_left' });
    t.answer({ status: 'succeeded' });
    await t.run('2026-01-02T00:00:00.000Z', ['payment-run']);
    const paid = await t.request((await t.first()).id);
    expect(E.isLeft(paid) && paid.left).to.deep.include({ _tag: 'Conflict', code: 'invoice_paid' });
    for (const id of [randomIds.uuid(), 'not-a-uuid'])
      expect(await t.request(id)).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'invoice not found' }));
  });

  it('close: resume is refused while the invoice is unpaid, allowed once it is paid, and the closed months are not billed', async () => {
    const t = await setup(persistence(), 'close');
    await t.run('2026-01-01T00:00:00.000Z');
    await t.run('2026-01-02T00:00:00.000Z', ['payment-run']);
    expect((await t.current()).flags.canceled).to.equal(true);
    await t.run('2026-02-01T00:00:00.000Z');

    const refused = await t.changeState(resume);
    expect(E.isLeft(refused) && refused.left).to.deep.include({ _tag: 'Unprocessable', code: 'invoice_unpaid' });
    expect((await t.current()).flags.canceled).to.equal(true);

    expect(E.isRight(await t.request((await t.first()).id))).to.equal(true);
    t.answer({ status: 'succeeded', externalPaymentId: 'ch_late' });
    await t.run('2026-02-10T00:00:00.000Z', ['payment-run']);
    expect((await t.current()).flags.canceled, 'paying does not resume by itself').to.equal(true);

    const resumed = await t.changeState(resume);
    if (E.isLeft(resumed)) throw new Error(JSON.stringify(resumed.left));
    expect(resumed.right).to.deep.include({ action: 'resume' });
    expect(resumed.right.flags).to.deep.include({ canceled: false, closed: false });
    const now = await t.current();
    expect(now.timestamps.endDate).to.equal(undefined);
    expect(now.billableFrom).to.deep.equal(at('2026-02-10T00:00:00.000Z'));
    // EPCC: the dunning close made it `inactive`; it stays so until a payment succeeds after the resume.
    expect((await t.current()).inactive).to.equal(true);
    // Two periods behind (February, running at the resume, and March): one invoice a run.
    await t.run('2026-03-01T00:00:00.000Z', ['billing-run']);
    expect(await t.billed()).to.deep.equal(['2026-01-01', '2026-02-01']);
    await t.run('2026-03-01T00:00:00.000Z', ['billing-run']);
    expect(await t.billed()).to.deep.equal(['2026-01-01', '2026-02-01', '2026-03-01']);
    const again = await t.changeState(resume);
    expect(E.isLeft(again) && again.left).to.deep.include({ code: 'state_transition_not_allowed' });
  });

  it('a cancellation by the merchant, with no invoice past its retries, still cannot be resumed', async () => {
    const t = await setup(persistence(), 'close');
    t.answer({ status: 'succeeded' });
    await t.run('2026-01-01T00:00:00.000Z');
    expect(E.isRight(await t.changeState({ type: 'subscription_state', attributes: { action: 'cancel' } }))).to.equal(
      true,
    );
    const refused = await t.changeState(resume);
    expect(E.isLeft(refused) && refused.left).to.deep.include({
      _tag: 'Unprocessable',
      code: 'state_transition_not_allowed',
    });
  });
});
