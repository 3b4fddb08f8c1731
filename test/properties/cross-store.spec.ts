import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { forEachBackend } from '../support/backends.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { backendPropertyRuns } from './property-runs.js';
import { type RawResponse, rawRequest } from './raw-request.js';
import { ROUTES, type RouteCase, type StoreIds } from './route-catalogue.js';
import { type SeededStore, seedStore } from './seeded-store.js';

/** What a store's ids and values are replaced with, to see whether another store's behave like nobody's. */
const REFERENCES = [
  'keyId',
  'mappingId',
  'productId',
  'planId',
  'offeringId',
  'offeringPlanId',
  'offeringProductId',
  'subscriptionId',
  'stateId',
  'invoiceId',
  'paymentId',
  'subscriberId',
  'prorationPolicyId',
  'dunningRuleId',
  'featureId',
  'jobId',
  'importId',
  'scheduleId',
  'realmId',
  'passwordProfileId',
  'passwordProfileInfoId',
  'merchantUserId',
] as const;
const VALUES = ['email', 'externalRef', 'accountId'] as const;
type Swapped = (typeof REFERENCES)[number] | (typeof VALUES)[number];

const unknownValue = (field: Swapped): string =>
  field === 'email'
    ? `nobody.${randomUUID().slice(0, 8)}@example.com`
    : field === 'externalRef'
      ? `ref-${randomUUID().slice(0, 8)}`
      : randomUUID();

/** A request of `route` made with the store's own ids, except `field`, which is `value`. */
const requestWith = (route: RouteCase, ids: StoreIds, field: Swapped, value: string) => {
  const swapped = { ...ids, [field]: value };
  const body = route.body?.(swapped);
  return {
    path: route.path(swapped),
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
};

/** Whether the field shows up in the route's request at all. */
const uses = (route: RouteCase, ids: StoreIds, field: Swapped): boolean => {
  const own = requestWith(route, ids, field, ids[field]);
  const other = requestWith(route, ids, field, 'x-swapped-x');
  return own.path !== other.path || own.body !== other.body;
};

/** The answer with the swapped-in value, the request id and the volatile parts taken out. */
const comparable = (response: RawResponse, value: string): unknown => {
  const text = response.text.replaceAll(value, '<swapped>').replaceAll(encodeURIComponent(value), '<swapped>');
  const json = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
  if (json !== null && Array.isArray(json['errors'])) {
    for (const error of json['errors'] as Record<string, unknown>[]) delete error['meta'];
  }
  return { status: response.status, json };
};

/**
 * A route's cases: ids on every route that names one; values (email, external_ref, account) only on
 * reads, where they are filters — a write with them stores them, as it should, whatever other stores hold.
 */
const cases = (ids: StoreIds) =>
  ROUTES.filter((route) => route.form !== true).flatMap((route) =>
    [...REFERENCES, ...(route.method === 'GET' ? VALUES : [])]
      .filter((field) => uses(route, ids, field))
      .map((field) => ({ route, field })),
  );

forEachBackend('Properties: stores are sealed from each other', (backend, persistence) => {
  let api: TestApi;
  let mine: SeededStore;
  let theirs: SeededStore;

  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
    mine = await seedStore(api.url, api.container, 'Mine');
    theirs = await seedStore(api.url, api.container, 'Theirs');
  });
  afterEach(async () => api.close());

  it("answers another store's ids and values exactly as it answers random ones, on every route", async () => {
    const all = cases(mine.ids);
    expect(new Set(all.map((c) => c.route.pattern)).size, 'routes with something to swap').to.be.greaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), fc.boolean(), async ({ route, field }, foreignFirst) => {
        const foreign = theirs.ids[field];
        const unknown = unknownValue(field);
        const send = async (value: string) => {
          const request = requestWith(route, mine.ids, field, value);
          return rawRequest(
            api.url,
            route.method,
            request.path,
            { ...request.headers, Authorization: `Bearer ${mine.token}` },
            request.body,
          );
        };
        const [first, second] = foreignFirst ? [foreign, unknown] : [unknown, foreign];
        const a = await send(first);
        const b = await send(second);
        const label = `${route.method} ${route.pattern} with ${field}`;
        expect(comparable(foreignFirst ? a : b, foreign), label).to.deep.equal(
          comparable(foreignFirst ? b : a, unknown),
        );
        expect((foreignFirst ? a : b).status, `${label}: another store's ${field} must never succeed`).to.satisfy(
          (status: number) => (route.method === 'GET' ? status === 404 || status === 200 : status >= 400),
        );
      }),
      { numRuns: backendPropertyRuns(backend, 120, 40), endOnFailure: true },
    );
    const theirsNow = await theirs.send(`/v2/subscriptions/subscriptions/${theirs.ids.subscriptionId}`);
    expect(theirsNow.status, 'the other store is untouched').to.equal(200);
    expect(
      (await theirs.send(`/v2/subscriptions/subscribers/${theirs.ids.subscriberId}`)).status,
      "the other store's subscriber is untouched",
    ).to.equal(200);
  });
});
