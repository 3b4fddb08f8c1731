import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseRevokedToken, type RevocationCaller } from '../../../domain/auth/revocation-request.js';
import { type DomainError, unauthenticated, validationFailed } from '../../../domain/shared/errors.js';
import type { AccessTokenRepository } from '../../ports/auth/access-token-repository.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { INVALID_CREDENTIALS, verifyClient } from './verify-client.js';

export const CALLER_REQUIRED =
  'authenticate with the client credentials of the key the token was minted from (client_id and client_secret, or HTTP Basic), or with the token itself as the bearer';
const BEARER_INVALID = 'the access token is invalid or has expired';

/**
 * RFC 7009 token revocation. A client revokes the tokens minted from its own key; a bearer revokes
 * itself. A token that is unknown, expired, or not the caller's is answered like a revoked one (RFC 7009
 * section 2.2), so that the answer tells no one whether a token exists.
 */
@injectable()
export class RevokeAccessToken {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.AccessTokenRepository) private readonly tokens: AccessTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** `form` is the decoded form body (`token`, `token_type_hint`); `caller` is who authenticated, if anyone. */
  async execute(caller: RevocationCaller | undefined, form: unknown): Promise<E.Either<DomainError, void>> {
    const token = parseRevokedToken(form);
    if (E.isLeft(token)) return E.left(validationFailed(token.left));
    if (caller === undefined) return E.left(unauthenticated(CALLER_REQUIRED));
    const tokenHash = this.secrets.hash(token.right);
    if (caller.kind === 'client') {
      const key = await verifyClient(
        { keys: this.keys, secrets: this.secrets, clock: this.clock },
        caller.clientId,
        caller.clientSecret,
      );
      if (key === undefined) return E.left(unauthenticated(INVALID_CREDENTIALS));
      await this.tokens.revoke(tokenHash, key.id);
      return E.right(undefined);
    }
    const bearer = await this.tokens.findActive(this.secrets.hash(caller.token), this.clock.now());
    if (bearer === undefined) return E.left(unauthenticated(BEARER_INVALID));
    if (caller.token === token.right) await this.tokens.revoke(tokenHash, bearer.applicationKeyId);
    return E.right(undefined);
  }
}
