import type { UnitWrites, WriteLedger } from '../../../application/ports/write-ledger.js';

const NOTHING_RECORDED: UnitWrites = { committed: false };

/**
 * Memory has nothing to record: its writes are answered at once and it never fails for want of storage,
 * so no unit ever has to tell a refused change from one that may have been stored.
 */
export const inMemoryWriteLedger: WriteLedger = {
  run: (work) => work(NOTHING_RECORDED),
  committedSoFar: () => false,
};
