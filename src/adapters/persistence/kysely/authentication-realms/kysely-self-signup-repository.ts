import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  emailTaken,
  type SelfSignupRepository,
  type Signup,
  type SignupRefusal,
  usernameTaken,
} from '../../../../application/ports/authentication-realms/self-signup-repository.js';
import { referenceMissing } from '../../../../application/ports/storage-outcomes.js';
import { accountToRow, insertMembership, memberToRow } from '../accounts/account-rows.js';
import { Refused, refusedWith } from '../accounts/refusals.js';
import { retryingDeadlocks } from '../engine/database-faults.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { infoToRow } from './authentication-realm-rows.js';

/** Runs one write of the signup, turning the violation `refusal` names into a `Refused` that rolls the whole signup back. */
const step = async (write: () => Promise<unknown>, refusal: (error: unknown) => SignupRefusal | undefined) => {
  try {
    await write();
  } catch (error) {
    const refused = refusal(error);
    throw refused === undefined ? error : new Refused(refused);
  }
};

const usernameRefusal = (error: unknown): SignupRefusal | undefined =>
  isUniqueViolation(error) ? usernameTaken : isForeignKeyViolation(error) ? referenceMissing : undefined;

const emailRefusal = (error: unknown): SignupRefusal | undefined => (isUniqueViolation(error) ? emailTaken : undefined);

/**
 * The credentials go first, so that a username both taken and racing is told before the email, and every
 * signup takes the two unique keys in one order (no two signups wait on each other in a circle).
 */
@injectable()
export class KyselySelfSignupRepository implements SelfSignupRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  async signUp({ member, credentials, ownAccount, events }: Signup): Promise<E.Either<SignupRefusal, void>> {
    return refusedWith<SignupRefusal, void>(
      () =>
        retryingDeadlocks(() =>
          this.handle.db.transaction().execute(async (trx) => {
            await step(
              () => trx.insertInto('password_profile_infos').values(infoToRow(credentials)).execute(),
              usernameRefusal,
            );
            await step(() => trx.insertInto('account_members').values(memberToRow(member)).execute(), emailRefusal);
            if (ownAccount !== undefined) {
              await trx.insertInto('accounts').values(accountToRow(ownAccount.account)).execute();
              const joined = await insertMembership(trx, ownAccount.membership, ownAccount.membershipLimit);
              // The account and the member are this transaction's own: only the limit can refuse their pair.
              if (E.isLeft(joined) && joined.left._tag !== 'LimitReached')
                throw new Error(`self-signup could not store the membership: ${joined.left._tag}`);
              if (E.isLeft(joined)) throw new Refused(joined.left);
            }
            await this.outbox.record(trx, member.storeId, events);
          }),
        ),
      () => undefined,
    );
  }
}
