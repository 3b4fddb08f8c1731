import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { ListApplicationKeys } from '../../src/application/use-cases/keys/list-application-keys.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { queryParams } from '../../src/domain/query/query-params.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { forEachBackend } from '../support/backends.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { propertyRuns } from './property-runs.js';
import { tokenFor } from './seeded-store.js';

interface Caller {
  readonly storeId: Uuid;
  readonly token: string;
  readonly mappingId: string;
}

const json = (method: string, data: unknown, token: string): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  body: JSON.stringify({ data }),
});

forEachBackend('Properties: concurrent claims are granted exactly once', (_backend, persistence) => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ persistence: persistence() });
  });
  afterEach(async () => api.close());

  const newStore = async (name: string): Promise<Caller> => {
    const created = await api.container.get(CreateStore).execute(name);
    if (E.isLeft(created)) throw new Error('store not created');
    const token = await tokenFor(api.url, {
      grant_type: 'client_credentials',
      client_id: created.right.key.clientId,
      client_secret: created.right.clientSecret,
    });
    const mapping = (await (
      await fetch(`${api.url}/v2/merchant-realm-mappings`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: string } };
    return { storeId: created.right.store.id, token, mappingId: mapping.data.id };
  };

  it('never reserves more than the budget: every accepted key is stored once, every refused one would not have fitted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 10 }),
        async (reservations) => {
          const store = await newStore('Budget');
          const responses = await Promise.all(
            reservations.map((reserved_rate_limit, n) =>
              fetch(
                `${api.url}/v2/application-keys`,
                json('POST', { type: 'application_key', name: `k${n}`, reserved_rate_limit }, store.token),
              ),
            ),
          );
          const statuses = responses.map((r) => r.status);
          // A create may also find the pool of the unreserved key that sends it spent by the keys just reserved (429): it did not run.
          expect(
            statuses.every((s) => s === 201 || s === 409 || s === 429),
            String(statuses),
          ).to.equal(true);
          const accepted = reservations.filter((_, i) => statuses[i] === 201);
          const reserved = accepted.reduce((a, b) => a + b, 0);
          expect(reserved).to.be.at.most(100);
          for (const refused of reservations.filter((_, i) => statuses[i] === 409))
            expect(reserved + refused, 'a refused key would not have fitted').to.be.above(100);
          // Read through the use case: once the budget is fully reserved, the unreserved key that made the keys has no pool left to ask with.
          const list = await api.container
            .get(ListApplicationKeys)
            .execute(store.storeId, queryParams([['page[limit]', '100']]));
          if (E.isLeft(list)) throw new Error('keys not listed');
          expect(list.right.totalReservedRateLimit).to.equal(reserved);
          expect(
            list.right.items
              .filter((k) => k.name !== 'Default key')
              .map((k) => k.name)
              .sort(),
          ).to.deep.equal(reservations.flatMap((_, i) => (statuses[i] === 201 ? [`k${i}`] : [])).sort());
        },
      ),
      { numRuns: propertyRuns(12), endOnFailure: true },
    );
  });

  it('gives each login prefix to exactly one store, however many claim it at once', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('alpha', 'beta', 'gamma'), { minLength: 2, maxLength: 6 }),
        async (wanted) => {
          round += 1;
          const prefixes = wanted.map((p) => `${p}${round}`);
          const stores = await Promise.all(prefixes.map((_, n) => newStore(`Claimant ${n}`)));
          const responses = await Promise.all(
            stores.map((s, i) =>
              fetch(
                `${api.url}/v2/merchant-realm-mappings/${s.mappingId}`,
                json('PUT', { type: 'merchant-realm-mappings', prefix: prefixes[i] }, s.token),
              ),
            ),
          );
          const statuses = responses.map((r) => r.status);
          for (const prefix of new Set(prefixes)) {
            const claims = prefixes.flatMap((p, i) => (p === prefix ? [statuses[i]] : []));
            expect(
              claims.filter((s) => s === 200),
              `${prefix}: ${String(claims)}`,
            ).to.have.length(1);
            expect(
              claims.filter((s) => s !== 200).every((s) => s === 409),
              `${prefix}: ${String(claims)}`,
            ).to.equal(true);
          }
          const held = await Promise.all(
            stores.map(
              async (s) =>
                (
                  (await (
                    await fetch(`${api.url}/v2/merchant-realm-mappings/${s.mappingId}`, {
                      headers: { Authorization: `Bearer ${s.token}` },
                    })
                  ).json()) as { data: { prefix: string | null } }
                ).data.prefix,
            ),
          );
          expect(held).to.deep.equal(prefixes.map((p, i) => (statuses[i] === 200 ? p : null)));
        },
      ),
      { numRuns: propertyRuns(10), endOnFailure: true },
    );
  });

  it('creates exactly one object per Idempotency-Key, however the requests interleave', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 16 }), async (keys) => {
        round += 1;
        const store = await newStore('Retries');
        const post = (k: number) =>
          fetch(`${api.url}/v2/subscriptions/products`, {
            ...json(
              'POST',
              { type: 'subscription_product', attributes: { name: `Product ${round}-${k}` } },
              store.token,
            ),
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${store.token}`,
              'Idempotency-Key': `key-${round}-${k}`,
            },
          });
        const responses = await Promise.all(keys.map(post));
        expect(
          responses.every((r) => r.status === 201 || r.status === 409),
          String(responses.map((r) => r.status)),
        ).to.equal(true);
        const ids = new Map<number, Set<string>>();
        for (const [i, r] of responses.entries()) {
          if (r.status === 201)
            ids.set(
              keys[i]!,
              (ids.get(keys[i]!) ?? new Set()).add(((await r.json()) as { data: { id: string } }).data.id),
            );
        }
        for (const k of new Set(keys)) {
          const retried = (await (await post(k)).json()) as { data: { id: string } };
          expect(
            [...(ids.get(k) ?? new Set([retried.data.id]))],
            'every answer for a key names one product',
          ).to.deep.equal([retried.data.id]);
        }
        const listed = (await (
          await fetch(`${api.url}/v2/subscriptions/products?page[limit]=100`, {
            headers: { Authorization: `Bearer ${store.token}` },
          })
        ).json()) as {
          data: { attributes: { name: string } }[];
        };
        expect(listed.data.map((p) => p.attributes.name).sort()).to.deep.equal(
          [...new Set(keys)].map((k) => `Product ${round}-${k}`).sort(),
        );
      }),
      { numRuns: propertyRuns(10), endOnFailure: true },
    );
  });
});
