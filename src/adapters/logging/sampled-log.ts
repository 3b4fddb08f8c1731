/**
 * Writes at most one line per kind of event per interval, each saying how many of its kind were left
 * out since the last one: a flood of one event (thousands of clients timing out, connections refused
 * at the limit) then costs a few log lines, not one per event, and is still seen with its size.
 * Kinds may be many (one per integration): once an interval, the kinds quiet for a whole interval with
 * nothing left out are forgotten, so memory follows the kinds seen lately, not every kind ever seen.
 */
export const sampledLog = (intervalMs: number, now: () => number = Date.now) => {
  const windows = new Map<string, { startedAt: number; suppressed: number }>();
  let sweptAt = now();
  return (kind: string, write: (suppressedSinceLast: number) => void): void => {
    const at = now();
    if (at - sweptAt >= intervalMs) {
      sweptAt = at;
      for (const [quiet, window] of windows)
        if (window.suppressed === 0 && at - window.startedAt >= intervalMs) windows.delete(quiet);
    }
    const window = windows.get(kind);
    if (window !== undefined && at - window.startedAt < intervalMs) {
      window.suppressed += 1;
      return;
    }
    windows.set(kind, { startedAt: at, suppressed: 0 });
    write(window?.suppressed ?? 0);
  };
};
