import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DeliveryLog } from '../../../domain/integrations/delivery.js';
import { LOG_LIST, type LogQuery } from '../../../domain/integrations/integration-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import type { IntegrationRepository, LogScope } from '../../ports/integrations/integration-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { INTEGRATION_NOT_FOUND } from './integrations.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

const JOB_NOT_FOUND = 'integration job not found';

/** The attempt logs of the store, of one integration, or of one of its jobs: EPCC's three log lists. */
@injectable()
export class ListIntegrationLogs {
  constructor(
    @inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  private logs(storeId: Uuid, scope: LogScope, params: QueryParams): Result<Page<DeliveryLog>> {
    return listPage(this.stores, storeId, params, LOG_LIST, (query: LogQuery) =>
      this.integrations.listLogs(storeId, scope, query),
    );
  }

  ofStore(storeId: Uuid, params: QueryParams): Result<Page<DeliveryLog>> {
    return this.logs(storeId, {}, params);
  }

  async ofIntegration(storeId: Uuid, id: string, params: QueryParams): Result<Page<DeliveryLog>> {
    const integrationId = parseUuid(id);
    if (integrationId === undefined || (await this.integrations.findById(storeId, integrationId)) === undefined)
      return E.left(notFound(INTEGRATION_NOT_FOUND));
    return this.logs(storeId, { integrationId }, params);
  }

  async ofJob(storeId: Uuid, id: string, jobId: string, params: QueryParams): Result<Page<DeliveryLog>> {
    const integrationId = parseUuid(id);
    const deliveryId = parseUuid(jobId);
    if (integrationId === undefined || (await this.integrations.findById(storeId, integrationId)) === undefined)
      return E.left(notFound(INTEGRATION_NOT_FOUND));
    if (
      deliveryId === undefined ||
      (await this.integrations.findDelivery(storeId, integrationId, deliveryId)) === undefined
    )
      return E.left(notFound(JOB_NOT_FOUND));
    return this.logs(storeId, { integrationId, deliveryId }, params);
  }
}
