import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryConsoleSessionRepository } from '../../../src/adapters/persistence/in-memory/people/in-memory-console-session-repository.js';
import { InMemoryMerchantUserRepository } from '../../../src/adapters/persistence/in-memory/people/in-memory-merchant-user-repository.js';
import { csrfTokenOf } from '../../../src/application/use-cases/people/console-sessions.js';
import { StartConsoleSession } from '../../../src/application/use-cases/people/start-console-session.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { DEFAULT_SESSION_LIFETIME } from '../../../src/domain/people/console-session.js';
import { newMerchantUser } from '../../../src/domain/people/merchant-user.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('Shop');
  if (E.isLeft(created)) throw new Error('store not created');
  const users = new InMemoryMerchantUserRepository(core.state, core.audit);
  const sessions = new InMemoryConsoleSessionRepository(core.state);
  const storeId = created.right.store.id;
  const user = newMerchantUser(
    core.ids.uuid(),
    storeId,
    { name: 'Ada', email: 'ada@example.com', role: 'owner' },
    core.clock.now(),
  );
  await users.insert(user);
  const start = new StartConsoleSession(sessions, users, DEFAULT_SESSION_LIFETIME, core.clock, core.secrets);
  return { ...core, storeId, user, users, sessions, start, key: created.right.key };
};

describe('StartConsoleSession', () => {
  it("starts a person's session, keeping only hashes, and records the sign-in", async () => {
    const { start, storeId, user, users, sessions, state, secrets, clock } = await setup();
    const started = await start.forUser(storeId, user.id, { address: '127.0.0.1', userAgent: 'test' });
    if (E.isLeft(started)) throw new Error('not started');
    const { sessionToken, csrfToken, expiresAt, idleExpiresAt } = started.right;
    expect(csrfToken).to.equal(csrfTokenOf(secrets, sessionToken));
    expect(expiresAt.getTime() - clock.now().getTime()).to.equal(12 * 3_600_000);
    expect(idleExpiresAt.getTime() - clock.now().getTime()).to.equal(30 * 60_000);
    const stored = [...state.consoleSessions.values()];
    expect(stored).to.have.length(1);
    expect(JSON.stringify(stored)).not.to.include(sessionToken).and.not.to.include(csrfToken);
    const found = await sessions.findActive(secrets.hash(sessionToken), clock.now());
    expect(found?.holder).to.deep.equal({ kind: 'user', user: { ...user, lastSignedInAt: clock.now() } });
    expect((await users.findById(storeId, user.id))?.lastSignedInAt).to.deep.equal(clock.now());
  });

  it('gives every sign-in a new session id', async () => {
    const { start, storeId, user } = await setup();
    const [a, b] = await Promise.all([start.forUser(storeId, user.id, {}), start.forUser(storeId, user.id, {})]);
    if (E.isLeft(a) || E.isLeft(b)) throw new Error('not started');
    expect(a.right.sessionToken).not.to.equal(b.right.sessionToken);
  });

  it("starts a key's session that holds the key's scopes as they are", async () => {
    const { start, storeId, key, sessions, secrets, clock } = await setup();
    const started = await start.forKey(storeId, key.id, {});
    if (E.isLeft(started)) throw new Error('not started');
    const found = await sessions.findActive(secrets.hash(started.right.sessionToken), clock.now());
    expect(found?.holder).to.deep.equal({ kind: 'key', applicationKeyId: key.id, scopes: null });
  });

  it('refuses a person or key that is not the store’s', async () => {
    const { start, storeId, ids, state } = await setup();
    expect(await start.forUser(storeId, ids.uuid(), {})).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'merchant user not found' }),
    );
    expect(await start.forKey(storeId, ids.uuid(), {})).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'application key not found' }),
    );
    expect(state.consoleSessions.size).to.equal(0);
  });

  it('ends every session of a person at once, and none of another', async () => {
    const { start, storeId, user, key, sessions, secrets, clock } = await setup();
    const one = await start.forUser(storeId, user.id, {});
    const two = await start.forUser(storeId, user.id, {});
    const keys = await start.forKey(storeId, key.id, {});
    if (E.isLeft(one) || E.isLeft(two) || E.isLeft(keys)) throw new Error('not started');
    expect(await sessions.deleteForSubject(storeId, { kind: 'user', id: user.id })).to.equal(2);
    expect(await sessions.findActive(secrets.hash(one.right.sessionToken), clock.now())).to.equal(undefined);
    expect(await sessions.findActive(secrets.hash(keys.right.sessionToken), clock.now())).not.to.equal(undefined);
  });
});
