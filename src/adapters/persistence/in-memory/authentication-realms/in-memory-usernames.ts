import * as E from 'fp-ts/lib/Either.js';
import {
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import {
  type PasswordProfileInfo,
  usernameKey,
} from '../../../../domain/authentication-realms/password-profile-info.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The credentials holding `username` in the profile, compared without regard to case, as the unique key does. */
export const usernameHolder = (
  state: InMemoryState,
  passwordProfileId: Uuid,
  username: string,
): PasswordProfileInfo | undefined => {
  const key = usernameKey(username);
  return [...state.passwordProfileInfos.values()].find(
    (info) => info.passwordProfileId === passwordProfileId && usernameKey(info.username) === key,
  );
};

/** Why new credentials may not be stored, as the SQL storage decides it: their profile and store must exist, their username be free. */
export const credentialsRefusal = (
  state: InMemoryState,
  info: PasswordProfileInfo,
): E.Either<Taken | ReferenceMissing, void> => {
  if (!state.passwordProfiles.has(info.passwordProfileId) || !state.stores.has(info.storeId))
    return E.left(referenceMissing);
  return usernameHolder(state, info.passwordProfileId, info.username) === undefined
    ? E.right(undefined)
    : E.left(taken);
};
