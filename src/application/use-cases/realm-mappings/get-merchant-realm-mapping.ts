import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MAPPING_NOT_FOUND, type MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class GetMerchantRealmMapping {
  constructor(
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
  ) {}

  /** The store's one mapping, or, with an untrusted `id`, the mapping of that id if it is the store's. */
  async execute(storeId: Uuid, id?: string): Promise<E.Either<DomainError, MerchantRealmMapping>> {
    const mappingId = id === undefined ? undefined : parseUuid(id);
    const found =
      id === undefined
        ? await this.mappings.findByStore(storeId)
        : mappingId === undefined
          ? undefined
          : await this.mappings.findById(storeId, mappingId);
    return found === undefined ? E.left(notFound(MAPPING_NOT_FOUND)) : E.right(found);
  }
}
