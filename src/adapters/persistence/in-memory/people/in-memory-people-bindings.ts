import type { ContainerModuleLoadOptions } from 'inversify';
import { PEOPLE_TOKENS } from '../../../../application/people-tokens.js';
import { InMemoryConsoleSessionRepository } from './in-memory-console-session-repository.js';
import { InMemoryMerchantUserRepository } from './in-memory-merchant-user-repository.js';

/** The in-memory ports of the merchant's people and their console sessions. */
export const bindInMemoryPeople = (bind: ContainerModuleLoadOptions['bind']) => {
  bind(PEOPLE_TOKENS.MerchantUserRepository).to(InMemoryMerchantUserRepository).inSingletonScope();
  bind(PEOPLE_TOKENS.ConsoleSessionRepository).to(InMemoryConsoleSessionRepository).inSingletonScope();
};
