import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { PEOPLE_TOKENS as P } from '../../../../../src/application/people-tokens.js';
import { lastOwner } from '../../../../../src/application/ports/people/merchant-user-repository.js';
import { missing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { TOKENS } from '../../../../../src/application/tokens.js';
import { REALM_LIST } from '../../../../../src/application/use-cases/authentication-realms/list-authentication-realms.js';
import { newConsoleSession, type SessionSubject, touched } from '../../../../../src/domain/people/console-session.js';
import { type MerchantUser, newMerchantUser } from '../../../../../src/domain/people/merchant-user.js';
import type { Role } from '../../../../../src/domain/people/role.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const MINUTE = 60_000;
const lifetime = { idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE };

forEachBackend('Merchant user and console session repositories contract', (_b, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [a, b] = [storeRecords(aStore()), storeRecords(aStore())];
    await ports.stores.create(a);
    await ports.stores.create(b);
    return {
      a,
      b,
      users: ports.container.get(P.MerchantUserRepository),
      sessions: ports.container.get(P.ConsoleSessionRepository),
      keys: ports.container.get(TOKENS.ApplicationKeyRepository),
    };
  };
  const aUser = (storeId: Uuid, n: number, role: Role = 'admin', email = `person${n}@example.com`): MerchantUser =>
    newMerchantUser(randomIds.uuid(), storeId, { name: `Person ${n}`, email, role }, at(n));
  let counter = 0;
  const aSession = (storeId: Uuid, subject: SessionSubject, now = at(0)) => {
    counter += 1;
    return newConsoleSession(
      { idHash: `id-${counter}-${randomIds.uuid()}`, csrfHash: `csrf-${counter}` },
      storeId,
      subject,
      { address: '192.0.2.1', userAgent: 'Browser/1.0' },
      lifetime,
      now,
    );
  };

  it("keeps a store's people, each email once regardless of case, out of another store's reach", async () => {
    const { a, b, users } = await setup();
    const ada = aUser(a.store.id, 1, 'owner', 'Ada@Example.com');
    expect(await users.insert(ada)).to.deep.equal(E.right(ada));
    expect(await users.insert(aUser(a.store.id, 2, 'admin', 'ada@EXAMPLE.com'))).to.deep.equal(E.left(taken));
    const elsewhere = aUser(b.store.id, 3, 'owner', 'ada@example.com');
    expect(await users.insert(elsewhere)).to.deep.equal(E.right(elsewhere));
    expect(await users.findById(a.store.id, ada.id)).to.deep.equal(ada);
    expect(await users.findById(b.store.id, ada.id)).to.equal(undefined);
    expect(await users.findByEmail(a.store.id, 'ADA@example.COM')).to.deep.equal(ada);
    const bob = aUser(a.store.id, 4);
    await users.insert(bob);
    const page = await users.list(a.store.id, listQuery(REALM_LIST, {}));
    expect(page.items.map((user) => user.id)).to.deep.equal([bob.id, ada.id]);
    expect(page.total).to.equal(2);
  });

  it('changes a person, refusing a taken email and the last owner’s demotion', async () => {
    const { a, users } = await setup();
    const owner = aUser(a.store.id, 1, 'owner');
    const other = aUser(a.store.id, 2, 'billing');
    await users.insert(owner);
    await users.insert(other);
    expect(await users.update(a.store.id, other.id, (u) => ({ ...u, email: owner.email.toUpperCase() }))).to.deep.equal(
      E.left(taken),
    );
    expect(await users.update(a.store.id, owner.id, (u) => ({ ...u, role: 'admin' }))).to.deep.equal(E.left(lastOwner));
    expect(await users.delete(a.store.id, owner.id)).to.deep.equal(E.left(lastOwner));
    const promoted = { ...other, role: 'owner' as const, name: 'Second owner', updatedAt: at(9) };
    expect(await users.update(a.store.id, other.id, () => promoted)).to.deep.equal(E.right(promoted));
    const demoted = await users.update(a.store.id, owner.id, (u) => ({ ...u, role: 'read-only' }));
    expect(E.isRight(demoted) && demoted.right.role).to.equal('read-only');
    expect(await users.update(a.store.id, randomIds.uuid(), (u) => u)).to.deep.equal(E.left(missing));
    expect(await users.findById(a.store.id, other.id)).to.deep.equal(promoted);
  });

  it('keeps one owner when the last two are demoted at once', async () => {
    const { a, users } = await setup();
    const [one, two] = [aUser(a.store.id, 1, 'owner'), aUser(a.store.id, 2, 'owner')];
    await users.insert(one);
    await users.insert(two);
    const outcomes = await Promise.all(
      [one, two].map((owner) => users.update(a.store.id, owner.id, (u) => ({ ...u, role: 'admin' }))),
    );
    expect(outcomes.filter(E.isRight)).to.have.length(1);
    expect(outcomes.filter(E.isLeft).map((o) => o.left)).to.deep.equal([lastOwner]);
  });

  it('deletes a person with their sessions and credentials, and records a sign-in', async () => {
    const { a, users, sessions } = await setup();
    const owner = aUser(a.store.id, 1, 'owner');
    const admin = aUser(a.store.id, 2, 'admin');
    await users.insert(owner);
    await users.insert(admin);
    const session = aSession(a.store.id, { kind: 'user', id: admin.id });
    expect(await sessions.insert(session)).to.equal(true);
    expect((await users.recordSignIn(a.store.id, admin.id, at(5)))?.lastSignedInAt).to.deep.equal(at(5));
    expect(await users.delete(a.store.id, admin.id)).to.deep.equal(E.right({ ...admin, lastSignedInAt: at(5) }));
    expect(await users.findById(a.store.id, admin.id)).to.equal(undefined);
    expect(await sessions.findActive(session.idHash, at(1))).to.equal(undefined);
    expect(await users.delete(a.store.id, admin.id)).to.deep.equal(E.left(missing));
  });

  it("finds a live session with its person's role as it is now, and ends it idle or at its end", async () => {
    const { a, b, users, sessions } = await setup();
    const admin = aUser(a.store.id, 1, 'admin');
    await users.insert(admin);
    const session = aSession(a.store.id, { kind: 'user', id: admin.id });
    await sessions.insert(session);
    expect(await sessions.findActive(session.idHash, at(MINUTE))).to.deep.equal({
      session,
      holder: { kind: 'user', user: admin },
    });
    await users.update(a.store.id, admin.id, (u) => ({ ...u, role: 'read-only' }));
    const found = await sessions.findActive(session.idHash, at(MINUTE));
    expect(found?.holder.kind === 'user' && found.holder.user.role).to.equal('read-only');
    expect(await sessions.findActive(session.idHash, at(30 * MINUTE))).to.equal(undefined);
    const used = touched(session, lifetime, at(20 * MINUTE));
    await sessions.touch(session.idHash, used.lastUsedAt, used.idleExpiresAt);
    expect((await sessions.findActive(session.idHash, at(49 * MINUTE)))?.session).to.deep.equal(used);
    expect(await sessions.insert(aSession(b.store.id, { kind: 'user', id: admin.id }))).to.equal(false);
    expect(await sessions.insert(aSession(a.store.id, { kind: 'user', id: randomIds.uuid() }))).to.equal(false);
  });

  it("finds a key's session with the key's scopes as they are now, and ends it with the key", async () => {
    const { a, sessions, keys } = await setup();
    const key = aKey(a.store.id, { scopes: ['billing'] });
    await keys.insert(key, () => true);
    const session = aSession(a.store.id, { kind: 'key', id: key.id });
    expect(await sessions.insert(session)).to.equal(true);
    expect((await sessions.findActive(session.idHash, at(1)))?.holder).to.deep.equal({
      kind: 'key',
      applicationKeyId: key.id,
      scopes: ['billing'],
    });
    await keys.delete(a.store.id, key.id);
    expect(await sessions.findActive(session.idHash, at(1))).to.equal(undefined);
  });

  it('ends one session, every session of one person, and purges those that ended', async () => {
    const { a, users, sessions } = await setup();
    const [one, two] = [aUser(a.store.id, 1), aUser(a.store.id, 2)];
    await users.insert(one);
    await users.insert(two);
    const [s1, s2, s3] = [
      aSession(a.store.id, { kind: 'user', id: one.id }),
      aSession(a.store.id, { kind: 'user', id: one.id }),
      aSession(a.store.id, { kind: 'user', id: two.id }, at(20 * MINUTE)),
    ];
    for (const s of [s1, s2, s3]) await sessions.insert(s);
    expect(await sessions.delete(s1.idHash)).to.equal(true);
    expect(await sessions.delete(s1.idHash)).to.equal(false);
    expect(await sessions.deleteForSubject(a.store.id, { kind: 'user', id: one.id })).to.equal(1);
    expect(await sessions.findActive(s2.idHash, at(1))).to.equal(undefined);
    expect(await sessions.deleteExpired(at(30 * MINUTE))).to.equal(0);
    expect(await sessions.deleteExpired(at(50 * MINUTE))).to.equal(1);
    expect(await sessions.findActive(s3.idHash, at(21 * MINUTE))).to.equal(undefined);
  });
});
