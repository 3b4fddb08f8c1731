import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import { INTEGRATION_NOT_FOUND, type Result } from './integrations.js';

@injectable()
export class DeleteIntegration {
  constructor(@inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository) {}

  async execute(storeId: Uuid, id: string): Result<void> {
    const integrationId = parseUuid(id);
    if (integrationId === undefined) return E.left(notFound(INTEGRATION_NOT_FOUND));
    const deleted = await this.integrations.delete(storeId, integrationId);
    return E.isLeft(deleted) ? E.left(notFound(INTEGRATION_NOT_FOUND)) : E.right(undefined);
  }
}
