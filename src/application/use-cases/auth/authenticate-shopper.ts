import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SignedInShopper } from '../../../domain/auth/account-member-token.js';
import { type DomainError, unauthenticated } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/** One wording for every failure, so that a guesser learns nothing of which tokens exist or where. */
export const MEMBER_TOKEN_INVALID = 'the account management authentication token is invalid or has expired';
const TOKEN_TEXT_MAX = 512;

@injectable()
export class AuthenticateShopper {
  constructor(
    @inject(TOKENS.AccountMemberTokenRepository) private readonly tokens: AccountMemberTokenRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** The account and member a token sent with a request of `storeId` speaks for; another store's token is invalid here. */
  async execute(storeId: Uuid, token: string): Promise<E.Either<DomainError, SignedInShopper>> {
    const text = token.trim();
    if (text === '' || text.length > TOKEN_TEXT_MAX) return E.left(unauthenticated(MEMBER_TOKEN_INVALID));
    const found = await this.tokens.findActive(this.secrets.hash(text), this.clock.now());
    return found === undefined || found.storeId !== storeId
      ? E.left(unauthenticated(MEMBER_TOKEN_INVALID))
      : E.right({ accountId: found.accountId, accountMemberId: found.accountMemberId, tokenHash: found.tokenHash });
  }
}
