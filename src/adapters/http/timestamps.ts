/** RFC 3339 in UTC with nine fractional digits, as EPCC writes timestamps; the clock's precision is milliseconds. */
export const formatTimestamp = (date: Date): string => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');

export const formatOptionalTimestamp = (date: Date | null): string | null => (date === null ? null : formatTimestamp(date));
