/**
 * Storage could not be reached or did not answer in time: a fault of the infrastructure, not of the
 * request, which a client may retry. Persistence adapters throw it in place of their drivers' errors
 * for refused or lost connections and timed-out statements, so that callers need not know any driver.
 */
export class StorageUnavailable extends Error {
  override readonly name = 'StorageUnavailable';

  constructor(
    /** Why, in a few words, for the log (never shown to clients). */
    readonly reason: string,
    options?: { readonly cause?: unknown },
  ) {
    super(`storage unavailable: ${reason}`, options);
  }
}

export const isStorageUnavailable = (error: unknown): error is StorageUnavailable => error instanceof StorageUnavailable;
