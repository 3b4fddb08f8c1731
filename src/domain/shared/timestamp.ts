import * as E from 'fp-ts/lib/Either.js';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

// RFC 3339 date-time with a zone; the service keeps milliseconds, so further digits are cut.
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A point in time written as RFC 3339 (`2026-03-01T09:00:00Z`, with a zone), within the years 1..9999 UTC. */
export const parseTimestamp =
  (source: string) =>
  (input: unknown): Parsed<Date> => {
    const match = typeof input === 'string' ? RFC_3339.exec(input) : null;
    const date =
      match === null ? undefined : new Date(typeof input === 'string' ? input.replace(/(\.\d{3})\d+/, '$1') : NaN);
    const [, year, month, day, hour, minute, second] = match ?? [];
    // The day must exist in its month: Date would roll 2026-02-31 over to 2026-03-03 without a word.
    const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
    const fieldsHold =
      match !== null &&
      Number(month) >= 1 &&
      Number(month) <= 12 &&
      Number(day) >= 1 &&
      Number(day) <= daysInMonth &&
      Number(hour) <= 23 &&
      Number(minute) <= 59 &&
      Number(second) <= 59;
    if (
      date === undefined ||
      !fieldsHold ||
      Number.isNaN(date.getTime()) ||
      date.getUTCFullYear() < 1 ||
      date.getUTCFullYear() > 9999 ||
      Number(year) === 0
    ) {
      return E.left(issues(source, 'must be an RFC 3339 date and time with a time zone, such as 2026-03-01T09:00:00Z'));
    }
    return E.right(date);
  };
