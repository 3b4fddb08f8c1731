import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  MAPPING_NOT_FOUND,
  type MerchantRealmMapping,
  PREFIX_IN_USE,
} from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { parsePrefixChange } from '../../../domain/realm-mappings/prefix-input.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class UpdateMerchantRealmPrefix {
  constructor(
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
  ) {}

  /** Sets the login prefix of the store's mapping; a prefix another store holds, in any case, is a conflict. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, MerchantRealmMapping>> {
    const mappingId = parseUuid(id);
    if (mappingId === undefined) return E.left(notFound(MAPPING_NOT_FOUND));
    const prefix = parsePrefixChange(data);
    if (E.isLeft(prefix)) return E.left(validationFailed(prefix.left));
    const updated = await this.mappings.setPrefix(storeId, mappingId, prefix.right);
    if (E.isRight(updated)) return updated;
    return E.left(
      updated.left._tag === 'Missing' ? notFound(MAPPING_NOT_FOUND) : conflict(PREFIX_IN_USE, 'prefix_taken'),
    );
  }
}
