import * as E from 'fp-ts/lib/Either.js';
import { type Issues, issues } from '../shared/errors.js';
import { parseTimestamp } from '../shared/timestamp.js';
import { isRecord } from '../shared/validation.js';

/** The JSON:API type of a store's test clock document. */
export const TEST_CLOCK_TYPE = 'subscription_test_clock';

/**
 * The most schedule instants one move of a test clock fires for one schedule: a move over years of a
 * minutely schedule would otherwise start millions of jobs. Billing runs catch up every due period at
 * once, so the instants beyond are not needed to bill what they would have billed.
 */
export const MAX_INSTANTS_PER_MOVE = 1000;

/** The store's time, and whether its test clock holds it (`set`) or the system's time is read (not set). */
export interface StoreTimeReading {
  readonly now: Date;
  readonly set: boolean;
}

/** `{"data":{"type":"subscription_test_clock","attributes":{"now":"<RFC 3339>"}}}`: the time to move to. */
export const parseTestClockMove = (body: unknown): E.Either<Issues, Date> => {
  const data = isRecord(body) ? body['data'] : undefined;
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  if (data['type'] !== TEST_CLOCK_TYPE) return E.left(issues('data.type', `must be "${TEST_CLOCK_TYPE}"`));
  const attributes = data['attributes'];
  if (!isRecord(attributes)) return E.left(issues('data.attributes', 'must be an object'));
  return parseTimestamp('data.attributes.now')(attributes['now']);
};

/** Why a move is refused: a test clock only moves forward, from what the store's clock reads now. */
export const BACKWARDS = "a test clock only moves forward: data.attributes.now must not be before the store's time now";

/** A move to `to` from the store's time `from`: refused when backwards; staying put is a move of zero. */
export const moveOf = (from: Date, to: Date): E.Either<typeof BACKWARDS, { readonly from: Date; readonly to: Date }> =>
  to.getTime() < from.getTime() ? E.left(BACKWARDS) : E.right({ from, to });

/** Why a clear is refused: the store would go back from its clock's time to the system's, which is earlier. */
export const AHEAD =
  "the store's test clock is ahead of the system's time, and clearing it would move the store's time back: it can be cleared once the system's time reaches it";

/**
 * Whether the store may follow the system's time again: only when that is no move back, the rule a move
 * keeps (a clock never set, or already reached by the system's time).
 */
export const clearOf = (held: Date | undefined, system: Date): E.Either<typeof AHEAD, Date | undefined> =>
  held !== undefined && held.getTime() > system.getTime() ? E.left(AHEAD) : E.right(held);
