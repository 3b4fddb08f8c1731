import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { buildContainer } from '../../../src/container.js';
import { stateApplied, subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import { NO_EVENTS } from '../../../src/domain/events/domain-event.js';
import type { PageRequest } from '../../../src/domain/query/page.js';
import { billingAnchorOf } from '../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../support/backends.js';
import { aJob, runJob } from '../../support/billing-runs.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { everyRow } from '../../support/list-queries.js';
import { aDunningRule, anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';
import { TestClock } from '../../support/system-fakes.js';

const at = (iso: string) => new Date(iso);

/** A pause by dunning is a pause like a merchant's: the months it lasts are never billed, even after a resume. */
forEachBackend('A subscription paused by dunning', (_backend, persistence) => {
  it('is billed, once resumed, for the period in which it resumed, and not for the months it stayed paused', async () => {
    const clock = new TestClock(at('2026-01-01T00:00:00.000Z'));
    const container = buildContainer(persistence());
    container.rebind(TOKENS.Clock).toConstantValue(clock);
    // A card gateway that declines every charge.
    const declining = { name: 'card', charge: async () => ({ status: 'failed' as const, failureReason: 'declined' }) };
    container
      .rebind(TOKENS.PaymentGateways)
      .toConstantValue({ for: () => declining, named: (name) => (name === 'card' ? declining : undefined) });
    const store = aStore();
    await container.get(TOKENS.StoreRepository).create(storeRecords(store));
    await container
      .get(TOKENS.DunningRuleRepository)
      .insert(aDunningRule(store.id, { default: true, payment_retries_limit: 0, action: 'pause' }), NO_EVENTS);
    const subscriptions = container.get(TOKENS.SubscriptionRepository);
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

    await run('2026-01-01T00:00:00.000Z');
    const dunned = (await subscriptions.findById(store.id, subscription.id))!.subscription;
    expect(dunned.flags.paused, 'the one attempt allowed failed: paused').to.equal(true);
    await run('2026-02-01T00:00:00.000Z');
    await run('2026-03-01T00:00:00.000Z');
    const resumed = await subscriptions.applyState(
      store.id,
      subscription.id,
      (s, o) => applyStateAction(s, o.plans[0]!.attributes, 'resume', at('2026-03-15T00:00:00.000Z'), randomIds.uuid()),
      stateApplied,
    );
    expect(E.isRight(resumed)).to.equal(true);
    const billed = async () =>
      (await container.get(TOKENS.InvoiceReads).list(store.id, everyRow())).items
        .map((i) => i.billingPeriod.start.toISOString())
        .sort();
    // One invoice a run (EPCC): the oldest period not paused throughout, March, in which it resumed ...
    await run('2026-04-01T00:00:00.000Z', ['billing-run']);
    expect(await billed()).to.deep.equal(['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    // ... then April, at the next run.
    await run('2026-04-01T00:00:00.000Z', ['billing-run']);
    expect(await billed()).to.deep.equal([
      '2026-01-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
    const history = await subscriptions.listStates(store.id, subscription.id, { offset: 0, limit: 10 } as PageRequest);
    expect(history?.items.map((state) => state.action)).to.deep.equal(['pause', 'resume']);
  });
});
