import type { Access } from '../auth/access.js';
import type { Actor } from '../auth/actor.js';
import { type KeyScopes, scopeRefusal, scopesPermit } from '../auth/scope.js';
import { type DomainError, forbidden } from '../shared/errors.js';
import { ROLE_SCOPES, ROLES, type Role } from './role.js';

/**
 * Whether a person with `role` may do what needs `access`: what the role's scopes allow, except managing
 * people, which is the owner's alone (an admin's role carries full access otherwise).
 */
export const rolePermits = (role: Role, access: Access): boolean =>
  access === 'people' ? role === 'owner' : scopesPermit(ROLE_SCOPES[role], access);

/**
 * Whether a caller may do what needs `access`: a person by their role, a key by its scopes. A key manages
 * people only with full access, since it is how a store's first owner is made.
 */
export const actorPermits = (actor: Actor, scopes: KeyScopes, access: Access): boolean => {
  if (actor.kind === 'user') return rolePermits(actor.role, access);
  return access === 'people' ? scopes === null : scopesPermit(scopes, access);
};

/** The roles that reach what needs `access`, most powerful first. */
export const rolesPermitting = (access: Access): readonly Role[] => ROLES.filter((role) => rolePermits(role, access));

/** Why the caller may not do what needs `access`: the roles that may, or the scope the key lacks. */
export const actorRefusal = (actor: Actor, scopes: KeyScopes, access: Access): string => {
  if (actor.kind === 'user') {
    const [only, ...more] = rolesPermitting(access);
    const needed = more.length === 0 ? `the role ${only}` : `one of the roles ${[only, ...more].join(', ')}`;
    return `the role ${actor.role} does not allow this request: it needs ${needed}`;
  }
  return scopes === null ? 'this request needs a key with full access' : scopeRefusal(scopes, access);
};

/** The refusal of a caller `actorPermits` stops: a person for their role, a key for its scopes. */
export const accessRefusal = (actor: Actor, scopes: KeyScopes, access: Access): DomainError =>
  forbidden(actorRefusal(actor, scopes, access), actor.kind === 'user' ? 'role_not_permitted' : 'scope_missing');
