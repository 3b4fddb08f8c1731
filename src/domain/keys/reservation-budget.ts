/** What a store has to give when a key asks for a reservation. */
export interface ReservationBudget {
  /** The store's requests per second. */
  readonly rateLimit: number;
  /** Sum of the reservations of the store's other keys. */
  readonly reservedByOthers: number;
}

export const RESERVATION_EXCEEDS_BUDGET = 'requested reserved rate limit will exceed the maximum';

/** The sum of a store's reservations may not exceed its rate limit. */
export const reservationFits = (budget: ReservationBudget, requested: number | null): boolean =>
  requested === null || budget.reservedByOthers + requested <= budget.rateLimit;
