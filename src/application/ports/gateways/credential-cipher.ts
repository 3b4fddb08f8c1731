/** A credential sealed under one key: what storage keeps, beside the key's id. */
export interface SealedValue {
  readonly keyId: string;
  readonly sealed: string;
}

/**
 * Seals gateway credentials for storage and opens them for the gateway that uses them, under the
 * deployment's key (`GATEWAY_CREDENTIALS_KEY`). `context` is authenticated with the value: a value opens
 * only under the context it was sealed with.
 */
export interface CredentialCipher {
  /** The id of the key new values are sealed with; undefined when the deployment has none, and nothing can be sealed. */
  readonly keyId: string | undefined;
  /** Seals `secret`; throws when there is no key (check `keyId` first). */
  seal(secret: string, context: string): SealedValue;
  /** The secret a value holds; throws when its key is not configured, or the value or its context was altered. */
  open(value: SealedValue, context: string): string;
}
