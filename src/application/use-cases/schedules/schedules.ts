import * as E from 'fp-ts/lib/Either.js';
import { SCHEDULES, type ScheduleAttributes, type ScheduleChanges } from '../../../domain/schedules/schedule.js';
import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';
import { issues } from '../../../domain/shared/errors.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { StoreRecordRules } from '../store-records.js';
import { instantsBetween } from './schedule-instants.js';

/*
 * A schedule is stored first and handed to the job queue after, so the queue never fires a schedule the
 * database does not hold; a hand-over lost with a failing queue is made again when the service starts
 * (RegisterSchedules), and a firing of a schedule deleted in between finds nothing and starts nothing.
 */

/** The domain checks a specification's form; the calendar, which reads it, what its fields hold. */
export const rulesWith = (calendar: ScheduleCalendar): StoreRecordRules<ScheduleAttributes, ScheduleChanges> => ({
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
  check: (attributes) => {
    const problem = calendar.problemWith(attributes.specification);
    return problem === undefined ? E.right(attributes) : E.left(issues('data.attributes.specification', problem));
  },
});
/** Reads and deletes take the stored record as it is. */
export const RULES: StoreRecordRules<ScheduleAttributes, ScheduleChanges> = {
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
};

const MINUTE = 60_000;
/**
 * How far back from now the latest missed instant is looked for, window after window: the first window
 * holding an instant holds few (a minutely schedule's is found within a minute, a yearly one's within a
 * year), so the walk through it is short whatever the schedule and however long the service was down.
 */
const LOOKBACKS = [
  MINUTE,
  60 * MINUTE,
  24 * 60 * MINUTE,
  32 * 24 * 60 * MINUTE,
  367 * 24 * 60 * MINUTE,
  5 * 367 * 24 * 60 * MINUTE,
  Number.POSITIVE_INFINITY,
];
/** Instants walked, at most, within one window (a bound against a calendar that fires more often than it should). */
const MOST_INSTANTS_WALKED = 10_000;

/** The latest instant of the schedule after `from` and at or before `to`, if there is one. */
export const latestInstantBetween = (
  calendar: ScheduleCalendar,
  timing: ScheduleTiming,
  from: Date,
  to: Date,
): Date | undefined => {
  for (const lookback of LOOKBACKS) {
    const start = new Date(Math.max(from.getTime(), to.getTime() - lookback));
    let latest: Date | undefined;
    for (const instant of instantsBetween(calendar, timing, start, to, MOST_INSTANTS_WALKED)) latest = instant;
    if (latest !== undefined || start.getTime() <= from.getTime()) return latest;
  }
  return undefined;
};
