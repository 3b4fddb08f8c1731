import { UseCaseModule } from '../use-case-module.js';
import * as CATALOGUE_USE_CASES from './catalogue-use-cases.js';

/** The subscriptions catalogue: products, plans and the offerings that bundle them. */
export const catalogueModule = new UseCaseModule(CATALOGUE_USE_CASES);
