import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { tokenExpiry } from '../../../domain/auth/access-token.js';
import type { GrantType } from '../../../domain/auth/grant.js';
import { parseTokenRequest } from '../../../domain/auth/token-request.js';
import { needsLastUsedUpdate } from '../../../domain/keys/application-key.js';
import { type DomainError, unauthenticated, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccessTokenRepository } from '../../ports/auth/access-token-repository.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { INVALID_CREDENTIALS, verifyClient } from './verify-client.js';

const ACCESS_TOKEN_BITS = 160;

export interface IssuedAccessToken {
  readonly accessToken: string;
  readonly storeId: Uuid;
  readonly grant: GrantType;
  readonly expiresAt: Date;
}

@injectable()
export class IssueAccessToken {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.AccessTokenRepository) private readonly tokens: AccessTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** `form` is the decoded form body of `POST /oauth/access_token`. */
  async execute(form: unknown): Promise<E.Either<DomainError, IssuedAccessToken>> {
    const request = parseTokenRequest(form);
    if (E.isLeft(request)) return E.left(validationFailed(request.left));
    const key =
      request.right.grant === 'implicit'
        ? await this.keys.findByClientId(request.right.clientId)
        : await verifyClient(
            { keys: this.keys, secrets: this.secrets, clock: this.clock },
            request.right.clientId,
            request.right.clientSecret,
          );
    if (key === undefined) return E.left(unauthenticated(INVALID_CREDENTIALS));

    const now = this.clock.now();
    const accessToken = this.secrets.random(ACCESS_TOKEN_BITS);
    const expiresAt = tokenExpiry(now);
    const stored = await this.tokens.insert({
      tokenHash: this.secrets.hash(accessToken),
      storeId: key.storeId,
      applicationKeyId: key.id,
      grant: request.right.grant,
      expiresAt,
    });
    if (!stored) return E.left(unauthenticated(INVALID_CREDENTIALS));
    if (needsLastUsedUpdate(key, now)) await this.keys.markUsed(key.id, now);
    return E.right({ accessToken, storeId: key.storeId, grant: request.right.grant, expiresAt });
  }
}
