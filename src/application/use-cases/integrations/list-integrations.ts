import { inject, injectable } from 'inversify';
import type { Integration } from '../../../domain/integrations/integration.js';
import { INTEGRATION_LIST } from '../../../domain/integrations/integration-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './integrations.js';

@injectable()
export class ListIntegrations {
  constructor(
    @inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(storeId: Uuid, params: QueryParams): Result<Page<Integration>> {
    return listPage(this.stores, storeId, params, INTEGRATION_LIST, (query) => this.integrations.list(storeId, query));
  }
}
