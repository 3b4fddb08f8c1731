import type { StateAction } from '../../subscriptions/subscription.js';

/** A stretch of time a subscription was paused: from a pause up to the resume that followed it, if any yet. */
export interface PauseGap {
  readonly from: Date;
  readonly until?: Date;
}

/** One state change of a subscription's history, as far as pauses are concerned. */
export interface StateChangeAt {
  readonly action: StateAction;
  readonly at: Date;
}

/**
 * The pause gaps of one subscription from its state history in order: each pause up to the next resume.
 * A pause without a resume after it is open; other actions between them do not end a gap.
 */
export const pauseGaps = (history: readonly StateChangeAt[]): readonly PauseGap[] => {
  const gaps: PauseGap[] = [];
  let from: Date | undefined;
  for (const change of history) {
    if (change.action === 'pause' && from === undefined) from = change.at;
    else if (change.action === 'resume' && from !== undefined) {
      gaps.push({ from, until: change.at });
      from = undefined;
    }
  }
  if (from !== undefined) gaps.push({ from });
  return gaps;
};

/**
 * Whether a period began in a pause that lasted to its end, and so is not billed. A period in which the
 * subscription resumed is billed: EPCC's next billing run after a resume invoices, so the time from the
 * resume on is never free.
 */
export const pausedThroughout = (
  gaps: readonly PauseGap[],
  period: { readonly start: Date; readonly end: Date },
): boolean =>
  gaps.some(
    (gap) =>
      period.start.getTime() >= gap.from.getTime() &&
      (gap.until === undefined || gap.until.getTime() >= period.end.getTime()),
  );
