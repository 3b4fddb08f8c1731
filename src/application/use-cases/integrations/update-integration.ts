import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  applyIntegrationChanges,
  type Integration,
  parseIntegrationChanges,
} from '../../../domain/integrations/integration.js';
import { notFound, unprocessable } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { HostResolver } from '../../ports/integrations/host-resolver.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import type { IntegrationSettings } from '../../ports/integrations/integration-settings.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { INTEGRATION_NOT_FOUND, type Result, refusal } from './integrations.js';
import { refusedReceiver } from './receiver-check.js';

/** A partial update; a new URL is checked as a new integration's is. */
@injectable()
export class UpdateIntegration {
  constructor(
    @inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository,
    @inject(INTEGRATION_TOKENS.HostResolver) private readonly resolver: HostResolver,
    @inject(INTEGRATION_TOKENS.IntegrationSettings) private readonly settings: IntegrationSettings,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string, data: unknown): Result<Integration> {
    const integrationId = parseUuid(id);
    if (integrationId === undefined) return E.left(notFound(INTEGRATION_NOT_FOUND));
    const changes = parseIntegrationChanges(data);
    if (E.isLeft(changes)) return E.left(refusal(changes.left));
    const url = changes.right.configuration?.url;
    const refused = url === undefined ? undefined : await refusedReceiver(url, this.resolver, this.settings);
    if (refused !== undefined) return E.left(unprocessable(refused, 'receiver_refused'));
    const now = this.clock.now();
    const updated = await this.integrations.update(storeId, integrationId, (current) => ({
      ...current,
      attributes: applyIntegrationChanges(current.attributes, changes.right),
      updatedAt: now,
    }));
    return updated === undefined ? E.left(notFound(INTEGRATION_NOT_FOUND)) : E.right(updated);
  }
}
