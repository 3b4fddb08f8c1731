import { expect } from 'chai';
import fc from 'fast-check';
import { productData } from '../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';

interface AuditDoc {
  action: string;
  sequence: number;
  before: unknown;
  after: unknown;
}

/** A change a merchant may make to a product: a field set to a value, or the product deleted. */
const aChange = fc.oneof(
  fc.record({ field: fc.constant('name'), value: fc.stringMatching(/^[A-Za-z][A-Za-z ]{2,19}$/) }),
  fc.record({ field: fc.constant('description'), value: fc.stringMatching(/^[A-Za-z][A-Za-z .,]{0,39}$/) }),
  fc.record({ field: fc.constant('external_ref'), value: fc.stringMatching(/^[a-z0-9-]{1,16}$/) }),
  fc.record({ field: fc.constant('price'), value: fc.integer({ min: 0, max: 100_000 }) }),
);

describe('Properties: the audit trail replays a resource', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  it('chains each event’s before to the previous after, and ends at what the GET answers (or at nothing once deleted)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(aChange, { maxLength: 8 }), fc.boolean(), async (changes, deleteAtEnd) => {
        const created = await api.request('/v2/subscriptions/products', jsonBody({ data: productData() }));
        expect(created.status).to.equal(201);
        const id = ((await created.json()) as { data: { id: string } }).data.id;
        for (const { field, value } of changes) {
          const attributes = field === 'price' ? { price: { USD: { amount: value } } } : { [field]: value };
          const changed = await api.request(`/v2/subscriptions/products/${id}`, {
            ...jsonBody({ data: { id, type: 'subscription_product', attributes } }),
            method: 'PUT',
          });
          expect(changed.status, await changed.clone().text()).to.equal(200);
        }
        if (deleteAtEnd)
          expect((await api.request(`/v2/subscriptions/products/${id}`, { method: 'DELETE' })).status).to.equal(204);
        const trail = (await (
          await api.request(`/v2/audit-events?filter=eq(resource_id,${id})&page[limit]=100`)
        ).json()) as { data: AuditDoc[] };
        const chain = [...trail.data].sort((a, b) => a.sequence - b.sequence);
        expect(chain.map((e) => e.sequence)).to.deep.equal(chain.map((_, i) => i + 1));
        expect(chain.length).to.equal(1 + changes.length + (deleteAtEnd ? 1 : 0));
        let replayed: unknown = null;
        for (const event of chain) {
          expect(event.before, `${event.action} #${event.sequence}`).to.deep.equal(replayed);
          replayed = event.after;
        }
        const now = await api.request(`/v2/subscriptions/products/${id}`);
        if (deleteAtEnd) {
          expect(now.status).to.equal(404);
          expect(replayed).to.equal(null);
        } else expect(replayed).to.deep.equal(((await now.json()) as { data: unknown }).data);
      }),
      { numRuns: propertyRuns(15) },
    );
  });
});
