import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { keyActor } from '../../../domain/auth/actor.js';
import type { Principal } from '../../../domain/auth/grant.js';
import { type DomainError, unauthenticated } from '../../../domain/shared/errors.js';
import type { AccessTokenRepository } from '../../ports/auth/access-token-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

const TOKEN_REQUIRED = 'a bearer token is required';
const TOKEN_INVALID = 'the access token is invalid or has expired';
const TOKEN_TEXT_MAX = 512;

@injectable()
export class AuthenticateBearer {
  constructor(
    @inject(TOKENS.AccessTokenRepository) private readonly tokens: AccessTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** `authorization` is the raw header value, if any. */
  async execute(authorization: string | undefined): Promise<E.Either<DomainError, Principal>> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (token === undefined) return E.left(unauthenticated(TOKEN_REQUIRED));
    if (token.length > TOKEN_TEXT_MAX) return E.left(unauthenticated(TOKEN_INVALID));
    const found = await this.tokens.findActive(this.secrets.hash(token), this.clock.now());
    return found === undefined
      ? E.left(unauthenticated(TOKEN_INVALID))
      : E.right({
          storeId: found.storeId,
          applicationKeyId: found.applicationKeyId,
          grant: found.grant,
          scopes: found.scopes,
          actor: keyActor(found.applicationKeyId),
        });
  }
}
