import { UseCaseModule } from '../use-case-module.js';
import * as FEATURES_USE_CASES from './features-use-cases.js';

/** Features: what subscriptions give their subscribers beyond the plan, each named by a tag. */
export const featuresModule = new UseCaseModule(FEATURES_USE_CASES);
