import { InMemoryAuditRecorder } from '../../src/adapters/persistence/in-memory/audit/in-memory-audit-recorder.js';
import { InMemoryAccessTokenRepository } from '../../src/adapters/persistence/in-memory/auth/in-memory-access-token-repository.js';
import { InMemoryAccountMemberTokenRepository } from '../../src/adapters/persistence/in-memory/auth/in-memory-account-member-token-repository.js';
import { InMemoryState } from '../../src/adapters/persistence/in-memory/in-memory-state.js';
import { InMemoryApplicationKeyRepository } from '../../src/adapters/persistence/in-memory/keys/in-memory-application-key-repository.js';
import { InMemoryConsoleSessionRepository } from '../../src/adapters/persistence/in-memory/people/in-memory-console-session-repository.js';
import { InMemoryMerchantUserRepository } from '../../src/adapters/persistence/in-memory/people/in-memory-merchant-user-repository.js';
import { InMemoryMerchantRealmMappingRepository } from '../../src/adapters/persistence/in-memory/realm-mappings/in-memory-merchant-realm-mapping-repository.js';
import { InMemoryStoreRepository } from '../../src/adapters/persistence/in-memory/stores/in-memory-store-repository.js';
import { asyncAuditScope } from '../../src/adapters/system/async-audit-scope.js';
import { nodeSecrets } from '../../src/adapters/system/node-secrets.js';
import { TestClock, testIds } from './system-fakes.js';

/** In-memory ports and a stoppable clock, for use cases built with `new`. */
export const inMemoryCore = () => {
  const state = new InMemoryState();
  const clock = new TestClock();
  const audit = new InMemoryAuditRecorder(state, testIds, clock, asyncAuditScope());
  return {
    state,
    clock,
    audit,
    ids: testIds,
    secrets: nodeSecrets,
    stores: new InMemoryStoreRepository(state, audit),
    keys: new InMemoryApplicationKeyRepository(state, audit),
    tokens: new InMemoryAccessTokenRepository(state),
    memberTokens: new InMemoryAccountMemberTokenRepository(state),
    mappings: new InMemoryMerchantRealmMappingRepository(state, audit),
    merchantUsers: new InMemoryMerchantUserRepository(state, audit),
    sessions: new InMemoryConsoleSessionRepository(state),
  };
};
