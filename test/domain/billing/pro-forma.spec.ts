import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { DEFAULT_RETRY_POLICY, isDueForPayment } from '../../../src/domain/billing/dunning/payment-retry.js';
import { invoiceDraft } from '../../../src/domain/billing/invoices/invoice-items.js';
import {
  isProForma,
  validFrom,
  validFromOf,
  withdrawnFrom,
  withdrawsProForma,
} from '../../../src/domain/billing/invoices/pro-forma.js';
import { billingRunOutcome } from '../../../src/domain/billing/periods/billing-period.js';
import { type LeadTime, parseLeadTime } from '../../../src/domain/catalogue/lead-time.js';
import type { PlanAttributes } from '../../../src/domain/catalogue/plan.js';
import { billingAnchorOf } from '../../../src/domain/subscriptions/subscription.js';
import { anInvoice } from '../../support/invoice-builders.js';
import { anOffering, aPlan, aProduct, aSubscription, PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const at = (iso: string) => new Date(iso);
const Z = 'T00:00:00.000Z';
const store = randomIds.uuid();
const flags = { canceled: false, paused: false, suspended: false, pending: false };

/** Monthly from 1 January 2026, its January invoiced: `invoice_after` is 1 February. */
const monthly = (lead: LeadTime | undefined, extra: Parameters<typeof aSubscription>[2] = {}) => {
  const plan: PlanAttributes = { ...PLAN_ATTRIBUTES, ...(lead === undefined ? {} : { lead_time: lead }) };
  const offering = anOffering(store, [aProduct(store)], [aPlan(store, plan)]);
  const createdAt = at(`2026-01-01${Z}`);
  const subscription = aSubscription(offering, randomIds.uuid(), {
    timestamps: { createdAt, updatedAt: createdAt },
    billingAnchor: billingAnchorOf(createdAt, plan),
    invoiceAfter: at(`2026-02-01${Z}`),
    ...extra,
  });
  const history = { lastInvoiced: { start: createdAt, end: at(`2026-02-01${Z}`) } };
  return { subscription, plan, offering, history };
};

describe('Pro-forma invoices: lead time', () => {
  describe('which period a run invoices, and when (boundary table)', () => {
    const week: LeadTime = { type: 'week', time: 1 };
    const cases: ReadonlyArray<{
      lead?: LeadTime;
      instant: string;
      period?: string;
      inactive?: boolean;
      extra?: object;
    }> = [
      { instant: '2026-01-31T23:59:59.999Z' },
      { instant: `2026-02-01${Z}`, period: '2026-02-01' },
      { lead: week, instant: '2026-01-24T23:59:59.999Z' },
      { lead: week, instant: `2026-01-25${Z}`, period: '2026-02-01' },
      { lead: week, instant: `2026-01-28${Z}`, period: '2026-02-01' },
      { lead: { type: 'day', time: 3 }, instant: `2026-01-29${Z}`, period: '2026-02-01' },
      { lead: { type: 'day', time: 3 }, instant: '2026-01-28T23:59:59.999Z' },
      // A cancellation still turns it inactive at invoice_after, not a lead time ahead.
      { lead: week, instant: `2026-01-28${Z}`, extra: { flags: { ...flags, canceled: true } }, inactive: false },
      { lead: week, instant: `2026-02-01${Z}`, extra: { flags: { ...flags, canceled: true } }, inactive: true },
      { lead: week, instant: `2026-01-28${Z}`, extra: { flags: { ...flags, paused: true } }, inactive: false },
      // Not live yet: no invoice ahead of going live.
      {
        lead: week,
        instant: `2026-01-28${Z}`,
        extra: { flags: { ...flags, pending: true }, goLiveAfter: at(`2026-02-01${Z}`) },
      },
    ];
    for (const c of cases) {
      const name = `${c.lead === undefined ? 'no lead time' : `${c.lead.time} ${c.lead.type}`}${c.extra === undefined ? '' : `, ${Object.keys(c.extra).join('+')}`}, run at ${c.instant}`;
      it(`${name}: ${c.period ?? (c.inactive ? 'inactive' : 'nothing')}`, () => {
        const { subscription, plan, history } = monthly(c.lead, c.extra ?? {});
        const outcome = billingRunOutcome(subscription, plan, at(c.instant), history);
        expect(outcome.period?.start.toISOString().slice(0, 10)).to.equal(c.period);
        expect(outcome.turnsInactive).to.equal(c.inactive ?? false);
      });
    }

    it('one period a run, even with a lead time longer than the period', () => {
      const { subscription, plan, history } = monthly({ type: 'week', time: 52 });
      const outcome = billingRunOutcome(subscription, plan, at(`2026-01-02${Z}`), history);
      expect(outcome.period?.start.toISOString()).to.equal(`2026-02-01T00:00:00.000Z`);
    });
  });

  describe('valid_from and pro_forma', () => {
    it('an invoice made before its period is valid from the period start, pro forma until then', () => {
      const { subscription, plan, offering, history } = monthly({ type: 'week', time: 1 });
      const made = at(`2026-01-25T10:00:00.000Z`);
      const { period } = billingRunOutcome(subscription, plan, made, history);
      const draft = invoiceDraft(subscription, offering, period!, { id: randomIds.uuid(), now: made });
      if (E.isLeft(draft)) throw new Error(draft.left);
      expect(draft.right.validFrom?.toISOString()).to.equal(`2026-02-01T00:00:00.000Z`);
      expect(isProForma(draft.right, made)).to.equal(true);
      expect(isProForma(draft.right, at('2026-01-31T23:59:59.999Z'))).to.equal(true);
      expect(isProForma(draft.right, at(`2026-02-01${Z}`)), 'turns false at valid_from').to.equal(false);
    });

    const table: ReadonlyArray<[string, string, string | undefined]> = [
      ['2026-01-31T23:59:59.999Z', `2026-02-01${Z}`, undefined],
      [`2026-02-01${Z}`, `2026-02-01${Z}`, undefined],
      [`2026-02-01${Z}`, '2026-01-31T23:59:59.999Z', `2026-02-01${Z}`],
    ];
    for (const [start, madeAt, expected] of table)
      it(`a period from ${start} invoiced at ${madeAt}: valid_from ${expected ?? 'when made'}`, () => {
        expect(validFromOf(at(start), at(madeAt))?.toISOString()).to.equal(
          expected === undefined ? undefined : at(expected).toISOString(),
        );
      });

    it('an invoice made with no lead time is valid as it is made, and never pro forma', () => {
      const invoice = anInvoice();
      expect(validFrom(invoice)).to.deep.equal(invoice.createdAt);
      expect(isProForma(invoice, at('2000-01-01T00:00:00.000Z'))).to.equal(false);
    });

    it('no payment run takes a pro-forma invoice before valid_from; from valid_from it is due', () => {
      const invoice = anInvoice({ validFrom: at(`2026-03-01${Z}`), createdAt: at(`2026-02-22${Z}`) });
      expect(isDueForPayment(invoice, DEFAULT_RETRY_POLICY, at('2026-02-28T23:59:59.999Z'))).to.equal(false);
      expect(isDueForPayment(invoice, DEFAULT_RETRY_POLICY, at(`2026-03-01${Z}`))).to.equal(true);
    });
  });

  describe('withdrawal', () => {
    const invoices = [
      anInvoice({ billingPeriod: { start: at(`2026-02-01${Z}`), end: at(`2026-03-01${Z}`) } }),
      anInvoice({
        billingPeriod: { start: at(`2026-03-01${Z}`), end: at(`2026-04-01${Z}`) },
        validFrom: at(`2026-03-01${Z}`),
      }),
    ];
    it('a change before valid_from withdraws the pro-forma invoice: billing goes back to its period start', () => {
      expect(withdrawnFrom(invoices, at('2026-02-28T23:59:59.999Z'))?.toISOString()).to.equal(
        `2026-03-01T00:00:00.000Z`,
      );
    });
    it('a change at or after valid_from withdraws nothing', () => {
      expect(withdrawnFrom(invoices, at(`2026-03-01${Z}`))).to.equal(undefined);
    });
    it('cancel and pause withdraw; resume, pending and go_live do not', () => {
      expect(
        ['cancel', 'pause', 'resume', 'pending', 'go_live'].map((a) => withdrawsProForma(a as never)),
      ).to.deep.equal([true, true, false, false, false]);
    });
  });

  describe('lead_time input', () => {
    const rows: ReadonlyArray<[unknown, string | undefined]> = [
      [{ type: 'day', time: 1 }, undefined],
      [{ type: 'day', time: 365 }, undefined],
      [{ type: 'week', time: 52 }, undefined],
      [{ type: 'day', time: 0 }, 'lead_time.time: must be between 1 and 365'],
      [{ type: 'day', time: 366 }, 'lead_time.time: must be between 1 and 365'],
      [{ type: 'week', time: 53 }, 'lead_time.time: must be between 1 and 52'],
      [{ type: 'week', time: 1.5 }, 'lead_time.time: must be an integer'],
      [{ type: 'month', time: 1 }, "lead_time.type: must be one of 'day', 'week'"],
      [{ type: 'day' }, 'lead_time.time: is required'],
      [14, 'lead_time: must be an object with type (day or week) and time'],
    ];
    for (const [input, problem] of rows)
      it(`${JSON.stringify(input)}: ${problem ?? 'accepted'}`, () => {
        const parsed = parseLeadTime('lead_time')(input);
        expect(E.isLeft(parsed) ? parsed.left.map((i) => `${i.source}: ${i.detail}`)[0] : undefined).to.equal(problem);
      });
  });
});
