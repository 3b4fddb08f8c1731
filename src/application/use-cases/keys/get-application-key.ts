import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import { TOKENS } from '../../tokens.js';

export const APPLICATION_KEY_NOT_FOUND = 'application key not found';

@injectable()
export class GetApplicationKey {
  constructor(@inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository) {}

  /** `id` is untrusted text: anything that is not one of the store's key ids is not found. */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, ApplicationKey>> {
    const keyId = parseUuid(id);
    const key = keyId === undefined ? undefined : await this.keys.findById(storeId, keyId);
    return key === undefined ? E.left(notFound(APPLICATION_KEY_NOT_FOUND)) : E.right(key);
  }
}
