import { ContainerModule, type Newable } from 'inversify';
import { ListIntegrationJobs } from './use-cases/integrations/list-integration-jobs.js';
import { ListIntegrationLogs } from './use-cases/integrations/integration-logs.js';
import { RelayDeliveries } from './use-cases/integrations/relay-deliveries.js';
import { CreateIntegration } from './use-cases/integrations/integrations.js';
import { DeleteIntegration } from './use-cases/integrations/delete-integration.js';
import { GetIntegration } from './use-cases/integrations/get-integration.js';
import { ListIntegrations } from './use-cases/integrations/list-integrations.js';
import { UpdateIntegration } from './use-cases/integrations/update-integration.js';

const USE_CASES: readonly Newable<object>[] = [
  CreateIntegration,
  GetIntegration,
  ListIntegrations,
  UpdateIntegration,
  DeleteIntegration,
  ListIntegrationLogs,
  ListIntegrationJobs,
  RelayDeliveries,
];

/** The use cases of integrations: EPCC's Integrations API. */
export const integrationsModule = new ContainerModule(({ bind }) => {
  for (const useCase of USE_CASES) bind(useCase).toSelf().inSingletonScope();
});
