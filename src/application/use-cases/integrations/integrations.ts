import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INTEGRATION_LIST } from '../../../domain/integrations/integration-query.js';
import {
  applyIntegrationChanges,
  parseIntegrationChanges,
  parseNewIntegration,
  type Integration,
  type IntegrationRefusal,
} from '../../../domain/integrations/integration.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound, unprocessable, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { HostResolver } from '../../ports/integrations/host-resolver.js';
import type { IntegrationRepository } from '../../ports/integrations/integration-repository.js';
import type { IntegrationSettings } from '../../ports/integrations/integration-settings.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { INTEGRATION_TOKENS } from '../../integration-tokens.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { refusedReceiver } from './receiver-check.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

export const INTEGRATION_NOT_FOUND = 'integration not found';

const refusal = (refused: IntegrationRefusal): DomainError =>
  refused._tag === 'Invalid'
    ? validationFailed(refused.issues)
    : unprocessable(refused.detail, 'integration_type_unsupported');

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

@injectable()
export class GetIntegration {
  constructor(@inject(INTEGRATION_TOKENS.IntegrationRepository) private readonly integrations: IntegrationRepository) {}

  async execute(storeId: Uuid, id: string): Result<Integration> {
    const integrationId = parseUuid(id);
    const found = integrationId === undefined ? undefined : await this.integrations.findById(storeId, integrationId);
    return found === undefined ? E.left(notFound(INTEGRATION_NOT_FOUND)) : E.right(found);
  }
}

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
