import { UseCaseModule } from '../use-case-module.js';
import * as GATEWAYS_USE_CASES from './gateways-use-cases.js';

/** Each store's payment gateways: which are enabled, in test mode, and the credentials they use. */
export const gatewaysModule = new UseCaseModule(GATEWAYS_USE_CASES);
