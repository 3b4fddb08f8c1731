import { expect } from 'chai';
import fc from 'fast-check';
import { forEachBackend } from '../support/backends.js';
import { planData } from '../support/subscription-core.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';
import { type SeededStore, seedStore } from './seeded-store.js';

type Request =
  | { readonly kind: 'plan'; readonly to: 0 | 1 }
  | { readonly kind: 'state'; readonly action: 'pause' | 'resume' | 'cancel' }
  | { readonly kind: 'delete' };

const SUBSCRIPTIONS = '/v2/subscriptions/subscriptions';

forEachBackend(
  'Properties: concurrent plan changes, state changes and deletes of one subscription',
  (_backend, persistence) => {
    let api: TestApi;
    let store: SeededStore;
    let plans: readonly [string, string];

    const json = (body: unknown): RequestInit => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

    beforeEach(async () => {
      api = await startTestApi({ persistence: persistence() });
      store = await seedStore(api.url, api.container, 'Changes');
      const plan = (await (
        await store.send('/v2/subscriptions/plans', { method: 'POST', ...json({ data: planData({ name: 'Second' }) }) })
      ).json()) as { data: { id: string } };
      const attached = await store.send(`/v2/subscriptions/offerings/${store.ids.offeringId}/plans/attach`, {
        method: 'POST',
        ...json({ data: { plans: [plan.data.id] } }),
      });
      const copies = ((await attached.json()) as { data: { id: string }[] }).data.map((p) => p.id);
      plans = [copies[0]!, copies[1]!];
    });
    afterEach(async () => api.close());

    it('applies each accepted request once, loses none, and a delete takes the subscription and its count with it', async () => {
      const request = fc.oneof(
        fc.record({ kind: fc.constant('plan' as const), to: fc.constantFrom<0 | 1>(0, 1) }),
        fc.record({
          kind: fc.constant('state' as const),
          action: fc.constantFrom<'pause' | 'resume' | 'cancel'>('pause', 'resume', 'pause', 'resume', 'cancel'),
        }),
        fc.constant({ kind: 'delete' as const }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests: Request[]) => {
          const created = await store.send(SUBSCRIPTIONS, {
            method: 'POST',
            ...json({
              data: {
                account_id: store.ids.accountId,
                offering_id: store.ids.offeringId,
                plan_id: plans[0],
                currency: 'USD',
                name: 'Racer',
                email: 'racer@example.com',
                payment_authority: { type: 'platform_payments_processor' },
              },
            }),
          });
          const id = ((await created.json()) as { data: { id: string } }).data.id;
          const before = ((await (await store.send(SUBSCRIPTIONS)).json()) as { meta: { results: { total: number } } })
            .meta.results.total;
          const statuses = await Promise.all(
            requests.map(async (r) => {
              const response =
                r.kind === 'plan'
                  ? await store.send(`${SUBSCRIPTIONS}/${id}`, {
                      method: 'PUT',
                      ...json({ data: { type: 'subscription', attributes: { plan_id: plans[r.to] } } }),
                    })
                  : r.kind === 'state'
                    ? await store.send(`${SUBSCRIPTIONS}/${id}/states`, {
                        method: 'POST',
                        ...json({ data: { type: 'subscription_state', attributes: { action: r.action } } }),
                      })
                    : await store.send(`${SUBSCRIPTIONS}/${id}`, { method: 'DELETE' });
              return response.status;
            }),
          );
          expect(
            statuses.every((s) => [200, 204, 404, 422].includes(s)),
            String(statuses),
          ).to.equal(true);
          const deleted = requests.some((r, i) => r.kind === 'delete' && statuses[i] === 204);
          expect(
            requests.filter((r, i) => r.kind === 'delete' && statuses[i] === 204).length,
            'deleted once at most',
          ).to.be.at.most(1);
          const after = ((await (await store.send(SUBSCRIPTIONS)).json()) as { meta: { results: { total: number } } })
            .meta.results.total;
          expect(after, 'the running count').to.equal(deleted ? before - 1 : before);
          const read = await store.send(`${SUBSCRIPTIONS}/${id}`);
          if (deleted) {
            expect(read.status).to.equal(404);
            expect((await store.send(`${SUBSCRIPTIONS}/${id}/states`)).status).to.equal(404);
            return;
          }
          const subscription = (
            (await read.json()) as { data: { attributes: { plan_id: string; state?: { id: string } } } }
          ).data;
          const accepted = requests
            .filter((r, i) => r.kind === 'plan' && statuses[i] === 200)
            .map((r) => (r.kind === 'plan' ? plans[r.to] : ''));
          expect([plans[0], ...accepted]).to.include(subscription.attributes.plan_id);
          const history = (
            (await (await store.send(`${SUBSCRIPTIONS}/${id}/states?page[limit]=100`)).json()) as {
              data: { id: string }[];
            }
          ).data;
          expect(history.length, 'one record per accepted state change').to.equal(
            requests.filter((r, i) => r.kind === 'state' && statuses[i] === 204).length,
          );
          expect(subscription.attributes.state?.id).to.equal(history.at(-1)?.id);
        }),
        { numRuns: propertyRuns(6), endOnFailure: true },
      );
    });
  },
);
