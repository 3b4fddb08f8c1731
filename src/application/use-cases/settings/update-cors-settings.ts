import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type CorsSettings, parseCorsSettingsChanges } from '../../../domain/settings/cors-settings.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { CorsSettingsRepository } from '../../ports/settings/settings-repository.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

@injectable()
export class UpdateCorsSettings {
  constructor(@inject(TOKENS.CorsSettingsRepository) private readonly settings: CorsSettingsRepository) {}

  /** A partial update: without `allowed_origins` the list stays as it is. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, CorsSettings>> {
    const changes = parseCorsSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.settings.update(storeId, (current) => E.right({ ...current, ...changes.right }));
    return updated ?? E.left(notFound(STORE_NOT_FOUND));
  }
}
