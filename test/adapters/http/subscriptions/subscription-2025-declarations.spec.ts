import { expect } from 'chai';
import { API_ENDPOINTS } from '../../../../src/adapters/http/api-endpoints.js';
import { INVOICE_2025_ENDPOINTS } from '../../../../src/adapters/http/billing/invoice-2025-endpoints.js';
import type { Endpoint } from '../../../../src/adapters/http/endpoints/endpoint.js';
import { SUBSCRIBER_2025_ENDPOINTS } from '../../../../src/adapters/http/subscriptions/subscriber-endpoints.js';
import { SUBSCRIPTION_2025_ENDPOINTS } from '../../../../src/adapters/http/subscriptions/subscription-2025-endpoints.js';
import { epccContract } from '../../../support/epcc-contract.js';

const DECLARED_2025 = [SUBSCRIPTION_2025_ENDPOINTS, INVOICE_2025_ENDPOINTS, SUBSCRIBER_2025_ENDPOINTS].flatMap(
  (group) => group.endpoints,
);
const SERVED = API_ENDPOINTS.flatMap((group) => group.endpoints);
const key = (e: Pick<Endpoint<never>, 'method' | 'path'>) => `${e.method.toUpperCase()} ${e.path}`;

describe('the 2025 subscriptions, invoices and subscribers declarations', () => {
  it('are each declared for generation 2025, at the path EPCC writes, also served without /v2', () => {
    for (const endpoint of DECLARED_2025) {
      expect(endpoint.generation, key(endpoint)).to.equal('2025');
      expect(endpoint.path, key(endpoint)).to.match(/^\/v2\/subscriptions\//);
      expect(endpoint.alsoAt, key(endpoint)).to.equal(endpoint.path.slice('/v2'.length));
    }
  });

  it("use EPCC's 2026-10 operationId of the operation at their method and path", () => {
    for (const endpoint of DECLARED_2025) {
      const epcc = epccContract().match(endpoint.method.toUpperCase(), endpoint.path, '2025');
      expect(epcc?.operation.operationId, key(endpoint)).to.equal(endpoint.spec.operationId);
    }
  });

  it('meet, at the same method and path, only a 2024 declaration, never an unmarked one', () => {
    const others = SERVED.filter((e) => e.generation !== '2025');
    for (const endpoint of DECLARED_2025) {
      const twins = others.filter((e) => key(e) === key(endpoint));
      expect(
        twins.map((e) => e.generation),
        `${key(endpoint)}'s twins`,
      ).to.satisfy((g: unknown[]) => g.every((x) => x === '2024'));
    }
    expect(
      DECLARED_2025.every((e) => SERVED.includes(e)),
      'every 2025 declaration is served',
    ).to.equal(true);
  });

  it('keep operationIds unique within 2025 and the operations both generations share', () => {
    const ids = SERVED.filter((e) => e.generation !== '2024').map((e) => e.spec.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).to.deep.equal([]);
  });

  it("mark 2024 the subscription paths 2025 has no operation for (a subscription's products)", () => {
    const products = SERVED.filter((e) => e.path.startsWith('/v2/subscriptions/subscriptions/{id}/products'));
    expect(products.map((e) => e.generation)).to.deep.equal(['2024', '2024']);
  });
});
