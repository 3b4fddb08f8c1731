import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { API_DOCUMENTS } from '../../../src/adapters/http/api-description/openapi-document.js';

type Paths = Record<string, Record<string, { operationId?: string } | unknown>>;

/** `GET /offerings/{}` for `get` `/v2/subscriptions/offerings/{offering_uuid}`: what a route is, whatever its names. */
const routeOf = (method: string, route: string): string =>
  `${method.toUpperCase()} ${route.replace(/^\/v2/, '').replace(/\{[^}]+\}/g, '{}')}`;

const operations = (paths: Paths): Map<string, string> => {
  const found = new Map<string, string>();
  for (const [route, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item))
      if (typeof operation === 'object' && operation !== null && 'operationId' in operation)
        found.set(routeOf(method, route), String(operation.operationId));
  return found;
};

const EPCC_2026 = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../support/epcc/subscriptions-2026-10-openapi.json'), 'utf8'),
) as { paths: Paths };

describe("HTTP: EPCC's current subscriptions document, operation by operation", () => {
  it('has every operation of its 2026-10 document served on the 2025 wire, at its method and path', () => {
    const ours = operations(API_DOCUMENTS['2025'].paths as Paths);
    const epcc = operations(EPCC_2026.paths);
    const missing = [...epcc].filter(([route]) => !ours.has(route)).map(([route, id]) => `${id}: ${route}`);
    expect(missing, 'operations not served').to.deep.equal([]);
    // Where the 2025 wire has a declaration of its own, it carries EPCC's operation id; where its wire is 2024's
    // (jobs, states, payments, schedules, policies, deletes) the shared declaration keeps its own.
    const ownIds = [...epcc].filter(([route, id]) => ours.get(route) === id).length;
    expect(ownIds, 'served under EPCC’s own operation id').to.be.greaterThan(epcc.size / 2);
  });
});
