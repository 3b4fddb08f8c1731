import { expect } from 'chai';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import {
  isBilled,
  periodKey,
  unchangedSince,
  uninvoicedPeriods,
} from '../../../src/domain/billing/billing-selection.js';
import type { InvoiceDraft } from '../../../src/domain/billing/invoices/invoice.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../support/subscription-builders.js';

/** The three rules every backend's billing run selects by. */
describe('Billing selection', () => {
  const storeId = randomIds.uuid();
  const offering = anOffering(storeId, [aProduct(storeId)], [aPlan(storeId)]);
  const subscription = aSubscription(offering, randomIds.uuid());

  it('bills no suspended subscription, whatever else it is', () => {
    const flags = [
      [{ canceled: false, paused: false, suspended: false, pending: false }, true],
      [{ canceled: false, paused: false, suspended: true, pending: false }, false],
      [{ canceled: true, paused: false, suspended: true, pending: false }, false],
      [{ canceled: true, paused: false, suspended: false, pending: false }, true],
      [{ canceled: false, paused: true, suspended: false, pending: false }, true],
    ] as const;
    for (const [flag, billed] of flags)
      expect(isBilled({ ...subscription, flags: flag }), JSON.stringify(flag)).to.equal(billed);
  });

  it('stores one invoice per subscription and period start, none for a period already invoiced', () => {
    const [a, b] = [randomIds.uuid(), randomIds.uuid()];
    const jan = new Date('2026-01-01T00:00:00.000Z');
    const feb = new Date('2026-02-01T00:00:00.000Z');
    const draft = (subscriptionId: Uuid, start: Date) =>
      ({ id: randomIds.uuid(), subscriptionId, billingPeriod: { start, end: start } }) as unknown as InvoiceDraft;
    const drafts = [draft(a, jan), draft(a, jan), draft(a, feb), draft(b, jan), draft(b, feb)];
    const table: readonly [string, ReadonlySet<string>, readonly InvoiceDraft[]][] = [
      [
        'nothing invoiced: the second draft of a period is left out',
        new Set(),
        [drafts[0]!, drafts[2]!, drafts[3]!, drafts[4]!],
      ],
      ['a period invoiced before', new Set([periodKey(a, jan)]), [drafts[2]!, drafts[3]!, drafts[4]!]],
      [
        'every period invoiced',
        new Set([periodKey(a, jan), periodKey(a, feb), periodKey(b, jan), periodKey(b, feb)]),
        [],
      ],
    ];
    for (const [case_, invoiced, kept] of table) expect(uninvoicedPeriods(drafts, invoiced), case_).to.deep.equal(kept);
  });

  it('skips a subscription changed since its drafts were made, to the millisecond', () => {
    const id = subscription.id;
    const then = new Date('2026-01-01T00:00:00.000Z');
    const table: readonly [string, ReadonlyMap<Uuid, Date> | undefined, Date, boolean][] = [
      ['no note of the run', undefined, then, true],
      ['not noted by the run', new Map(), then, true],
      ['as it was', new Map([[id, then]]), new Date(then.getTime()), true],
      ['changed a millisecond later', new Map([[id, then]]), new Date(then.getTime() + 1), false],
      ['changed back in time', new Map([[id, then]]), new Date(then.getTime() - 1), false],
    ];
    for (const [case_, madeFrom, updatedAt, unchanged] of table)
      expect(unchangedSince(madeFrom, id, updatedAt), case_).to.equal(unchanged);
  });
});
