import type { Invoice } from '../../../../domain/billing/invoices/invoice.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** A store's invoices, in no particular order. */
export const invoicesOf = (state: InMemoryState, storeId: Uuid): Invoice[] =>
  [...state.invoices.values()].filter((invoice) => invoice.storeId === storeId);

/** Adds `amount` to the group of `key`, counting it: a run's report groups what it made or recorded. */
export const group = <K extends object>(
  groups: Map<string, K & { count: number; amount: number }>,
  key: Omit<K, 'count' | 'amount'>,
  amount: number,
): void => {
  const id = JSON.stringify(key);
  const known = groups.get(id);
  groups.set(
    id,
    known === undefined
      ? ({ ...key, count: 1, amount } as K & { count: number; amount: number })
      : { ...known, count: known.count + 1, amount: known.amount + amount },
  );
};
