import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Delivery } from '../../../domain/integrations/delivery.js';
import { DELIVERY_LIST } from '../../../domain/integrations/integration-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { INTEGRATION_NOT_FOUND } from './integrations.js';
import type { Result } from './list-integration-logs.js';

/** The jobs of an integration: one per event it was to deliver. */
@injectable()
export class ListIntegrationJobs {
  constructor(
    @inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, id: string, params: QueryParams): Result<Page<Delivery>> {
    const integrationId = parseUuid(id);
    if (integrationId === undefined || (await this.integrations.findById(storeId, integrationId)) === undefined)
      return E.left(notFound(INTEGRATION_NOT_FOUND));
    return listPage(this.stores, storeId, params, DELIVERY_LIST, (query) =>
      this.integrations.listDeliveries(storeId, integrationId, query),
    );
  }
}
