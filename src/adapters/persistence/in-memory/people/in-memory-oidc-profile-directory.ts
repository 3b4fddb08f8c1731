import { injectable } from 'inversify';
import type {
  OidcProfileDirectory,
  OidcProfileSummary,
} from '../../../../application/ports/people/oidc-profile-directory.js';

/** Until OpenID Connect profiles are stored, no realm offers one. */
@injectable()
export class NoOidcProfiles implements OidcProfileDirectory {
  async listForRealm(): Promise<readonly OidcProfileSummary[]> {
    return [];
  }
}
