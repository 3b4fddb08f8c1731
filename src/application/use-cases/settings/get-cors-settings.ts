import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { CorsSettings } from '../../../domain/settings/cors-settings.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { CorsSettingsRepository } from '../../ports/settings/settings-repository.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

@injectable()
export class GetCorsSettings {
  constructor(@inject(TOKENS.CorsSettingsRepository) private readonly settings: CorsSettingsRepository) {}

  async execute(storeId: Uuid): Promise<E.Either<DomainError, CorsSettings>> {
    const found = await this.settings.find(storeId);
    return found === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(found);
  }
}
