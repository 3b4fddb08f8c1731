import { UseCaseModule } from '../use-case-module.js';
import * as REALM_MAPPINGS_USE_CASES from './realm-mappings-use-cases.js';

/** Merchant realm mappings: a store's realm and its prefix. */
export const realmMappingsModule = new UseCaseModule(REALM_MAPPINGS_USE_CASES);
