import { ContainerModule, type Newable } from 'inversify';
import { ListIntegrationJobs, ListIntegrationLogs } from './use-cases/integrations/integration-logs.js';
import { RelayDeliveries } from './use-cases/integrations/relay-deliveries.js';
import {
  CreateIntegration,
  DeleteIntegration,
  GetIntegration,
  ListIntegrations,
  UpdateIntegration,
} from './use-cases/integrations/integrations.js';

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
