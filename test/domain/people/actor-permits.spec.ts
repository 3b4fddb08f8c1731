import { expect } from 'chai';
import type { Access } from '../../../src/domain/auth/access.js';
import type { Actor } from '../../../src/domain/auth/actor.js';
import type { KeyScopes } from '../../../src/domain/auth/scope.js';
import { actorPermits, actorRefusal, rolePermits, rolesPermitting } from '../../../src/domain/people/actor-permits.js';
import { ROLE_SCOPES, type Role } from '../../../src/domain/people/role.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const ID = '0b5a2a43-6d0e-4a4e-9d1e-1b0f4b6f3c11' as Uuid;
const ACCESSES: readonly Access[] = ['catalogue', 'edit-catalogue', 'read', 'write', 'admin', 'people'];

describe('who may do what: roles and keys', () => {
  // Every role against every access level: the whole rule, as a table (docs/console.md shows the same).
  const roles: ReadonlyArray<[Role, Readonly<Record<Access, boolean>>]> = [
    ['owner', { catalogue: true, 'edit-catalogue': true, read: true, write: true, admin: true, people: true }],
    ['admin', { catalogue: true, 'edit-catalogue': true, read: true, write: true, admin: true, people: false }],
    ['billing', { catalogue: true, 'edit-catalogue': false, read: true, write: true, admin: false, people: false }],
    ['read-only', { catalogue: true, 'edit-catalogue': false, read: true, write: false, admin: false, people: false }],
  ];
  for (const [role, allowed] of roles)
    for (const access of ACCESSES)
      it(`${allowed[access] ? 'lets' : 'stops'} a person with the role ${role} on ${access}`, () => {
        const person: Actor = { kind: 'user', id: ID, role };
        expect(rolePermits(role, access)).to.equal(allowed[access]);
        expect(actorPermits(person, ROLE_SCOPES[role], access)).to.equal(allowed[access]);
      });

  it('judges a person by their role, whatever scopes ride along', () => {
    const admin: Actor = { kind: 'user', id: ID, role: 'admin' };
    expect(actorPermits(admin, null, 'people')).to.equal(false);
    const owner: Actor = { kind: 'user', id: ID, role: 'owner' };
    expect(actorPermits(owner, ['read-only'], 'people')).to.equal(true);
  });

  const keys: ReadonlyArray<[KeyScopes, boolean]> = [
    [null, true],
    [['read-only'], false],
    [['catalogue'], false],
    [['billing'], false],
    [['read-only', 'catalogue', 'billing'], false],
  ];
  for (const [scopes, manages] of keys)
    it(`${manages ? 'lets' : 'stops'} a key with ${scopes === null ? 'full access' : scopes.join(', ')} manage people`, () => {
      expect(actorPermits({ kind: 'key', id: ID }, scopes, 'people')).to.equal(manages);
    });

  it('judges a key on every other level by its scopes alone', () => {
    for (const access of ACCESSES.filter((a) => a !== 'people')) {
      expect(actorPermits({ kind: 'key', id: ID }, null, access), access).to.equal(true);
      expect(actorPermits({ kind: 'key', id: ID }, ['catalogue'], access), access).to.equal(
        access === 'catalogue' || access === 'edit-catalogue',
      );
    }
  });

  it('names the roles that would be let in, or the scope a key lacks', () => {
    expect(rolesPermitting('people')).to.deep.equal(['owner']);
    expect(rolesPermitting('write')).to.deep.equal(['owner', 'admin', 'billing']);
    expect(actorRefusal({ kind: 'user', id: ID, role: 'admin' }, null, 'people')).to.equal(
      'the role admin does not allow this request: it needs the role owner',
    );
    expect(actorRefusal({ kind: 'user', id: ID, role: 'read-only' }, ['read-only'], 'write')).to.equal(
      'the role read-only does not allow this request: it needs one of the roles owner, admin, billing',
    );
    expect(actorRefusal({ kind: 'key', id: ID }, ['billing'], 'people')).to.match(/needs a key without scopes/);
  });
});
