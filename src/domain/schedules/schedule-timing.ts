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
/** The longest specification or time zone name kept. */
export const TIMING_TEXT_MAX = 1024;
export const FIVE_FIELDS_RULE =
  'must have five fields: minute hour day-of-month month day-of-week (for example "30 0 * * *")';

/**
 * EPCC's specification is the classic five fields (minute hour day-of-month month day-of-week); seconds,
 * years and `@daily`-style macros are refused. This is its form; what each field may hold is the
 * schedule calendar's to check (the application's ScheduleCalendar port), as it is the calendar that
 * reads them.
 */
export const parseSpecification =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, TIMING_TEXT_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    const fields = text.right.trim().split(/\s+/);
    return fields.length === CRON_FIELDS ? E.right(fields.join(' ')) : E.left(issues(source, FIVE_FIELDS_RULE));
  };

/** An IANA time zone name the runtime knows, such as `Europe/London` or `UTC`. */
export const parseLocation =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, TIMING_TEXT_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: text.right });
    } catch {
      return E.left(issues(source, 'must be an IANA time zone name, such as "Europe/London" or "UTC"'));
    }
    return E.right(text.right);
  };
