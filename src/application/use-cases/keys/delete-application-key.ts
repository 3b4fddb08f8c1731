import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import { TOKENS } from '../../tokens.js';
import { APPLICATION_KEY_NOT_FOUND } from './get-application-key.js';

@injectable()
export class DeleteApplicationKey {
  constructor(@inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository) {}

  /** Deletes the key; tokens minted from it stop working at once. */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const keyId = parseUuid(id);
    const deleted = keyId !== undefined && (await this.keys.delete(storeId, keyId));
    return deleted ? E.right(undefined) : E.left(notFound(APPLICATION_KEY_NOT_FOUND));
  }
}
