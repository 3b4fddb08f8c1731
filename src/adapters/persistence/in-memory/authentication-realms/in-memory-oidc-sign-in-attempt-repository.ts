import { inject, injectable } from 'inversify';
import type { OidcSignInAttemptRepository } from '../../../../application/ports/authentication-realms/oidc-sign-in-attempt-repository.js';
import { attemptExpired, type OidcSignInAttempt } from '../../../../domain/authentication-realms/oidc-sign-in.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryOidcSignInAttemptRepository implements OidcSignInAttemptRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async save(attempt: OidcSignInAttempt): Promise<void> {
    this.state.oidcSignInAttempts.set(attempt.stateHash, attempt);
  }

  async take(stateHash: string, now: Date): Promise<OidcSignInAttempt | undefined> {
    const attempt = this.state.oidcSignInAttempts.get(stateHash);
    this.state.oidcSignInAttempts.delete(stateHash);
    for (const [key, other] of this.state.oidcSignInAttempts)
      if (attemptExpired(other, now)) this.state.oidcSignInAttempts.delete(key);
    return attempt;
  }
}
