import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import {
  emailTaken,
  type SelfSignupRepository,
  type Signup,
  type SignupRefusal,
  usernameTaken,
} from '../../../../application/ports/authentication-realms/self-signup-repository.js';
import { accountRefusal, emailTaken as emailHeld, membershipRefusal } from '../accounts/in-memory-memberships.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { credentialsRefusal } from './in-memory-usernames.js';

/** Nothing awaits between the first check and the last write, so no other call sees a signup in part. */
@injectable()
export class InMemorySelfSignupRepository implements SelfSignupRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  async signUp({ member, credentials, ownAccount, events }: Signup): Promise<E.Either<SignupRefusal, void>> {
    if (this.state.accountMembers.has(member.id) || this.state.passwordProfileInfos.has(credentials.id))
      throw new Error(`duplicate id ${member.id} or ${credentials.id}`);
    const claimed = credentialsRefusal(this.state, credentials);
    if (E.isLeft(claimed)) return E.left(claimed.left._tag === 'Taken' ? usernameTaken : claimed.left);
    if (emailHeld(this.state, member)) return E.left(emailTaken);
    if (
      ownAccount !== undefined &&
      (this.state.accounts.has(ownAccount.account.id) || E.isLeft(accountRefusal(this.state, ownAccount.account)))
    )
      // As in SQL, where a violation of the new account's own is no refusal of a signup but a broken request.
      throw new Error(`self-signup could not store the account ${ownAccount.account.id}`);
    this.state.passwordProfileInfos.set(credentials.id, credentials);
    this.state.accountMembers.set(member.id, member);
    if (ownAccount !== undefined) {
      const { account, membership, membershipLimit } = ownAccount;
      const joined = membershipRefusal(this.state, membership, membershipLimit, true);
      if (E.isLeft(joined)) {
        // Taken back in the same synchronous step: no other call ever saw the member.
        this.state.passwordProfileInfos.delete(credentials.id);
        this.state.accountMembers.delete(member.id);
        if (joined.left._tag === 'LimitReached') return E.left(joined.left);
        throw new Error(`self-signup could not store the membership ${membership.id}: ${joined.left._tag}`);
      }
      this.state.accounts.set(account.id, account);
      this.state.accountMemberships.set(membership.id, membership);
    }
    this.outbox?.record(member.storeId, events);
    return E.right(undefined);
  }
}
