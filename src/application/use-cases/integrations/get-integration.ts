import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Integration } from '../../../domain/integrations/integration.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import { INTEGRATION_NOT_FOUND, type Result } from './integrations.js';

@injectable()
export class GetIntegration {
  constructor(@inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository) {}

  async execute(storeId: Uuid, id: string): Result<Integration> {
    const integrationId = parseUuid(id);
    const found = integrationId === undefined ? undefined : await this.integrations.findById(storeId, integrationId);
    return found === undefined ? E.left(notFound(INTEGRATION_NOT_FOUND)) : E.right(found);
  }
}
