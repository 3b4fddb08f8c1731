import { expect } from 'chai';
import { subscriber2025Resource } from '../../../../src/adapters/http/subscriptions/subscriber-2025-document.js';
import { subscriberResource } from '../../../../src/adapters/http/subscriptions/subscriber-document.js';
import { uuid } from '../../../support/domain-builders.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { aSubscriber } from '../../../support/subscription-builders.js';

const subscriber = aSubscriber(uuid(1));
const heldTo = (operationId: string, path: string, status: number, body: object) =>
  epccContract().problemsAs(operationId, {
    method: operationId.startsWith('Create') ? 'POST' : operationId.startsWith('Update') ? 'PUT' : 'GET',
    path: `/generations/2025${path}`,
    status,
    header: () => undefined,
    body: JSON.stringify(body),
  });

describe('subscribers on the 2025 wire', () => {
  const entitled = {
    subscriber,
    entitlements: { tags: ['digital_library_access', 'seats'], usage: { seats: 5 } },
  };

  it("are 2024's subscriber with the tags its subscriptions grant as meta.feature_entitlements", () => {
    const wire2025 = subscriber2025Resource(entitled);
    const wire2024 = subscriberResource(subscriber);
    expect(wire2025).to.deep.equal({
      ...wire2024,
      meta: { ...wire2024.meta, feature_entitlements: ['digital_library_access', 'seats'] },
    });
  });

  const operations = [
    ['CreateSubscriber', '/v2/subscriptions/subscribers', 201, false],
    ['ListSubscribers', '/v2/subscriptions/subscribers', 200, true],
    ['GetSubscriber', `/v2/subscriptions/subscribers/${subscriber.id}`, 200, false],
    ['UpdateSubscriber', `/v2/subscriptions/subscribers/${subscriber.id}`, 200, false],
  ] as const;
  for (const [operationId, path, status, list] of operations) {
    it(`${operationId} answers fit EPCC's 2026-10 document`, () => {
      const resource = subscriber2025Resource(entitled);
      const problems = heldTo(operationId, path, status, list ? { data: [resource], links: {} } : { data: resource });
      expect(problems, problems).to.equal(undefined);
    });
  }
});
