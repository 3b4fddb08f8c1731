/**
 * Storage could not be reached or did not answer in time: a fault of the infrastructure, not of the
 * request, which a client may retry. Persistence adapters throw it in place of their drivers' errors
 * for refused or lost connections and timed-out statements, so that callers need not know any driver.
 */
export class StorageUnavailable extends Error {
  override readonly name: string = 'StorageUnavailable';

  constructor(
    /** Why, in a few words, for the log (never shown to clients). */
    readonly reason: string,
    options?: { readonly cause?: unknown },
  ) {
    super(`storage unavailable: ${reason}`, options);
  }
}

export const isStorageUnavailable = (error: unknown): error is StorageUnavailable =>
  error instanceof StorageUnavailable;

/**
 * The database stopped answering while a change's commit was on its way, so whether the change was stored
 * cannot be known here: a retry under the same idempotency key finds out (the key records, in the change's
 * own transaction, that it was applied). Everything else that throws `StorageUnavailable` stored nothing.
 */
export class StorageOutcomeUnknown extends StorageUnavailable {
  override readonly name = 'StorageOutcomeUnknown';
}

export const isStorageOutcomeUnknown = (error: unknown): error is StorageOutcomeUnknown =>
  error instanceof StorageOutcomeUnknown;
