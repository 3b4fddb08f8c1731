import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { GatewaySettings } from '../../../domain/gateways/gateway-settings.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { GATEWAY_TOKENS } from '../../gateway-tokens.js';
import type { GatewaySettingsRepository } from '../../ports/gateways/gateway-settings-repository.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { servedGateway } from './gateways.js';

@injectable()
export class GetGateway {
  constructor(@inject(GATEWAY_TOKENS.GatewaySettingsRepository) private readonly gateways: GatewaySettingsRepository) {}

  async execute(storeId: Uuid, slug: string): Promise<E.Either<DomainError, GatewaySettings>> {
    const served = servedGateway(slug);
    if (E.isLeft(served)) return served;
    const found = await this.gateways.find(storeId, served.right);
    return found === undefined ? E.left(notFound(STORE_NOT_FOUND)) : E.right(found);
  }
}
