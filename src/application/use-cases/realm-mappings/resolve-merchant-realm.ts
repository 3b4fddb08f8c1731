import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MAPPING_NOT_FOUND, type MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { parsePrefix } from '../../../domain/realm-mappings/prefix-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class ResolveMerchantRealm {
  constructor(
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
  ) {}

  /** What a login page needs: the store and realm behind the prefix an administrator typed, in any case. */
  async execute(prefix: unknown): Promise<E.Either<DomainError, MerchantRealmMapping>> {
    const parsed = parsePrefix('prefix')(prefix);
    if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
    const found = await this.mappings.findByPrefix(parsed.right);
    return found === undefined ? E.left(notFound(MAPPING_NOT_FOUND)) : E.right(found);
  }
}
