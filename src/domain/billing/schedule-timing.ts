import { CronExpressionParser } from 'cron-parser';
import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import { boundedString } from '../shared/text.js';
import type { Parsed } from '../shared/validation.js';

/** When a schedule fires: a five-field cron specification read in an IANA time zone. */
export interface ScheduleTiming {
  readonly specification: string;
  readonly location: string;
}

const CRON_FIELDS = 5;

/**
 * EPCC's specification is the classic five fields (minute hour day-of-month month day-of-week), with
 * ranges, lists, steps and month and day names; seconds, years and `@daily`-style macros are refused.
 */
export const parseSpecification =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, 1024)(source)(input);
    if (E.isLeft(text)) return text;
    const fields = text.right.trim().split(/\s+/);
    if (fields.length !== CRON_FIELDS) {
      return E.left(issues(source, 'must have five fields: minute hour day-of-month month day-of-week (for example "30 0 * * *")'));
    }
    try {
      CronExpressionParser.parse(fields.join(' '), { tz: 'UTC', strict: false });
    } catch (error) {
      return E.left(issues(source, `is not a valid cron specification: ${error instanceof Error ? error.message : String(error)}`));
    }
    return E.right(fields.join(' '));
  };

/** An IANA time zone name the runtime knows, such as `Europe/London` or `UTC`. */
export const parseLocation =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, 1024)(source)(input);
    if (E.isLeft(text)) return text;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: text.right });
    } catch {
      return E.left(issues(source, 'must be an IANA time zone name, such as "Europe/London" or "UTC"'));
    }
    return E.right(text.right);
  };

/**
 * The first instant strictly after `after` at which the schedule fires. Wall-clock times are read in the
 * schedule's time zone: a time skipped by a daylight-saving change fires once, shifted forward by the
 * change; a time repeated by one fires once, at its first occurrence.
 */
export const nextFiringAfter = (timing: ScheduleTiming, after: Date): Date =>
  CronExpressionParser.parse(timing.specification, { currentDate: after, tz: timing.location }).next().toDate();
