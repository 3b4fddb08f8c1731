import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type CartSettings,
  changeCartSettings,
  DISCOUNTS_EXCLUSIVE,
  parseCartSettingsChanges,
} from '../../../domain/settings/cart-settings.js';
import { type DomainError, notFound, unprocessable, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { CartSettingsRepository } from '../../ports/settings/settings-repository.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

@injectable()
export class UpdateCartSettings {
  constructor(@inject(TOKENS.CartSettingsRepository) private readonly settings: CartSettingsRepository) {}

  /** A partial update: settings left out keep their values; custom discounts and rule promotions never both hold. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, CartSettings>> {
    const changes = parseCartSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.settings.update(storeId, (current) => {
      const next = changeCartSettings(current, changes.right);
      return next === undefined ? E.left(unprocessable(DISCOUNTS_EXCLUSIVE, 'discounts_exclusive')) : E.right(next);
    });
    return updated ?? E.left(notFound(STORE_NOT_FOUND));
  }
}
