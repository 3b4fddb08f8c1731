import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { GatewaySettings } from '../../../domain/gateways/gateway-settings.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { GATEWAY_TOKENS } from '../../gateway-tokens.js';
import type { GatewaySettingsRepository } from '../../ports/gateways/gateway-settings-repository.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

@injectable()
export class ListGateways {
  constructor(@inject(GATEWAY_TOKENS.GatewaySettingsRepository) private readonly gateways: GatewaySettingsRepository) {}

  /** Every gateway this service serves, each with the store's settings or the defaults. */
  async execute(storeId: Uuid): Promise<E.Either<DomainError, readonly GatewaySettings[]>> {
    const found = await this.gateways.list(storeId);
    return found === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(found);
  }
}
