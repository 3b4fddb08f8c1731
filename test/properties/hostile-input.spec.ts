import { expect } from 'chai';
import fc from 'fast-check';
import { ERROR_CODE_STATUS, ERROR_CODES, type ErrorCode } from '../../src/adapters/http/error-documents.js';
import { forEachBackend } from '../support/backends.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { type HostileRequest, hostileRequest } from './hostile-requests.js';
import { backendPropertyRuns } from './property-runs.js';
import { rawRequest } from './raw-request.js';
import { ROUTES, type StoreIds } from './route-catalogue.js';
import { routerRoutes } from './router-routes.js';
import { type SeededStore, seedStore } from './seeded-store.js';

/**
 * Requests are generated against stand-in ids and made concrete when they are sent, so that a store
 * re-seeded after a successful DELETE is addressed with its new ids.
 */
const STAND_IN: StoreIds = {
  storeId: '00000000-0000-4000-8000-000000000001',
  keyId: '00000000-0000-4000-8000-000000000002',
  mappingId: '00000000-0000-4000-8000-000000000003',
  productId: '00000000-0000-4000-8000-000000000004',
  planId: '00000000-0000-4000-8000-000000000005',
  offeringId: '00000000-0000-4000-8000-000000000006',
  offeringPlanId: '00000000-0000-4000-8000-000000000007',
  offeringProductId: '00000000-0000-4000-8000-00000000000c',
  subscriptionId: '00000000-0000-4000-8000-000000000008',
  stateId: '00000000-0000-4000-8000-00000000000b',
  invoiceId: '00000000-0000-4000-8000-00000000000f',
  paymentId: '00000000-0000-4000-8000-000000000010',
  refundId: '00000000-0000-4000-8000-000000000014',
  subscriberId: '00000000-0000-4000-8000-00000000000a',
  prorationPolicyId: '00000000-0000-4000-8000-00000000000d',
  dunningRuleId: '00000000-0000-4000-8000-00000000000e',
  featureId: '00000000-0000-4000-8000-000000000013',
  offeringFeatureId: '00000000-0000-4000-8000-000000000014',
  jobId: '00000000-0000-4000-8000-00000000000f',
  importId: '00000000-0000-4000-8000-00000000000f',
  scheduleId: '00000000-0000-4000-8000-00000000000f',
  integrationId: '00000000-0000-4000-8000-000000000011',
  integrationJobId: '00000000-0000-4000-8000-000000000012',
  auditEventId: '00000000-0000-4000-8000-000000000099',
  email: 'stand-in-email@example.com',
  externalRef: 'stand-in-external-ref',
  accountId: '00000000-0000-4000-8000-000000000009',
  accountMemberId: '00000000-0000-4000-8000-000000000015',
  membershipId: '00000000-0000-4000-8000-000000000016',
  realmId: '00000000-0000-4000-8000-000000000017',
  passwordProfileId: '00000000-0000-4000-8000-000000000018',
  passwordProfileInfoId: '00000000-0000-4000-8000-000000000019',
  merchantUserId: '00000000-0000-4000-8000-00000000001a',
  clientId: 'stand-in-client-id',
};

const concrete = (text: string, ids: StoreIds): string =>
  (Object.keys(STAND_IN) as (keyof StoreIds)[]).reduce(
    (t, k) => t.replaceAll(STAND_IN[k], ids[k]).replaceAll(encodeURIComponent(STAND_IN[k]), encodeURIComponent(ids[k])),
    text,
  );

const concreteBody = (init: RequestInit, ids: StoreIds): RequestInit => {
  const { body } = init;
  if (typeof body === 'string') return { ...init, body: concrete(body, ids) };
  if (body instanceof URLSearchParams)
    return { ...init, body: new URLSearchParams([...body].map(([k, v]): [string, string] => [k, concrete(v, ids)])) };
  return init;
};

type Caller = 'client_credentials' | 'implicit' | 'anonymous';

interface ErrorDocument {
  readonly errors: readonly {
    readonly status: unknown;
    readonly title: unknown;
    readonly code: unknown;
    readonly meta: unknown;
  }[];
}

const describeRequest = (r: HostileRequest, caller: Caller): string =>
  `${r.route.method} ${r.path.length > 200 ? `${r.path.slice(0, 200)}…` : r.path} (${r.what}, ${caller}) body=${typeof r.init.body === 'string' ? JSON.stringify(r.init.body.slice(0, 200)) : String(r.init.body)}`;

forEachBackend('Properties: hostile input on every route', (backend, persistence) => {
  let api: TestApi;
  let store: SeededStore;

  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
    store = await seedStore(api.url, api.container, 'Hostile input');
  });
  afterEach(async () => api.close());

  it('knows every route the router answers', () => {
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.pattern}`));
    expect(routerRoutes(api.container).filter((r) => !covered.has(r))).to.deep.equal([]);
  });

  it('answers generated bad input with no 5xx, and every 4xx with a JSON error document of its own status, a known code and the request id', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileRequest(ROUTES, STAND_IN),
        fc.constantFrom<Caller>('client_credentials', 'client_credentials', 'implicit', 'anonymous'),
        async (request, caller) => {
          const { ids } = store;
          const token =
            caller === 'client_credentials' ? store.token : caller === 'implicit' ? store.implicitToken : undefined;
          const init = concreteBody(request.init, ids);
          const headers = {
            ...(init.headers as Record<string, string> | undefined),
            ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
          };
          const path = concrete(request.path, ids);
          const response = await rawRequest(
            api.url,
            request.route.method,
            path,
            headers,
            init.body as string | URLSearchParams | undefined,
          );
          const { text } = response;
          const label = `${describeRequest({ ...request, path }, caller)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, label).to.be.below(500);
          if (response.status >= 400) {
            expect(response.contentType, label).to.match(/^application\/(vnd\.api\+)?json/);
            const document = JSON.parse(text) as ErrorDocument;
            expect(document.errors, label).to.be.an('array').that.is.not.empty;
            for (const error of document.errors) {
              expect(error.status, label).to.equal(String(response.status));
              expect(error.title, label).to.be.a('string');
              expect(ERROR_CODES, label).to.include(error.code);
              expect(ERROR_CODE_STATUS[error.code as ErrorCode], `${label}: the status of its code`).to.equal(
                response.status,
              );
              expect(error.meta, label).to.deep.equal({ request_id: response.requestId });
            }
          }
          if (response.status < 300 && request.route.method === 'DELETE')
            store = await seedStore(api.url, api.container, 'Hostile input, again');
        },
      ),
      { numRuns: backendPropertyRuns(backend, 300, 100), endOnFailure: true, timeout: 30_000 },
    );
    expect(api.logs.lines.filter((l) => Number(l['level']) >= 50)).to.deep.equal([]);
  });
});
