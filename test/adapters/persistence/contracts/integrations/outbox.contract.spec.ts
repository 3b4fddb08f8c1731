import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { INTEGRATION_TOKENS } from '../../../../../src/application/integration-tokens.js';
import type { ClaimedDelivery } from '../../../../../src/application/ports/integrations/delivery-repository.js';
import type { UpdatedSubscription } from '../../../../../src/application/ports/subscriptions/subscription-repository.js';
import { withFirstInvoice } from '../../../../../src/domain/billing/invoices/first-invoice.js';
import { stateApplied, subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { DeliveryLog } from '../../../../../src/domain/integrations/delivery.js';
import { DELIVERY_LIST, LOG_LIST } from '../../../../../src/domain/integrations/integration-query.js';
import type { Job } from '../../../../../src/domain/jobs/job.js';
import { JOB_EVENTS } from '../../../../../src/domain/jobs/job-events.js';
import { unprocessable } from '../../../../../src/domain/shared/errors.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { entitlementsChanged } from '../../../../../src/domain/subscriptions/subscriber-events.js';
import { applyStateAction } from '../../../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { aFeatureCopy, withFeatures } from '../../../../support/featured-offerings.js';
import { anIntegration } from '../../../../support/integration-builders.js';
import { aJob, at } from '../../../../support/job-builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../../support/subscription-builders.js';

forEachBackend('Outbox and delivery repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const product = aProduct(store.id);
    const plan = aPlan(store.id);
    await ports.products.insert(product, NO_EVENTS);
    await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], [plan]);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    const integrations = ports.container.get(INTEGRATION_TOKENS.IntegrationRepository);
    const deliveries = ports.container.get(INTEGRATION_TOKENS.DeliveryRepository);
    const jobsOf = async (integrationId: Uuid) =>
      (await integrations.listDeliveries(store.id, integrationId, listQuery(DELIVERY_LIST, { limit: 100 }))).items;
    return { ...ports, store, other, offering, versionId, integrations, deliveries, jobsOf };
  };
  const later = (ms: number) => new Date(Date.now() + ms);
  const logOf = (claim: ClaimedDelivery, succeeded: boolean): DeliveryLog => ({
    id: randomIds.uuid(),
    storeId: claim.event.storeId,
    integrationId: claim.integration.id,
    deliveryId: claim.delivery.id,
    attempt: claim.delivery.attempts,
    succeeded,
    ...(succeeded ? { statusCode: 200 } : { statusCode: 500, errorDetail: 'outside 2xx' }),
    body: succeeded ? 'ok' : 'nope',
    durationMs: 12,
    // Later attempts are logged later, so that newest first is one order on every backend.
    createdAt: new Date(Date.now() + claim.delivery.attempts * 10),
  });

  it('writes subscription.created and the first invoice event with the change, one job per observing enabled integration', async () => {
    const { store, offering, versionId, integrations, subscriptions, jobsOf, deliveries } = await setup();
    const both = anIntegration(store.id, { observes: ['subscription.created', 'subscription-invoice.created'] });
    const created = anIntegration(store.id, { observes: ['subscription.created', 'order.created'] });
    const off = anIntegration(store.id, { enabled: false, observes: ['subscription.created'] });
    const unrelated = anIntegration(store.id, { observes: ['subscription.paused'] });
    for (const i of [both, created, off, unrelated]) await integrations.insert(i);
    const { subscription, firstInvoice: invoice } = withFirstInvoice(
      aSubscription(offering, versionId),
      offering,
      offering.plans[0]!.attributes,
      { id: randomIds.uuid(), now: new Date() },
    );
    expect(invoice, 'the plan bills its first period at once').to.not.equal(undefined);
    await subscriptions.insert(subscription, invoice, subscriptionsStored);
    expect((await jobsOf(both.id)).map((j) => j.key).sort()).to.deep.equal([
      'subscription-invoice.created',
      'subscription.created',
    ]);
    expect((await jobsOf(created.id)).map((j) => [j.key, j.status, j.attempts])).to.deep.equal([
      ['subscription.created', 'pending', 0],
    ]);
    expect(await jobsOf(off.id)).to.deep.equal([]);
    expect(await jobsOf(unrelated.id)).to.deep.equal([]);
    const claimed = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    expect(claimed).to.have.length(3);
    const invoiceEvent = claimed.find((c) => c.event.key === 'subscription-invoice.created')?.event;
    expect((invoiceEvent!.payload as { data: { id: string } }).data.id).to.equal(invoice!.id);
    const event = claimed.find((c) => c.integration.id === created.id)?.event;
    expect(event?.key).to.equal('subscription.created');
    expect((event!.payload as { data: { id: string; type: string } }).data).to.deep.include({
      id: subscription.id,
      type: 'subscription',
    });
  });

  it('writes subscription-job.updated with the job as stored when it finishes, where an integration observes it', async () => {
    const { store, other, integrations, jobs, jobsOf, deliveries } = await setup();
    const watching = anIntegration(store.id, { observes: ['subscription-job.updated'] });
    await integrations.insert(watching);
    const finishIn = async (storeId: Uuid) => {
      await jobs.insert(aJob(storeId, { createdAt: at(0), updatedAt: at(0) }), NO_EVENTS);
      const claimed = (await jobs.claimNext({ storeId, lane: 'billing-run' }, at(10), 60_000)) as Job;
      const claim = { id: claimed.id, storeId, jobType: claimed.jobType, startedAt: claimed.startedAt as Date };
      const report = { invoices_ready_for_payment: 1, total_ready_for_payment: { USD: { amount: 100 } } };
      await jobs.finish(claim, { status: 'success', report }, at(20), 60_000, (job) => [JOB_EVENTS.updated(job)]);
      return claimed.id;
    };
    const finished = await finishIn(store.id);
    // A store without integrations finishes its job the same, and writes no event.
    await finishIn(other.id);
    expect((await jobsOf(watching.id)).map((j) => j.key)).to.deep.equal(['subscription-job.updated']);
    const claimed = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    expect(claimed).to.have.length(1);
    const data = (claimed[0]!.event.payload as { data: { id: string; attributes: Record<string, unknown> } }).data;
    expect(data.id).to.equal(finished);
    expect(data.attributes).to.deep.include({ status: 'success' });
  });

  it('writes nothing for a change that is refused or fails, nor for a store without integrations', async () => {
    const { store, other, offering, versionId, integrations, subscriptions, jobsOf } = await setup();
    const watching = anIntegration(store.id, { observes: ['subscription.created', 'subscription.paused'] });
    await integrations.insert(watching);
    const subscription = aSubscription(offering, versionId);
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    expect(await jobsOf(watching.id)).to.have.length(1);
    // The same id again: the insert fails and rolls back, its event with it.
    let failed = false;
    await subscriptions.insert(subscription, undefined, subscriptionsStored).catch(() => (failed = true));
    expect(failed).to.equal(true);
    const refused = await subscriptions.applyState(
      store.id,
      subscription.id,
      () => E.left(unprocessable('no', 'state_transition_not_allowed')),
      stateApplied,
    );
    expect(E.isLeft(refused)).to.equal(true);
    expect(await jobsOf(watching.id)).to.have.length(1);
    const paused = await subscriptions.applyState(
      store.id,
      subscription.id,
      (s, o) => applyStateAction(s, o.plans[0]!.attributes, 'pause', new Date(), randomIds.uuid()),
      stateApplied,
    );
    expect(E.isRight(paused)).to.equal(true);
    expect((await jobsOf(watching.id)).map((j) => j.key).sort()).to.deep.equal([
      'subscription.created',
      'subscription.paused',
    ]);
    expect((await integrations.listLogs(other.id, {}, listQuery(LOG_LIST))).total).to.equal(0);
  });

  it('writes subscription-subscriber.entitlements_changed with each change that moves what a subscription grants, and with no other', async () => {
    const { store, offering, subscriptions, integrations, jobsOf } = await setup();
    const watching = anIntegration(store.id, { observes: ['subscription-subscriber.entitlements_changed'] });
    await integrations.insert(watching);
    const library = aFeatureCopy({ type: 'access', tag: 'library' });
    const two = {
      ...offering,
      version: 2,
      products: [...offering.products, { ...offering.products[0]!, id: randomIds.uuid() }],
    };
    const featured = withFeatures(two, [library], [{ [library.id]: { type: 'access' } }]);
    const versionId = await subscriptions.snapshotOffering(featured);
    const subscription = aSubscription(featured, versionId);
    const count = async () => (await jobsOf(watching.id)).length;
    await subscriptions.insert(subscription, undefined, subscriptionsStored);
    expect(await count(), 'made live with a plan that configures a feature').to.equal(1);
    const act = (action: 'pause' | 'resume') =>
      subscriptions.applyState(
        store.id,
        subscription.id,
        (s, o) => applyStateAction(s, o.plans[0]!.attributes, action, new Date(), randomIds.uuid()),
        stateApplied,
      );
    expect(E.isRight(await act('pause'))).to.equal(true);
    expect(await count(), 'paused').to.equal(2);
    expect(E.isRight(await act('resume'))).to.equal(true);
    expect(await count(), 'resumed').to.equal(3);
    const moved = ({ previous, subscription: after, offering: o }: UpdatedSubscription) =>
      entitlementsChanged(previous, after, o, after.timestamps.updatedAt);
    const renamed = await subscriptions.update(
      store.id,
      subscription.id,
      (s) => E.right({ ...s, name: 'Grace' }),
      moved,
    );
    expect(E.isRight(renamed)).to.equal(true);
    const refused = await subscriptions.update(
      store.id,
      subscription.id,
      () => E.left(unprocessable('no', 'state_transition_not_allowed')),
      () => {
        throw new Error('a refused change makes no events');
      },
    );
    expect(E.isLeft(refused)).to.equal(true);
    expect(await count(), 'renamed, or refused').to.equal(3);
    const other = featured.products[1]!.id;
    const held = await subscriptions.update(
      store.id,
      subscription.id,
      (s) => E.right({ ...s, productIds: [other] }),
      moved,
    );
    expect(E.isRight(held)).to.equal(true);
    expect((await jobsOf(watching.id)).map((j) => j.key)).to.deep.equal(
      Array(4).fill('subscription-subscriber.entitlements_changed'),
    );
  });

  it('claims each attempt once, even when claimers race; a lease that runs out makes it due again', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    for (let n = 0; n < 6; n += 1)
      await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    // A second container on the same storage: another instance.
    const second = portsOf(persistence()).container.get(INTEGRATION_TOKENS.DeliveryRepository);
    const now = later(1000);
    const [a, b] = await Promise.all([
      deliveries.claimDue(now, 10, 30_000, new Map(), 8),
      second.claimDue(now, 10, 30_000, new Map(), 8),
    ]);
    const ids = [...a, ...b].map((c) => c.delivery.id);
    expect(ids).to.have.length(6);
    expect(new Set(ids).size).to.equal(6);
    expect([...a, ...b].every((c) => c.delivery.attempts === 1)).to.equal(true);
    expect(await deliveries.claimDue(later(2000), 10, 30_000, new Map(), 8)).to.deep.equal([]);
    const again = await deliveries.claimDue(later(40_000), 10, 30_000, new Map(), 8);
    expect(again.map((c) => c.delivery.attempts)).to.deep.equal([2, 2, 2, 2, 2, 2]);
    expect(await deliveries.claimDue(later(40_000), 10, 30_000, new Map([[integration.id, 8]]), 8)).to.deep.equal([]);
  });

  it('records an attempt with its log; a retry is due when set; a stale claim records nothing; success and failure end it', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries, jobsOf } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const [first] = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    await deliveries.recordAttempts([
      { claim: first!, log: logOf(first!, false), outcome: { status: 'pending', nextAttemptAt: later(5000) } },
    ]);
    expect(await deliveries.claimDue(later(4000), 10, 30_000, new Map(), 8)).to.deep.equal([]);
    const [second] = await deliveries.claimDue(later(6000), 10, 30_000, new Map(), 8);
    expect(second?.delivery.attempts).to.equal(2);
    // The first attempt's claim is stale now: recording it again changes nothing.
    await deliveries.recordAttempts([{ claim: first!, log: logOf(first!, true), outcome: { status: 'succeeded' } }]);
    expect((await jobsOf(integration.id))[0]?.status).to.equal('pending');
    await deliveries.recordAttempts([{ claim: second!, log: logOf(second!, true), outcome: { status: 'succeeded' } }]);
    const [job] = await jobsOf(integration.id);
    expect([job?.status, job?.attempts, job?.nextAttemptAt]).to.deep.equal(['succeeded', 2, undefined]);
    const logs = await integrations.listLogs(
      store.id,
      { integrationId: integration.id, deliveryId: job!.id },
      listQuery(LOG_LIST),
    );
    expect(logs.items.map((l) => [l.attempt, l.succeeded, l.statusCode])).to.deep.equal([
      [2, true, 200],
      [1, false, 500],
    ]);
    expect(await deliveries.claimDue(later(100_000), 10, 30_000, new Map(), 8)).to.deep.equal([]);
  });

  it('records a batch of attempts in one call, leaving out those whose claim is stale', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries, jobsOf } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    for (let n = 0; n < 4; n += 1)
      await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const [ok, ok2, retry] = (await deliveries.claimDue(later(1000), 3, 30_000, new Map(), 8)) as [
      ClaimedDelivery,
      ClaimedDelivery,
      ClaimedDelivery,
    ];
    // The fourth is claimed with a lease that runs out at once, and claimed again before its first attempt is recorded.
    const [stale] = (await deliveries.claimDue(later(1000), 1, 0, new Map(), 8)) as [ClaimedDelivery];
    const [fresh] = await deliveries.claimDue(later(2000), 1, 30_000, new Map(), 8);
    expect([fresh?.delivery.id, fresh?.delivery.attempts]).to.deep.equal([stale.delivery.id, 2]);
    await deliveries.recordAttempts([
      { claim: ok, log: logOf(ok, true), outcome: { status: 'succeeded' } },
      { claim: ok2, log: logOf(ok2, true), outcome: { status: 'succeeded' } },
      { claim: retry, log: logOf(retry, false), outcome: { status: 'pending', nextAttemptAt: later(50_000) } },
      { claim: stale, log: logOf(stale, true), outcome: { status: 'succeeded' } },
    ]);
    const jobs = new Map((await jobsOf(integration.id)).map((j) => [j.id, j]));
    expect(jobs.get(ok.delivery.id)?.status).to.equal('succeeded');
    expect(jobs.get(ok2.delivery.id)?.status).to.equal('succeeded');
    expect(jobs.get(retry.delivery.id)?.status).to.equal('pending');
    expect([jobs.get(stale.delivery.id)?.status, jobs.get(stale.delivery.id)?.attempts]).to.deep.equal(['pending', 2]);
    expect((await integrations.listLogs(store.id, {}, listQuery(LOG_LIST))).total).to.equal(3);
  });

  it('logs every attempt of a batch with its own outcome, over several integrations and attempts', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries, jobsOf } = await setup();
    const [a, b] = [anIntegration(store.id), anIntegration(store.id)];
    for (const i of [a, b]) await integrations.insert(i);
    for (let n = 0; n < 3; n += 1)
      await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const firsts = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    expect(firsts).to.have.length(6);
    const retryAt = later(5000);
    // Every first attempt fails and is due again; the second attempts of two of them then go in one batch too.
    await deliveries.recordAttempts(
      firsts.map((claim) => ({
        claim,
        log: logOf(claim, false),
        outcome: { status: 'pending', nextAttemptAt: retryAt },
      })),
    );
    const seconds = await deliveries.claimDue(later(6000), 2, 30_000, new Map(), 8);
    const [won, lost] = seconds as [ClaimedDelivery, ClaimedDelivery];
    await deliveries.recordAttempts([
      { claim: won, log: logOf(won, true), outcome: { status: 'succeeded' } },
      { claim: lost, log: logOf(lost, false), outcome: { status: 'failed' } },
    ]);
    const logs = (await integrations.listLogs(store.id, {}, listQuery(LOG_LIST, { limit: 100 }))).items;
    expect(logs).to.have.length(8);
    for (const claim of [...firsts, won, lost]) {
      const log = logs.find((l) => l.deliveryId === claim.delivery.id && l.attempt === claim.delivery.attempts);
      const succeeded = claim === won;
      expect([log?.integrationId, log?.succeeded, log?.statusCode, log?.durationMs]).to.deep.equal([
        claim.integration.id,
        succeeded,
        succeeded ? 200 : 500,
        12,
      ]);
    }
    const jobs = new Map([...(await jobsOf(a.id)), ...(await jobsOf(b.id))].map((j) => [j.id, j]));
    expect([jobs.get(won.delivery.id)?.status, jobs.get(lost.delivery.id)?.status]).to.deep.equal([
      'succeeded',
      'failed',
    ]);
    const waiting = firsts.filter(
      (c) => c !== won && c !== lost && !seconds.some((s) => s.delivery.id === c.delivery.id),
    );
    expect(
      waiting.map((c) => [jobs.get(c.delivery.id)?.status, jobs.get(c.delivery.id)?.nextAttemptAt?.getTime()]),
    ).to.deep.equal(waiting.map(() => ['pending', retryAt.getTime()]));
  });

  it('writes nothing of a batch that cannot be written whole: its deliveries are claimed again once their claims run out', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries, jobsOf } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    for (let n = 0; n < 3; n += 1)
      await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const claimed = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    const records = claimed.map((claim) => ({
      claim,
      log: logOf(claim, true),
      outcome: { status: 'succeeded' as const },
    }));
    // The last log reuses the first one's id: its insert breaks the primary key, and the batch with it.
    const broken = [
      ...records.slice(0, -1),
      { ...records.at(-1)!, log: { ...records.at(-1)!.log, id: records[0]!.log.id } },
    ];
    let refused = false;
    await deliveries.recordAttempts(broken).catch(() => (refused = true));
    expect(refused).to.equal(true);
    expect((await integrations.listLogs(store.id, {}, listQuery(LOG_LIST))).total).to.equal(0);
    expect((await jobsOf(integration.id)).map((j) => [j.status, j.attempts])).to.deep.equal(
      claimed.map(() => ['pending', 1]),
    );
    expect(await deliveries.claimDue(later(2000), 10, 30_000, new Map(), 8)).to.deep.equal([]);
    const again = await deliveries.claimDue(later(40_000), 10, 30_000, new Map(), 8);
    expect(again.map((c) => [c.delivery.id, c.delivery.attempts]).sort()).to.deep.equal(
      claimed.map((c) => [c.delivery.id, 2]).sort(),
    );
  });

  it('counts pending deliveries due now and later, each up to the cap, and none that are over', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries } = await setup();
    await integrations.insert(anIntegration(store.id));
    for (let n = 0; n < 4; n += 1)
      await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    expect(await deliveries.countPending(later(1000), 10)).to.deep.equal({ dueNow: 4, dueLater: 0 });
    expect(await deliveries.countPending(later(1000), 3), 'capped').to.deep.equal({ dueNow: 3, dueLater: 0 });
    const [succeeded, retried, failed] = (await deliveries.claimDue(later(1000), 3, 30_000, new Map(), 8)) as [
      ClaimedDelivery,
      ClaimedDelivery,
      ClaimedDelivery,
    ];
    expect(await deliveries.countPending(later(1000), 10), 'claimed ones are due later').to.deep.equal({
      dueNow: 1,
      dueLater: 3,
    });
    await deliveries.recordAttempts([
      { claim: succeeded, log: logOf(succeeded, true), outcome: { status: 'succeeded' } },
      { claim: retried, log: logOf(retried, false), outcome: { status: 'pending', nextAttemptAt: later(5000) } },
      { claim: failed, log: logOf(failed, false), outcome: { status: 'failed' } },
    ]);
    expect(await deliveries.countPending(later(1000), 10)).to.deep.equal({ dueNow: 1, dueLater: 1 });
    expect(await deliveries.countPending(later(6000), 10), 'the retry falls due').to.deep.equal({
      dueNow: 2,
      dueLater: 0,
    });
    expect(await deliveries.countPending(later(6000), 1)).to.deep.equal({ dueNow: 1, dueLater: 0 });
  });

  it('purges logs, finished jobs and their events older than the cut, and keeps pending ones', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries, jobsOf } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const [done, open] = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    await deliveries.recordAttempts([{ claim: done!, log: logOf(done!, true), outcome: { status: 'succeeded' } }]);
    await deliveries.recordAttempts([
      { claim: open!, log: logOf(open!, false), outcome: { status: 'pending', nextAttemptAt: later(60_000) } },
    ]);
    await deliveries.purge(new Date(Date.now() - 60_000));
    expect(await jobsOf(integration.id)).to.have.length(2);
    await deliveries.purge(later(10_000));
    expect((await jobsOf(integration.id)).map((j) => j.id)).to.deep.equal([open!.delivery.id]);
    expect((await integrations.listLogs(store.id, {}, listQuery(LOG_LIST))).total).to.equal(0);
    const [retried] = await deliveries.claimDue(later(120_000), 10, 30_000, new Map(), 8);
    expect(retried?.event.id).to.equal(open!.event.id);
  });

  it('takes the jobs and logs of a deleted integration with it', async () => {
    const { store, offering, versionId, integrations, subscriptions, deliveries } = await setup();
    const integration = anIntegration(store.id);
    await integrations.insert(integration);
    await subscriptions.insert(aSubscription(offering, versionId), undefined, subscriptionsStored);
    const [claim] = await deliveries.claimDue(later(1000), 10, 30_000, new Map(), 8);
    await deliveries.recordAttempts([
      { claim: claim!, log: logOf(claim!, false), outcome: { status: 'pending', nextAttemptAt: later(2000) } },
    ]);
    await integrations.delete(store.id, integration.id);
    expect(await deliveries.claimDue(later(100_000), 10, 30_000, new Map(), 8)).to.deep.equal([]);
    expect((await integrations.listLogs(store.id, {}, listQuery(LOG_LIST))).total).to.equal(0);
  });
});
