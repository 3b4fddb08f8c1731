import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { RunBilling } from '../../../../../src/application/use-cases/billing/run-billing.js';
import { stateApplied, subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { PlanAttributes } from '../../../../../src/domain/catalogue/plan.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import type { Job } from '../../../../../src/domain/jobs/job.js';
import type { PageRequest } from '../../../../../src/domain/query/page.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import type { StateAction, Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { everyRow } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../../support/subscription-builders.js';

const at = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const page = { offset: 0, limit: 100 } as PageRequest;

/** What a billing run sees of a subscription's past, and what runs make of it, on every backend. */
forEachBackend('Billing history contract', (_backend, persistence) => {
  const setup = async (...plans: ReadonlyArray<Partial<PlanAttributes>>) => {
    const ports = portsOf(persistence());
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    const product = aProduct(store.id);
    await ports.products.insert(product, NO_EVENTS);
    const offeringPlans = plans.map((attributes) => aPlan(store.id, attributes));
    for (const plan of offeringPlans) await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], offeringPlans);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    const subscribe = async (start: string, overrides: Partial<Subscription> = {}) => {
      const createdAt = at(start);
      const subscription = aSubscription(offering, versionId, {
        timestamps: { createdAt, updatedAt: createdAt },
        invoiceAfter: createdAt,
        ...overrides,
      });
      await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
      return subscription;
    };
    const act = async (id: Uuid, action: StateAction, when: string) => {
      const applied = await ports.subscriptions.applyState(
        store.id,
        id,
        (s, o) =>
          applyStateAction(s, o.plans.find((p) => p.id === s.planId)!.attributes, action, at(when), randomIds.uuid()),
        stateApplied,
      );
      expect(E.isRight(applied), `${action} on ${when}`).to.equal(true);
    };
    const changePlan = async (id: Uuid, index: number) => {
      const changed = await ports.subscriptions.update(store.id, id, (s) =>
        E.right({ ...s, planId: offering.plans[index]!.id }),
      );
      expect(E.isRight(changed)).to.equal(true);
    };
    const bill = async (when: string) => {
      const job: Job = {
        id: randomIds.uuid(),
        storeId: store.id,
        jobType: 'billing-run',
        status: 'started',
        createdAt: at(when),
        updatedAt: at(when),
      };
      await ports.container.get(RunBilling).run({ job, startedAt: at(when), heartbeat: async () => {} });
    };
    const billed = async (id: Uuid) =>
      (
        await ports.invoiceReads.list(store.id, everyRow([{ op: 'eq', field: 'subscription_id', value: id }], page))
      ).items
        .map((i) => [i.billingPeriod.start.toISOString().slice(0, 10), i.billingPeriod.end.toISOString().slice(0, 10)])
        .sort(([a], [b]) => (a! < b! ? -1 : 1));
    return { ...ports, store, subscribe, act, changePlan, bill, billed };
  };

  it('a batch gives every pause of an ever-paused subscription, in order, and none for the others', async () => {
    const { billingRuns, store, subscribe, act } = await setup({});
    const paused = await subscribe('2026-01-01');
    const never = await subscribe('2026-01-01');
    await act(paused.id, 'pause', '2026-01-25');
    await act(paused.id, 'resume', '2026-02-05');
    await act(paused.id, 'pause', '2026-02-10');
    await act(paused.id, 'resume', '2026-02-15');
    await act(paused.id, 'pause', '2026-03-10');
    const batch = await billingRuns.billingBatch(store.id, undefined, 10);
    const pauses = new Map(
      batch.items.map((c) => [
        c.subscription.id,
        (c.history.pauses ?? []).map((g) => [g.from.toISOString().slice(0, 10), g.until?.toISOString().slice(0, 10)]),
      ]),
    );
    expect(pauses.get(paused.id)).to.deep.equal([
      ['2026-01-25', '2026-02-05'],
      ['2026-02-10', '2026-02-15'],
      ['2026-03-10', undefined],
    ]);
    expect(pauses.get(never.id)).to.deep.equal([]);
  });

  it('bills the period a subscription resumed in, whatever second pause came within it (EPCC: no free time after a resume)', async () => {
    const { subscribe, act, bill, billed } = await setup({});
    const s = await subscribe('2026-01-01');
    await bill('2026-01-01');
    await act(s.id, 'pause', '2026-01-25');
    await bill('2026-02-01');
    await act(s.id, 'resume', '2026-02-05');
    await act(s.id, 'pause', '2026-02-10');
    await act(s.id, 'resume', '2026-02-15');
    // One invoice a run (EPCC): February, in which it resumed, then March at the next run.
    await bill('2026-03-01');
    expect(await billed(s.id)).to.deep.equal([
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2026-03-01'],
    ]);
    await bill('2026-03-01');
    expect(await billed(s.id)).to.deep.equal([
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2026-03-01'],
      ['2026-03-01', '2026-04-01'],
    ]);
  });

  it('leaves unbilled a period paused from before its start to after its end', async () => {
    const { subscribe, act, bill, billed } = await setup({});
    const s = await subscribe('2026-01-01');
    await bill('2026-01-01');
    await act(s.id, 'pause', '2026-01-25');
    await bill('2026-02-01');
    await act(s.id, 'resume', '2026-03-05');
    await bill('2026-03-05');
    expect(await billed(s.id)).to.deep.equal([
      ['2026-01-01', '2026-02-01'],
      ['2026-03-01', '2026-04-01'],
    ]);
  });

  it('yearly → monthly bills no month twice; monthly → yearly loses none', async () => {
    const { subscribe, changePlan, bill, billed } = await setup({ billing_interval_type: 'year' }, {});
    const yearly = await subscribe('2026-01-01');
    const monthly = await subscribe('2026-01-01', {});
    await changePlan(monthly.id, 1);
    await bill('2026-01-01');
    await changePlan(yearly.id, 1);
    await changePlan(monthly.id, 0);
    await bill('2026-06-01');
    // One invoice a run: on 1 February 2027 the first run bills January 2027, the second February.
    await bill('2027-02-01');
    await bill('2027-02-01');
    expect(await billed(yearly.id)).to.deep.equal([
      ['2026-01-01', '2027-01-01'],
      ['2027-01-01', '2027-02-01'],
      ['2027-02-01', '2027-03-01'],
    ]);
    expect(await billed(monthly.id)).to.deep.equal([
      ['2026-01-01', '2026-02-01'],
      ['2026-02-01', '2027-02-01'],
      ['2027-02-01', '2028-02-01'],
    ]);
  });

  it('a plan closed by its length has its periods billed by runs after the close, one a run, then turns inactive', async () => {
    const { subscriptions, store, subscribe, bill, billed } = await setup({
      billing_interval_type: 'week',
      end_behavior: 'close',
      plan_length: 2,
    });
    const s = await subscribe('2026-01-05');
    const inactive = async () => (await subscriptions.findById(store.id, s.id))?.subscription.inactive === true;
    await bill('2026-02-01');
    expect(await billed(s.id)).to.deep.equal([['2026-01-05', '2026-01-12']]);
    await bill('2026-02-01');
    expect(await billed(s.id)).to.deep.equal([
      ['2026-01-05', '2026-01-12'],
      ['2026-01-12', '2026-01-19'],
    ]);
    expect(await inactive(), 'its status waits for a run due with nothing left').to.equal(false);
    expect((await subscriptions.findById(store.id, s.id))?.subscription.invoiceAfter).to.deep.equal(at('2026-01-19'));
    await bill('2026-02-01');
    expect(await inactive()).to.equal(true);
    expect(await billed(s.id)).to.have.length(2);
  });

  it('keeps billable_from through insert, update and state changes, and bills only from there', async () => {
    const { subscriptions, billingRuns, store, subscribe, act, changePlan, bill, billed } = await setup({}, {});
    const upgraded = await subscribe('2025-01-01', { billableFrom: new Date('2026-03-10T12:34:56.789Z') });
    const later = await subscribe('2026-03-01');
    await changePlan(upgraded.id, 1);
    await act(upgraded.id, 'pause', '2026-03-11');
    await act(upgraded.id, 'resume', '2026-03-12');
    expect((await subscriptions.findById(store.id, upgraded.id))?.subscription.billableFrom).to.deep.equal(
      new Date('2026-03-10T12:34:56.789Z'),
    );
    expect((await subscriptions.findById(store.id, later.id))?.subscription.billableFrom).to.equal(undefined);
    const batch = await billingRuns.billingBatch(store.id, undefined, 10);
    expect(batch.items.find((c) => c.subscription.id === upgraded.id)?.subscription.billableFrom).to.deep.equal(
      new Date('2026-03-10T12:34:56.789Z'),
    );
    await bill('2026-04-01');
    expect(await billed(upgraded.id), 'the oldest period billable first').to.deep.equal([['2026-03-01', '2026-04-01']]);
    await bill('2026-04-01');
    expect(await billed(upgraded.id)).to.deep.equal([
      ['2026-03-01', '2026-04-01'],
      ['2026-04-01', '2026-05-01'],
    ]);
  });
});
