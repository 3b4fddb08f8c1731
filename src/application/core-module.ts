import { ContainerModule, type Newable } from 'inversify';
import { accountsModule } from './use-cases/accounts/accounts-module.js';
import { auditModule } from './use-cases/audit/audit-module.js';
import { authModule } from './use-cases/auth/auth-module.js';
import { authenticationRealmsModule } from './use-cases/authentication-realms/authentication-realms-module.js';
import { billingModule } from './use-cases/billing/billing-module.js';
import { catalogueModule } from './use-cases/catalogue/catalogue-module.js';
import { featuresModule } from './use-cases/features/features-module.js';
import { gatewaysModule } from './use-cases/gateways/gateways-module.js';
import { healthModule } from './use-cases/health/health-module.js';
import { idempotencyModule } from './use-cases/idempotency/idempotency-module.js';
import { importsModule } from './use-cases/imports/imports-module.js';
import { integrationsModule } from './use-cases/integrations/integrations-module.js';
import { jobsModule } from './use-cases/jobs/jobs-module.js';
import { keysModule } from './use-cases/keys/keys-module.js';
import { peopleModule } from './use-cases/people/people-module.js';
import { rateLimitsModule } from './use-cases/rate-limits/rate-limits-module.js';
import { realmMappingsModule } from './use-cases/realm-mappings/realm-mappings-module.js';
import { schedulesModule } from './use-cases/schedules/schedules-module.js';
import { settingsModule } from './use-cases/settings/settings-module.js';
import { storesModule } from './use-cases/stores/stores-module.js';
import { subscriptionsModule } from './use-cases/subscriptions/subscriptions-module.js';
import { testClocksModule } from './use-cases/test-clocks/test-clocks-module.js';
import type { UseCaseModule } from './use-cases/use-case-module.js';

/** The container module of each concept, by its folder under use-cases/: each concept named once. */
export const CONCEPT_MODULES: Readonly<Record<string, UseCaseModule>> = {
  accounts: accountsModule,
  audit: auditModule,
  auth: authModule,
  'authentication-realms': authenticationRealmsModule,
  billing: billingModule,
  catalogue: catalogueModule,
  features: featuresModule,
  gateways: gatewaysModule,
  health: healthModule,
  idempotency: idempotencyModule,
  imports: importsModule,
  integrations: integrationsModule,
  jobs: jobsModule,
  keys: keysModule,
  people: peopleModule,
  'rate-limits': rateLimitsModule,
  'realm-mappings': realmMappingsModule,
  schedules: schedulesModule,
  settings: settingsModule,
  stores: storesModule,
  subscriptions: subscriptionsModule,
  'test-clocks': testClocksModule,
};

/** Every use case of the core, resolved by its class: the concepts' lists, end to end. */
export const USE_CASES: readonly Newable<object>[] = Object.values(CONCEPT_MODULES).flatMap((module) =>
  Object.values(module.useCases),
);

/** Binds every concept's use cases; the ports they need come from a persistence module and a system module. */
export const coreModule = new ContainerModule((options) => {
  // Each concept's module binds synchronously (UseCaseModule), so the core loads in one synchronous step.
  for (const module of Object.values(CONCEPT_MODULES)) void module.load(options);
});
