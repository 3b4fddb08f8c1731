import { UseCaseModule } from '../use-case-module.js';
import * as ACCOUNTS_USE_CASES from './accounts-use-cases.js';

/** Accounts, their members and memberships, and what the accounts' subscriptions entitle them to. */
export const accountsModule = new UseCaseModule(ACCOUNTS_USE_CASES);
