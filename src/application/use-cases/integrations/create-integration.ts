import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Integration, parseNewIntegration } from '../../../domain/integrations/integration.js';
import { unprocessable } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { HostResolver } from '../../ports/integrations/host-resolver.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import type { IntegrationSettings } from '../../ports/integrations/integration-settings.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type Result, refusal } from './integrations.js';
import { refusedReceiver } from './receiver-check.js';

@injectable()
export class CreateIntegration {
  constructor(
    @inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository,
    @inject(INTEGRATION_TOKENS.HostResolver) private readonly resolver: HostResolver,
    @inject(INTEGRATION_TOKENS.IntegrationSettings) private readonly settings: IntegrationSettings,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown): Result<Integration> {
    const attributes = parseNewIntegration(data);
    if (E.isLeft(attributes)) return E.left(refusal(attributes.left));
    const refused = await refusedReceiver(attributes.right.configuration.url, this.resolver, this.settings);
    if (refused !== undefined) return E.left(unprocessable(refused, 'receiver_refused'));
    const now = this.clock.now();
    const integration: Integration = {
      id: this.ids.uuid(),
      storeId,
      attributes: attributes.right,
      createdAt: now,
      updatedAt: now,
    };
    await this.integrations.insert(integration);
    return E.right(integration);
  }
}
