import type { CredentialCipher } from '../../application/ports/gateways/credential-cipher.js';
import { type SealedSecret, type SecretField, secretContext } from '../../domain/gateways/gateway-settings.js';
import type { GatewaySlug } from '../../domain/gateways/gateway-slug.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/**
 * A store's gateway credential in the clear, for the call that uses it. One sealed under a key this deployment
 * no longer holds is an operator's problem, not the customer's: it throws, naming the key (never the value),
 * so the payment stays pending and the job reports why, rather than the payment failing into dunning.
 */
export const openCredential = (
  cipher: CredentialCipher,
  storeId: Uuid,
  slug: GatewaySlug,
  field: SecretField,
  secret: SealedSecret,
  what: string,
): string => {
  try {
    return cipher.open(secret, secretContext(storeId, slug, field));
  } catch {
    throw new Error(
      `the store's ${what} cannot be opened (sealed under key ${secret.keyId}): set GATEWAY_CREDENTIALS_KEY to the key it was stored with, or store it again`,
    );
  }
};
