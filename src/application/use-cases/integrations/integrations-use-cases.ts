// The use cases of integrations, by the names the library exports them under: integrations-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { CreateIntegration } from './create-integration.js';
export { DeleteIntegration } from './delete-integration.js';
export { GetIntegration } from './get-integration.js';
export { ListIntegrationJobs } from './list-integration-jobs.js';
export { ListIntegrationLogs } from './list-integration-logs.js';
export { ListIntegrations } from './list-integrations.js';
export { RelayDeliveries } from './relay-deliveries.js';
export { UpdateIntegration } from './update-integration.js';
