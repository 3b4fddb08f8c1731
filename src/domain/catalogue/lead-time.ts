import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { addIntervals } from './billing-interval.js';

/** EPCC 2026-10's `LeadTime` units. */
export const LEAD_TIME_TYPES = ['day', 'week'] as const;
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number];

/**
 * The longest lead time, per unit: a year. EPCC sets a minimum of 1 and no maximum; a bound keeps the
 * instant it moves a run to within any date the backends store, and a year ahead is past every billing
 * interval but the yearly one.
 */
export const LEAD_TIME_MAX: Readonly<Record<LeadTimeType, number>> = { day: 365, week: 52 };

/** How long before a period starts its invoice is made, pro forma (EPCC 2026-10 `lead_time`). */
export interface LeadTime {
  readonly type: LeadTimeType;
  readonly time: number;
}

/** `{"type": "day" | "week", "time": 1..max}`, every problem reported. */
export const parseLeadTime =
  (source: string) =>
  (input: unknown): Parsed<LeadTime> => {
    if (!isRecord(input)) return E.left([issue(source, 'must be an object with type (day or week) and time')]);
    const type = oneOf([...LEAD_TIME_TYPES])(`${source}.type`)(input['type']);
    const max = E.isRight(type) ? LEAD_TIME_MAX[type.right] : Math.max(...Object.values(LEAD_TIME_MAX));
    const time: Parsed<number> =
      input['time'] === undefined || input['time'] === null
        ? E.left(issues(`${source}.time`, 'is required'))
        : integerInRange(1, max)(`${source}.time`)(input['time']);
    const problems: ValidationIssue[] = [...(E.isLeft(type) ? type.left : []), ...(E.isLeft(time) ? time.left : [])];
    const [first, ...rest] = problems;
    if (first !== undefined || E.isLeft(type) || E.isLeft(time))
      return E.left([first ?? issue(source, 'is invalid'), ...rest]);
    return E.right({ type: type.right, time: time.right });
  };

/** The instant `lead` before `at`; no lead time is `at` itself. */
export const aheadOf = (at: Date, lead: LeadTime | undefined): Date =>
  lead === undefined ? at : addIntervals(at, lead.type, -lead.time);

/** The instant `lead` after `at`: how far ahead a run at `at` looks for periods to invoice. */
export const horizonOf = (at: Date, lead: LeadTime | undefined): Date =>
  lead === undefined ? at : addIntervals(at, lead.type, lead.time);
