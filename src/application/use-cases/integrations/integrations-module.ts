import { UseCaseModule } from '../use-case-module.js';
import * as INTEGRATIONS_USE_CASES from './integrations-use-cases.js';

/** Integrations: EPCC's Integrations API, and the relay that delivers their webhooks. */
export const integrationsModule = new UseCaseModule(INTEGRATIONS_USE_CASES);
