import { expect } from 'chai';
import fc from 'fast-check';
import { forEachBackend } from '../support/backends.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';
import { type SeededStore, seedStore } from './seeded-store.js';

type Action = 'pause' | 'resume' | 'cancel';

interface StateDocument {
  readonly id: string;
  readonly attributes: { readonly action: Action };
  readonly meta: { readonly created_at: string; readonly paused: boolean; readonly canceled: boolean };
}

/** What each action needs of the state before it, as the domain's rules say (the plan allows all three). */
const allowed = (action: Action, before: { paused: boolean; canceled: boolean }): boolean =>
  !before.canceled && (action === 'pause' ? !before.paused : action === 'resume' ? before.paused : true);

forEachBackend('Properties: concurrent state changes of one subscription', (_backend, persistence) => {
  let api: TestApi;
  let store: SeededStore;

  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
    store = await seedStore(api.url, api.container, 'States');
  });
  afterEach(async () => api.close());

  it('records every accepted change once, in the order applied, ending in the subscription’s own state', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Action>('pause', 'resume', 'pause', 'resume', 'cancel'), {
          minLength: 1,
          maxLength: 30,
        }),
        async (actions) => {
          const created = await store.send('/v2/subscriptions/subscriptions', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              data: {
                account_id: store.ids.accountId,
                offering_id: store.ids.offeringId,
                plan_id: store.ids.offeringPlanId,
                currency: 'USD',
                name: 'Concurrent',
                email: 'concurrent@example.com',
                payment_authority: { type: 'platform_payments_processor' },
              },
            }),
          });
          const id = ((await created.json()) as { data: { id: string } }).data.id;
          const statuses = await Promise.all(
            actions.map(async (action) => {
              const response = await store.send(`/v2/subscriptions/subscriptions/${id}/states`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ data: { type: 'subscription_state', attributes: { action } } }),
              });
              return response.status;
            }),
          );
          expect(
            statuses.every((s) => s === 204 || s === 409 || s === 422),
            String(statuses),
          ).to.equal(true);
          const history = (
            (await (await store.send(`/v2/subscriptions/subscriptions/${id}/states?page[limit]=100`)).json()) as {
              data: StateDocument[];
            }
          ).data;
          expect(history.length, 'one record per accepted change').to.equal(statuses.filter((s) => s === 204).length);
          const accepted = actions.filter((_, i) => statuses[i] === 204).sort();
          expect(history.map((h) => h.attributes.action).sort(), 'the records are the accepted changes').to.deep.equal(
            accepted,
          );

          let state = { paused: false, canceled: false };
          let previous = '';
          for (const record of history) {
            expect(
              allowed(record.attributes.action, state),
              `${record.attributes.action} after ${JSON.stringify(state)}`,
            ).to.equal(true);
            state = { paused: record.meta.paused, canceled: record.meta.canceled };
            expect(record.meta.created_at >= previous, 'times never go back').to.equal(true);
            previous = record.meta.created_at;
          }
          const subscription = (
            (await (await store.send(`/v2/subscriptions/subscriptions/${id}`)).json()) as {
              data: { attributes: { state?: StateDocument }; meta: { paused: boolean; canceled: boolean } };
            }
          ).data;
          expect(subscription.attributes.state?.id, 'the newest record is the subscription’s state').to.equal(
            history.at(-1)?.id,
          );
          expect({ paused: subscription.meta.paused, canceled: subscription.meta.canceled }).to.deep.equal(state);
        },
      ),
      { numRuns: propertyRuns(8), endOnFailure: true },
    );
  });
});
