import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import { MERCHANT_USER_NOT_FOUND } from '../../../domain/people/merchant-user.js';
import { conflict, type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { LastOwner, MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Missing, Taken } from '../../ports/storage-outcomes.js';

export const MERCHANT_EMAIL_TAKEN = "another of the store's people has this email";
export const LAST_OWNER =
  'the store would be left without an owner: make another person owner first, then change or remove this one';

/** What storage refused, in the words of the merchant's people. */
export const merchantUserRefusal = (outcome: Missing | Taken | LastOwner): DomainError => {
  switch (outcome._tag) {
    case 'Missing':
      return notFound(MERCHANT_USER_NOT_FOUND);
    case 'Taken':
      return conflict(MERCHANT_EMAIL_TAKEN, 'email_taken');
    case 'LastOwner':
      return conflict(LAST_OWNER, 'last_owner');
  }
};

/** The store's person with this id, from untrusted text: not a UUID is not found, as another store's id is. */
export const findMerchantUser = async (
  users: MerchantUserRepository,
  storeId: Uuid,
  id: string,
): Promise<MerchantUser | undefined> => {
  const userId = parseUuid(id);
  return userId === undefined ? undefined : users.findById(storeId, userId);
};
