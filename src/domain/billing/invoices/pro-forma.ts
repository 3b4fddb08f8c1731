import type { StateAction } from '../../subscriptions/subscription.js';

/**
 * Pro-forma invoices (EPCC 2026-10): an invoice made ahead of its period, by the plan's `lead_time`, "will
 * not be picked up by a payment run until on or after their valid_from date", and `valid_from` is "the date
 * at which the Invoice transitions from its Pro Forma state to one that can have payment taken".
 */

/** What decides an invoice's pro-forma standing. */
export interface ValidityOf {
  readonly createdAt: Date;
  /** Set on an invoice made before its period started: that start. */
  readonly validFrom?: Date;
}

/**
 * When an invoice of a period starting at `periodStart`, made at `madeAt`, can be paid: the period's start
 * when it was made before it, none otherwise (valid as it is made: EPCC "If generated with no lead time
 * then the invoice will be valid immediately").
 */
export const validFromOf = (periodStart: Date, madeAt: Date): Date | undefined =>
  periodStart.getTime() > madeAt.getTime() ? periodStart : undefined;

/** EPCC's `valid_from`: the period's start for one made ahead, the time it was made otherwise. */
export const validFrom = (invoice: ValidityOf): Date => invoice.validFrom ?? invoice.createdAt;

/** EPCC's `pro_forma` at `at`: made ahead, and its `valid_from` not reached yet. It turns false at `valid_from`. */
export const isProForma = (invoice: ValidityOf, at: Date): boolean =>
  invoice.validFrom !== undefined && at.getTime() < invoice.validFrom.getTime();

/**
 * Where a subscription's billing goes back to when a change at `at` withdraws its pro-forma invoices: the
 * earliest start of the periods they invoiced, so the next run invoices them again as the subscription is
 * then (or never, once it is canceled or paused). A cancel, a pause, or a switch of plan or products before
 * `valid_from` withdraws them, as Stripe deletes a draft invoice a change makes stale: nothing was due on
 * them yet, and a pro-forma invoice kept would charge a period the subscriber cancelled, paused or priced
 * otherwise. Undefined when none is pro forma at `at`.
 */
export const withdrawnFrom = (
  invoices: readonly (ValidityOf & { readonly billingPeriod: { readonly start: Date } })[],
  at: Date,
): Date | undefined =>
  invoices
    .filter((invoice) => isProForma(invoice, at))
    .map((invoice) => invoice.billingPeriod.start)
    .reduce<Date | undefined>(
      (earliest, start) => (earliest === undefined || start < earliest ? start : earliest),
      undefined,
    );

/** The state actions that withdraw pro-forma invoices (`withdrawnFrom`): after them the period is not billed as invoiced. */
export const withdrawsProForma = (action: StateAction): boolean => action === 'cancel' || action === 'pause';
