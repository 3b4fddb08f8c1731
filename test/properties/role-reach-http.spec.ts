import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { API_ENDPOINTS } from '../../src/adapters/http/api-endpoints.js';
import { PLAIN_SESSION_COOKIE } from '../../src/adapters/http/people/session-cookie.js';
import { CreateMerchantUser } from '../../src/application/use-cases/people/create-merchant-user.js';
import { StartConsoleSession } from '../../src/application/use-cases/people/start-console-session.js';
import type { Access } from '../../src/domain/auth/access.js';
import { ROLES, type Role } from '../../src/domain/people/role.js';
import { DEFAULT_SUBSCRIPTIONS_GENERATION } from '../../src/domain/settings/subscriptions-generation.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { ROUTES, type RouteCase } from './route-catalogue.js';
import { seedStore } from './seeded-store.js';

/** What each role reaches, as docs/console.md's table of roles says (and role-reach.spec.ts at the guard). */
const ROLE_REACH: Readonly<Record<Role, readonly Access[]>> = {
  owner: ['catalogue', 'edit-catalogue', 'read', 'write', 'admin', 'people'],
  admin: ['catalogue', 'edit-catalogue', 'read', 'write', 'admin'],
  billing: ['catalogue', 'read', 'write'],
  'read-only': ['catalogue', 'read'],
};

const accessOf = (route: RouteCase): Access | 'public' => {
  const endpoint = API_ENDPOINTS.flatMap((c) => c.endpoints).find(
    (e) =>
      e.spec.operationId === route.operation &&
      (e.generation === undefined || e.generation === (route.generation ?? DEFAULT_SUBSCRIPTIONS_GENERATION)),
  );
  if (endpoint === undefined) throw new Error(`${route.operation} is not declared`);
  return endpoint.spec.access;
};

/**
 * Every guarded route of the catalogue, asked by a person signed in with each role through a real console
 * session (its cookie and CSRF token, over a socket): refused with `role_not_permitted` exactly where the
 * role does not reach the route's access. The token endpoint's form and the import upload's multipart body
 * are refused for their content type before any guard, so they are left to the guard-level test.
 */
describe('Properties: no role reaches a route it should not (over HTTP, with console sessions)', function () {
  this.timeout(300_000);
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  const guarded = ROUTES.filter((r) => r.form !== true && r.multipart !== true).flatMap((route) => {
    const access = accessOf(route);
    return access === 'public' ? [] : [{ route, access }];
  });

  for (const role of ROLES)
    it(`answers a person with the role ${role} exactly as the role allows`, async () => {
      const store = await seedStore(api.url, api.container, `Roles ${role}`);
      const storeId = store.ids.storeId as Uuid;
      const person = await api.container
        .get(CreateMerchantUser)
        .execute(storeId, { type: 'merchant_user', name: `The ${role}`, email: `${role}@example.com`, role });
      if (E.isLeft(person)) throw new Error('no person');
      const started = await api.container.get(StartConsoleSession).forUser(storeId, person.right.id, {});
      if (E.isLeft(started)) throw new Error('no session');
      const headers = {
        Cookie: `${PLAIN_SESSION_COOKIE}=${started.right.sessionToken}`,
        'X-CSRF-Token': started.right.csrfToken,
      };
      const wrong: string[] = [];
      for (const { route, access } of guarded) {
        const body = route.body?.(store.ids);
        const response = await fetch(`${api.url}${route.path(store.ids)}`, {
          method: route.method,
          headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        const refused = response.status === 403 && text.includes('"role_not_permitted"');
        if (response.status === 401) wrong.push(`${route.method} ${route.pattern}: 401, the session ended`);
        else if (refused === ROLE_REACH[role].includes(access))
          wrong.push(`${route.method} ${route.pattern} (${access}): ${response.status}`);
      }
      expect(wrong, `the role ${role} was answered wrongly on`).to.deep.equal([]);
    });
});
