import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';

/**
 * What one unit of work (an HTTP request) has committed so far, and the statements that must ride along
 * in every transaction it commits from now on. The database layer writes to it; the HTTP layer reads it
 * to tell "nothing was stored" (503) from "something may have been" (504), and the idempotency store uses
 * it to mark a key as applied in the very transaction that applies the request.
 */
export interface WriteLedger {
  /** True once any transaction of the unit committed (or may have: its commit went unanswered). */
  committed: boolean;
  /** Run inside each transaction of the unit, just before its COMMIT. */
  readonly alongEveryCommit: CompiledQuery[];
}

const ledgers = new AsyncLocalStorage<WriteLedger | undefined>();

/** Runs `work` as one unit whose commits are recorded in the ledger it is given. */
export const withWriteLedger = <A>(work: (ledger: WriteLedger) => Promise<A>): Promise<A> => {
  const ledger: WriteLedger = { committed: false, alongEveryCommit: [] };
  return ledgers.run(ledger, () => work(ledger));
};

/** The ledger of the unit running now, if any. */
export const currentWriteLedger = (): WriteLedger | undefined => ledgers.getStore();

/** Runs `work` outside the current unit: bookkeeping about a request (its idempotency key) is not part of its change. */
export const outsideWriteLedger = <A>(work: () => Promise<A>): Promise<A> => ledgers.run(undefined, work);
