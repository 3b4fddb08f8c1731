import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { API_ENDPOINTS } from '../../src/adapters/http/api-endpoints.js';
import { requireAccess } from '../../src/adapters/http/middleware/require-access.js';
import type { Access } from '../../src/domain/auth/access.js';
import type { Actor } from '../../src/domain/auth/actor.js';
import type { Principal } from '../../src/domain/auth/grant.js';
import { type KeyScopes, SCOPES } from '../../src/domain/auth/scope.js';
import { ROLE_SCOPES, ROLES, type Role } from '../../src/domain/people/role.js';
import { DEFAULT_SUBSCRIPTIONS_GENERATION } from '../../src/domain/settings/subscriptions-generation.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { ROUTES, type RouteCase } from './route-catalogue.js';

/**
 * What each caller reaches, written from docs/console.md's table of roles and docs/api.md's scopes rather
 * than from the code, so that a change to either rule shows here as a difference.
 */
const ROLE_REACH: Readonly<Record<Role, readonly Access[]>> = {
  owner: ['catalogue', 'edit-catalogue', 'read', 'write', 'admin', 'people'],
  admin: ['catalogue', 'edit-catalogue', 'read', 'write', 'admin'],
  billing: ['catalogue', 'read', 'write'],
  'read-only': ['catalogue', 'read'],
};
const SCOPE_REACH = {
  'read-only': ['catalogue', 'read'],
  catalogue: ['catalogue', 'edit-catalogue'],
  billing: ['catalogue', 'read', 'write'],
} as const satisfies Record<(typeof SCOPES)[number], readonly Access[]>;
const FULL_ACCESS: readonly Access[] = ['catalogue', 'edit-catalogue', 'read', 'write', 'admin', 'people'];

const STORE = '5f0c8a2e-8d65-4a3f-9a57-1c2b3d4e5f60' as Uuid;
const KEY = '6a1d9b3f-9e76-4b40-8b68-2d3c4e5f6071' as Uuid;
const PERSON = '7b2eac40-af87-4c51-9c79-3e4d5f607182' as Uuid;

interface Caller {
  readonly name: string;
  readonly actor: Actor;
  readonly scopes: KeyScopes;
  readonly reach: readonly Access[];
  /** The code a refusal carries: a person is refused for their role, a key for its scopes. */
  readonly refusal: 'role_not_permitted' | 'scope_missing';
}

const subsets = <A>(items: readonly A[]): A[][] => {
  const all: A[][] = [[]];
  for (const item of items) for (const subset of [...all]) all.push([...subset, item]);
  return all.filter((subset) => subset.length > 0);
};

const CALLERS: readonly Caller[] = [
  ...ROLES.map(
    (role): Caller => ({
      name: `a person with the role ${role}`,
      actor: { kind: 'user', id: PERSON, role },
      scopes: ROLE_SCOPES[role],
      reach: ROLE_REACH[role],
      refusal: 'role_not_permitted',
    }),
  ),
  {
    name: 'a key with full access',
    actor: { kind: 'key', id: KEY },
    scopes: null,
    reach: FULL_ACCESS,
    refusal: 'scope_missing',
  },
  ...subsets(SCOPES).map(
    (scopes): Caller => ({
      name: `a key with the scopes ${scopes.join(', ')}`,
      actor: { kind: 'key', id: KEY },
      scopes,
      reach: [...new Set(scopes.flatMap((scope) => SCOPE_REACH[scope]))],
      refusal: 'scope_missing',
    }),
  ),
];

/** The access the route's declaration guards it with. */
const accessOf = (route: RouteCase): Access | 'public' => {
  const endpoint = API_ENDPOINTS.flatMap((c) => c.endpoints).find(
    (e) =>
      e.spec.operationId === route.operation &&
      (e.generation === undefined || e.generation === (route.generation ?? DEFAULT_SUBSCRIPTIONS_GENERATION)),
  );
  if (endpoint === undefined) throw new Error(`${route.operation} is not declared`);
  return endpoint.spec.access;
};

/** The guard of a route, run for a caller whose token (or console session) is already known to be valid. */
const guardAnswer = async (caller: Caller, access: Access) => {
  const principal: Principal = {
    storeId: STORE,
    applicationKeyId: KEY,
    grant: 'client_credentials',
    scopes: caller.scopes,
    actor: caller.actor,
  };
  const guard = requireAccess(
    { execute: async () => E.right(principal) },
    {
      execute: async () => ({
        admitted: true,
        outcome: 'unlimited' as const,
        limit: 10,
        remaining: 9,
        resetSeconds: 1,
        retryAfterSeconds: 0,
      }),
    },
    { execute: async () => E.left({ _tag: 'Unauthenticated', detail: 'no shopper here' }) },
    {
      execute: async () => E.left({ _tag: 'Unauthenticated', detail: 'no session here' }),
      csrfRefusal: () => undefined,
    },
  )({ access });
  const ctx = {
    state: {} as Record<string, unknown>,
    status: 404,
    body: undefined as unknown,
    get: () => '',
    set: () => undefined,
  };
  let admitted = false;
  await guard(ctx as never, async () => {
    admitted = true;
  });
  return { admitted, status: ctx.status, body: ctx.body as { errors: { code?: string }[] } | undefined };
};

describe('Properties: no role or key reaches a route it should not (at the guard)', () => {
  const guarded = ROUTES.map((route) => ({ route, access: accessOf(route) })).filter(
    (r): r is { route: RouteCase; access: Access } => r.access !== 'public',
  );

  it('covers every access level the routes declare, people included', () => {
    expect(new Set(guarded.map((r) => r.access))).to.deep.equal(new Set(FULL_ACCESS));
  });

  for (const caller of CALLERS)
    it(`admits ${caller.name} exactly on the routes its reach allows`, async () => {
      const wrong: string[] = [];
      for (const { route, access } of guarded) {
        const expected = caller.reach.includes(access);
        const answer = await guardAnswer(caller, access);
        const refusedRightly = answer.status === 403 && answer.body?.errors[0]?.code === caller.refusal;
        if (expected ? !answer.admitted : answer.admitted || !refusedRightly)
          wrong.push(`${route.method} ${route.pattern} (${access}): ${answer.admitted ? 'admitted' : answer.status}`);
      }
      expect(wrong, `${caller.name} was answered wrongly on`).to.deep.equal([]);
    });
});
