import type { ContainerModuleLoadOptions } from 'inversify';
import { PEOPLE_TOKENS } from '../../../../application/people-tokens.js';
import { KyselyConsoleSessionRepository } from './kysely-console-session-repository.js';
import { KyselyMerchantUserRepository } from './kysely-merchant-user-repository.js';

/** The database ports of the merchant's people and their console sessions. */
export const bindKyselyPeople = (bind: ContainerModuleLoadOptions['bind']) => {
  bind(PEOPLE_TOKENS.MerchantUserRepository).to(KyselyMerchantUserRepository).inSingletonScope();
  bind(PEOPLE_TOKENS.ConsoleSessionRepository).to(KyselyConsoleSessionRepository).inSingletonScope();
};
