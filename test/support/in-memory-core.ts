import { InMemoryAccessTokenRepository } from '../../src/adapters/persistence/in-memory/auth/in-memory-access-token-repository.js';
import { InMemoryAccountMemberTokenRepository } from '../../src/adapters/persistence/in-memory/auth/in-memory-account-member-token-repository.js';
import { InMemoryState } from '../../src/adapters/persistence/in-memory/in-memory-state.js';
import { InMemoryApplicationKeyRepository } from '../../src/adapters/persistence/in-memory/keys/in-memory-application-key-repository.js';
import { InMemoryConsoleSessionRepository } from '../../src/adapters/persistence/in-memory/people/in-memory-console-session-repository.js';
import { InMemoryMerchantUserRepository } from '../../src/adapters/persistence/in-memory/people/in-memory-merchant-user-repository.js';
import { InMemoryMerchantRealmMappingRepository } from '../../src/adapters/persistence/in-memory/realm-mappings/in-memory-merchant-realm-mapping-repository.js';
import { InMemoryStoreRepository } from '../../src/adapters/persistence/in-memory/stores/in-memory-store-repository.js';
import { nodeSecrets } from '../../src/adapters/system/node-secrets.js';
import { TestClock, testIds } from './system-fakes.js';

/** In-memory ports and a stoppable clock, for use cases built with `new`. */
export const inMemoryCore = () => {
  const state = new InMemoryState();
  return {
    state,
    clock: new TestClock(),
    ids: testIds,
    secrets: nodeSecrets,
    stores: new InMemoryStoreRepository(state),
    keys: new InMemoryApplicationKeyRepository(state),
    tokens: new InMemoryAccessTokenRepository(state),
    memberTokens: new InMemoryAccountMemberTokenRepository(state),
    mappings: new InMemoryMerchantRealmMappingRepository(state),
    merchantUsers: new InMemoryMerchantUserRepository(state),
    sessions: new InMemoryConsoleSessionRepository(state),
  };
};
