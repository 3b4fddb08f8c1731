import * as E from 'fp-ts/lib/Either.js';
import { type Issues, issues } from '../shared/errors.js';

/** A store may be given up to a million requests per second; more is a typing mistake, not a plan. */
export const STORE_BUDGET_MAX = 1_000_000;

export const BUDGET_BELOW_RESERVATIONS = "the store's application keys reserve more than this request budget";

/** A store's request budget: a whole number of requests per second, 1 to a million. */
export const parseStoreBudget = (input: unknown): E.Either<Issues, number> => {
  const n = typeof input === 'string' && /^[0-9]+$/.test(input) ? Number(input) : input;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= STORE_BUDGET_MAX
    ? E.right(n)
    : E.left(issues('rate_limit', `must be a whole number of requests per second from 1 to ${STORE_BUDGET_MAX}`));
};
