import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { stateApplied, subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { InvoiceDraft } from '../../../../../src/domain/billing/invoices/invoice.js';
import { invoicesCreated } from '../../../../../src/domain/billing/invoices/invoice-events.js';
import { invoiceDraft } from '../../../../../src/domain/billing/invoices/invoice-items.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { conflict } from '../../../../../src/domain/shared/errors.js';
import type { Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../../../../../src/domain/subscriptions/subscription-state.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { everyRow } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import {
  anOffering,
  aPlan,
  aProduct,
  aSubscription,
  PLAN_ATTRIBUTES,
} from '../../../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const FEBRUARY = { start: at('2026-02-01T00:00:00.000Z'), end: at('2026-03-01T00:00:00.000Z') };
const MARCH = { start: at('2026-03-01T00:00:00.000Z'), end: at('2026-04-01T00:00:00.000Z') };
/** March's invoice made a week ahead: pro forma until 1 March. */
const MADE_AHEAD = at('2026-02-22T00:00:00.000Z');
const BEFORE_VALID = at('2026-02-25T12:00:00.000Z');

forEachBackend('Pro-forma invoices: storage contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    const product = aProduct(store.id);
    const plan = aPlan(store.id, { ...PLAN_ATTRIBUTES, lead_time: { type: 'week', time: 1 } });
    await ports.products.insert(product, NO_EVENTS);
    await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], [plan]);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    const subscription = aSubscription(offering, versionId, {
      timestamps: { createdAt: FEBRUARY.start, updatedAt: FEBRUARY.start },
      billingAnchor: FEBRUARY.start,
      invoiceAfter: FEBRUARY.start,
    });
    await ports.subscriptions.insert(subscription, undefined, subscriptionsStored);
    const draft = (period: typeof MARCH, now: Date): InvoiceDraft => {
      const made = invoiceDraft(
        subscription,
        offering,
        { ...period, trial: false },
        { id: randomIds.uuid(), jobId: randomIds.uuid(), now },
      );
      if (E.isLeft(made)) throw new Error(made.left);
      return made.right;
    };
    // February invoiced on 1 February, March a week ahead.
    await ports.billingRuns.insertInvoices(store.id, [draft(FEBRUARY, FEBRUARY.start)], invoicesCreated);
    const [march] = await ports.billingRuns.insertInvoices(store.id, [draft(MARCH, MADE_AHEAD)], invoicesCreated);
    const invoices = async () =>
      (await ports.invoiceReads.list(store.id, everyRow())).items
        .map((i) => i.billingPeriod.start.toISOString())
        .sort();
    const current = async (): Promise<Subscription> =>
      (await ports.subscriptions.findById(store.id, subscription.id))!.subscription;
    return { ...ports, store, subscription, march: march!, invoices, current };
  };

  it('stores an invoice made ahead with its valid_from, and reads it back whole', async () => {
    const { invoiceReads, store, march } = await setup();
    expect(march.validFrom?.toISOString()).to.equal(MARCH.start.toISOString());
    expect(await invoiceReads.findById(store.id, march.id)).to.deep.equal(march);
  });

  it('a cancel before valid_from withdraws the pro-forma invoice, moves invoice_after back, and is decided without it', async () => {
    const { subscriptions, store, subscription, invoices, current } = await setup();
    expect((await current()).invoiceAfter.toISOString()).to.equal(MARCH.end.toISOString());
    let seen: Date | undefined;
    const canceled = await subscriptions.applyState(
      store.id,
      subscription.id,
      (s, o, invoicedThrough) => {
        seen = invoicedThrough;
        return applyStateAction(s, o.plans[0]!.attributes, 'cancel', BEFORE_VALID, randomIds.uuid(), {
          invoicedThrough,
        });
      },
      stateApplied,
      { withdrawProFormaAt: BEFORE_VALID },
    );
    expect(E.isRight(canceled)).to.equal(true);
    expect(seen?.toISOString(), 'the change sees what is left invoiced').to.equal(FEBRUARY.end.toISOString());
    expect(await invoices()).to.deep.equal([FEBRUARY.start.toISOString()]);
    const after = await current();
    expect(after.invoiceAfter.toISOString()).to.equal(MARCH.start.toISOString());
    expect(after.timestamps.endDate?.toISOString(), 'ends with the paid period').to.equal(FEBRUARY.end.toISOString());
  });

  it('a change at valid_from, or one that is refused, withdraws nothing', async () => {
    const { subscriptions, store, subscription, invoices, current } = await setup();
    const refused = await subscriptions.applyState(
      store.id,
      subscription.id,
      () => E.left(conflict('refused', 'invoice_paid')),
      stateApplied,
      { withdrawProFormaAt: BEFORE_VALID },
    );
    expect(E.isLeft(refused)).to.equal(true);
    const paused = await subscriptions.applyState(
      store.id,
      subscription.id,
      (s, o) => applyStateAction(s, o.plans[0]!.attributes, 'pause', MARCH.start, randomIds.uuid()),
      stateApplied,
      { withdrawProFormaAt: MARCH.start },
    );
    expect(E.isRight(paused)).to.equal(true);
    expect(await invoices()).to.deep.equal([FEBRUARY.start.toISOString(), MARCH.start.toISOString()]);
    expect((await current()).invoiceAfter.toISOString()).to.equal(MARCH.end.toISOString());
  });

  it('an update that withdraws sees the latest invoice left, and stores the subscription billed from the withdrawn period', async () => {
    const { subscriptions, store, subscription, invoices, current } = await setup();
    let latest: string | undefined;
    const updated = await subscriptions.update(
      store.id,
      subscription.id,
      (s, _o, invoiced) => {
        latest = invoiced?.start.toISOString();
        return E.right({ ...s, name: 'Switched' });
      },
      undefined,
      { withdrawProFormaAt: BEFORE_VALID },
    );
    expect(E.isRight(updated)).to.equal(true);
    expect(latest).to.equal(FEBRUARY.start.toISOString());
    expect(await invoices()).to.deep.equal([FEBRUARY.start.toISOString()]);
    expect((await current()).invoiceAfter.toISOString()).to.equal(MARCH.start.toISOString());
  });

  it('an update refused withdraws nothing', async () => {
    const { subscriptions, store, subscription, invoices } = await setup();
    const refused = await subscriptions.update(
      store.id,
      subscription.id,
      () => E.left(conflict('refused', 'invoice_paid')),
      undefined,
      { withdrawProFormaAt: BEFORE_VALID },
    );
    expect(E.isLeft(refused)).to.equal(true);
    expect(await invoices()).to.deep.equal([FEBRUARY.start.toISOString(), MARCH.start.toISOString()]);
  });
});
