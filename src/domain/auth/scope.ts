import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import type { Parsed } from '../shared/validation.js';
import type { Access } from './access.js';

/**
 * What a key may be limited to (an extension: EPCC keys have no scopes; Stripe's restricted keys and
 * Unkey's permissions do the same job). Scopes add up: a key with several may do what any of them allows.
 */
export const SCOPES = ['read-only', 'catalogue', 'billing'] as const;
export type Scope = (typeof SCOPES)[number];

/** A key's scopes, in the order of `SCOPES`; null for full access, which every key without scopes has. */
export type KeyScopes = readonly Scope[] | null;

/**
 * - `read-only`: every read but the credentials and store administration: the catalogue, subscriptions,
 *   subscribers, invoices, payments, billing policies, schedules, jobs, imports.
 * - `catalogue`: the catalogue (products, plans, offerings), read and write.
 * - `billing`: every read of `read-only`, and every write but the catalogue's: subscriptions and their
 *   states, subscribers, payments, billing policies, schedules, jobs, imports.
 * `admin` (application keys, settings, realm mappings) and `people` (the merchant's people and their roles)
 * need full access.
 */
const ALLOWS: Readonly<Record<Scope, readonly Access[]>> = {
  'read-only': ['catalogue', 'read'],
  catalogue: ['catalogue', 'edit-catalogue'],
  billing: ['catalogue', 'read', 'write'],
};

export const scopesPermit = (scopes: KeyScopes, access: Access): boolean =>
  scopes === null || scopes.some((scope) => ALLOWS[scope].includes(access));

/** The scope a refusal of `access` names: the narrowest that allows it; none when only full access does. */
const NEEDED: Readonly<Record<Access, Scope | undefined>> = {
  catalogue: 'read-only',
  read: 'read-only',
  'edit-catalogue': 'catalogue',
  write: 'billing',
  admin: undefined,
  people: undefined,
};

export const scopeNeeded = (access: Access): Scope | undefined => NEEDED[access];

/** Why a key with `scopes` may not do what needs `access`, naming the scope it lacks. */
export const scopeRefusal = (scopes: readonly Scope[], access: Access): string => {
  const needed = scopeNeeded(access);
  const has = `the key's scopes (${scopes.join(', ')}) do not allow this request`;
  return needed === undefined
    ? `${has}: it needs a key without scopes (full access)`
    : `${has}: it needs the scope ${needed}`;
};

/** Scopes as a key stores them: joined by commas, in the order of `SCOPES`. */
export const scopesText = (scopes: KeyScopes): string | null => (scopes === null ? null : scopes.join(','));

export const scopesFromText = (text: string | null): KeyScopes =>
  text === null ? null : SCOPES.filter((scope) => text.split(',').includes(scope));

const MUST_BE = `must be one of ${SCOPES.map((s) => `'${s}'`).join(', ')}`;

/**
 * `scopes` of a create or update: a list of one or more distinct scopes, or `null` for full access. An
 * empty list would make a key that can do nothing, so it is refused with a hint.
 */
export const parseScopes =
  (source: string) =>
  (input: unknown): Parsed<KeyScopes> => {
    if (input === null) return E.right(null);
    if (!Array.isArray(input) || input.length > SCOPES.length * 4)
      return E.left(issues(source, `must be a list of scopes (${SCOPES.join(', ')}), or null for full access`));
    if (input.length === 0)
      return E.left(issues(source, 'must name at least one scope; leave it out, or send null, for full access'));
    const problems: ValidationIssue[] = [];
    input.forEach((value: unknown, index) => {
      if (typeof value !== 'string' || !(SCOPES as readonly string[]).includes(value))
        problems.push(issue(`${source}.${index}`, MUST_BE));
      else if (input.indexOf(value) !== index) problems.push(issue(`${source}.${index}`, 'repeats a scope'));
    });
    const [first, ...rest] = problems;
    if (first !== undefined) return E.left([first, ...rest]);
    return E.right(SCOPES.filter((scope) => input.includes(scope)));
  };
