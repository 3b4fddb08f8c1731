import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';
import type { UnitWrites, WriteLedger } from '../../../../application/ports/write-ledger.js';

/**
 * The database's record of one unit of work: whether it committed, which the guarded connection
 * (guarded-dialect.ts) sets at each commit, and the statements that must ride along in every transaction
 * it commits from now on, which the idempotency store adds to mark a key as applied in the very
 * transaction that applies the request.
 */
export interface UnitLedger extends UnitWrites {
  committed: boolean;
  /** Run inside each transaction of the unit, just before its COMMIT. */
  readonly alongEveryCommit: CompiledQuery[];
}

const ledgers = new AsyncLocalStorage<UnitLedger | undefined>();

/** The ledger of the unit running now, if any. */
export const currentWriteLedger = (): UnitLedger | undefined => ledgers.getStore();

/** Runs `work` outside the current unit: bookkeeping about a request (its idempotency key) is not part of its change. */
export const outsideWriteLedger = <A>(work: () => Promise<A>): Promise<A> => ledgers.run(undefined, work);

/** The write ledger over a database: each unit's commits are those its async calls send (see guarded-dialect.ts). */
export const databaseWriteLedger: WriteLedger = {
  run: (work) => {
    const ledger: UnitLedger = { committed: false, alongEveryCommit: [] };
    return ledgers.run(ledger, () => work(ledger));
  },
  committedSoFar: () => currentWriteLedger()?.committed ?? false,
};
