import { isDeepStrictEqual } from 'node:util';
import { type ModelSubscription, plus } from './billing-model.js';

/**
 * What the model tests share, whether they drive the use cases (test/application/billing/billing-model.spec.ts)
 * or the API on either wire (test/adapters/http/billing/billing-model-wires.spec.ts): where the service and the
 * model may not be compared yet, and how a disagreement is named.
 */

/**
 * Where the service and the model disagree and no decision is made yet: timelines that reach it are not
 * drawn until it is (one line to remove then). After a plan switch moves a subscription's periods off the
 * grid of its first paid period, and a period of the new grid ends on a clamped month end, the model keeps
 * that grid (31 January, 28 February, 31 March: never chained from a clamped boundary, the team's reading
 * for month ends) and the service counts the next period from the clamped end (28 February, 28 March).
 */
export const undecided = (s: ModelSubscription): boolean => {
  const latest = s.invoices[s.invoices.length - 1];
  if (latest === undefined || latest.trial) return false;
  const { unit, every } = latest.plan;
  if (latest.end === plus(latest.start, unit, every)) return false;
  let index = 0;
  while (plus(s.paidFrom, unit, every * index) < latest.start) index += 1;
  return plus(s.paidFrom, unit, every * index) !== latest.start;
};

/** Where the service and the model first part: the subscription, the field (the invoice), and both values. */
export const firstDifference = <Seen extends object>(
  service: readonly Seen[],
  model: readonly Seen[],
): string | undefined => {
  for (const [key, expected] of model.entries()) {
    const actual = service[key]!;
    for (const field of Object.keys(expected) as (keyof Seen)[]) {
      const [a, b] = [actual[field], expected[field]];
      if (isDeepStrictEqual(a, b)) continue;
      if (field === 'invoices' && Array.isArray(a) && Array.isArray(b)) {
        const at = b.findIndex((invoice, n) => !isDeepStrictEqual(a[n], invoice));
        const n = at === -1 ? b.length : at;
        return `S${key} invoice ${n}: service ${JSON.stringify(a[n])}, model ${JSON.stringify(b[n])}`;
      }
      return `S${key} ${String(field)}: service ${JSON.stringify(a)}, model ${JSON.stringify(b)}`;
    }
  }
  return undefined;
};

export const iso = (at: number | undefined): string | undefined =>
  at === undefined ? undefined : new Date(at).toISOString();
