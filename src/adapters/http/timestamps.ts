import { civilFromDays, MS_PER_DAY } from '../../domain/shared/utc-calendar.js';

/**
 * RFC 3339 in UTC with nine fractional digits, as EPCC writes timestamps; the clock's precision is
 * milliseconds. A list page writes about 150 of them, and `toISOString` took a quarter of the time of
 * writing its resources, so the years 0 to 9999 (four digits, as `toISOString` writes them) are composed
 * from the day count here, at half its cost; other years, which `toISOString` writes with six digits and
 * a sign, are left to it.
 */
export const formatTimestamp = (date: Date): string => {
  const ms = date.getTime();
  return ms >= YEAR_0 && ms < YEAR_10000 ? composed(ms) : `${date.toISOString().slice(0, -1)}000000Z`;
};

export const formatOptionalTimestamp = (date: Date | null): string | null =>
  date === null ? null : formatTimestamp(date);

const YEAR_0 = -62_167_219_200_000; // 0000-01-01T00:00:00Z
const YEAR_10000 = 253_402_300_800_000; // +010000-01-01T00:00:00Z

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
const four = (n: number): string => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`);

const composed = (ms: number): string => {
  const days = Math.floor(ms / MS_PER_DAY);
  const { year, month, day } = civilFromDays(days);
  let rest = ms - days * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${four(year)}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}000000Z`;
};
