import { UseCaseModule } from '../use-case-module.js';
import * as SUBSCRIPTIONS_USE_CASES from './subscriptions-use-cases.js';

/** Subscriptions, their states, their copies of plans and products, and subscribers. */
export const subscriptionsModule = new UseCaseModule(SUBSCRIPTIONS_USE_CASES);
