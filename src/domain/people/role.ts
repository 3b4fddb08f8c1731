import type { KeyScopes } from '../auth/scope.js';

/**
 * What a merchant's person may do in the store, assigned per person by an owner. Each role is a set of key
 * scopes, so a person reaches exactly the routes a key with those scopes reaches; only an owner (or a key
 * with full access, which sets up the first owner) manages people and their roles.
 */
export const ROLES = ['owner', 'admin', 'billing', 'read-only'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_SCOPES: Readonly<Record<Role, KeyScopes>> = {
  owner: null,
  admin: null,
  billing: ['billing'],
  'read-only': ['read-only'],
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
