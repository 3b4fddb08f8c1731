import type { Uuid } from '../../../domain/shared/uuid.js';

/** An OpenID Connect profile of a realm, as the sign-in page names it. */
export interface OidcProfileSummary {
  readonly id: Uuid;
  readonly name: string;
}

/** The OpenID Connect profiles a realm offers for signing in, read by the console's sign-in methods. */
export interface OidcProfileDirectory {
  /** The realm's profiles, oldest first; none when the realm is not the store's. */
  listForRealm(storeId: Uuid, realmId: Uuid): Promise<readonly OidcProfileSummary[]>;
}

/** The directory while no OpenID Connect profile is stored anywhere: every realm offers passwords alone. */
export const NO_OIDC_PROFILES: OidcProfileDirectory = { listForRealm: async () => [] };
