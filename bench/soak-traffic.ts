/**
 * The mixed traffic of the soak: what a storefront and a back office send, in proportion, plus some
 * requests that are wrong on purpose. Each operation knows which statuses are correct answers to it.
 */
import { randomUUID } from 'node:crypto';
import {
  type Account,
  account,
  offeringData,
  PLAN_SHAPES,
  pick,
  planData,
  productData,
  type Random,
  subscriptionEmail,
  THEMES,
} from './fixtures.js';

export interface SoakRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

type SubscriptionState = 'active' | 'paused' | 'canceled';

interface OfferingRef {
  readonly id: string;
  readonly planIds: readonly string[];
}

/** What the traffic has created so far, so that reads and state changes hit records that exist. */
export class SoakWorld {
  readonly products: string[] = [];
  readonly plans: string[] = [];
  readonly offerings: OfferingRef[] = [];
  readonly subscriptions: string[] = [];
  readonly states = new Map<string, SubscriptionState>();
  readonly accounts: Account[];
  serial = 0;

  constructor(
    readonly random: Random,
    readonly token: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    this.accounts = Array.from({ length: 200 }, (_, i) => account(random, randomUUID(), i));
  }

  next(): number {
    this.serial += 1;
    return this.serial;
  }
}

export interface Operation {
  readonly name: string;
  readonly weight: number;
  /** The statuses that are correct answers; anything else is counted as unexpected. */
  readonly expect: readonly number[];
  build(world: SoakWorld): SoakRequest;
  /** Learns from a successful answer (an id created, a state changed). */
  observe?(world: SoakWorld, status: number, body: string, request: SoakRequest): void;
}

const auth = (world: SoakWorld): Record<string, string> => ({ Authorization: `Bearer ${world.token}` });
const json = (world: SoakWorld, path: string, data: unknown): SoakRequest => ({
  method: 'POST',
  path,
  headers: { ...auth(world), 'Content-Type': 'application/json' },
  body: JSON.stringify({ data }),
});
const get = (world: SoakWorld, path: string): SoakRequest => ({ method: 'GET', path, headers: auth(world) });
const idOf = (body: string): string => (JSON.parse(body) as { data: { id: string } }).data.id;

const createdId =
  (list: (world: SoakWorld) => string[]) =>
  (world: SoakWorld, status: number, body: string): void => {
    if (status === 201) list(world).push(idOf(body));
  };

const subscriptionBody = (world: SoakWorld) => {
  const offering = pick(world.random, world.offerings);
  const owner = pick(world.random, world.accounts);
  return {
    account_id: owner.id,
    offering_id: offering.id,
    plan_id: pick(world.random, offering.planIds),
    currency: 'USD',
    // A few fixture names are two characters long (two-character Chinese names); the API asks for three.
    name: [...owner.name].length >= 3 ? owner.name : `${owner.name} ${world.serial}`,
    email: subscriptionEmail(world.random, owner, `soak${world.next()}`),
    payment_authority: { type: 'platform_payments_processor', customer_id: owner.customerId },
  };
};

/** The next action that makes sense for what the traffic last saw; a concurrent change may still make it a 422. */
const actionFor = (world: SoakWorld, state: SubscriptionState | undefined): string => {
  if (state === 'canceled') return 'resume';
  const r = world.random();
  if (r < 0.1) return 'cancel';
  return state === 'paused' ? 'resume' : 'pause';
};

export const OPERATIONS: readonly Operation[] = [
  {
    name: 'token (client credentials)',
    weight: 8,
    expect: [200],
    build: (w) => ({
      method: 'POST',
      path: '/oauth/access_token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: w.clientId,
        client_secret: w.clientSecret,
      }).toString(),
    }),
  },
  {
    name: 'token (implicit)',
    weight: 2,
    expect: [200],
    build: (w) => ({
      method: 'POST',
      path: '/oauth/access_token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'implicit', client_id: w.clientId }).toString(),
    }),
  },
  {
    name: 'list products',
    weight: 8,
    expect: [200],
    build: (w) => get(w, '/v2/subscriptions/products?page[limit]=25'),
  },
  { name: 'list plans', weight: 6, expect: [200], build: (w) => get(w, '/v2/subscriptions/plans') },
  {
    name: 'list offerings',
    weight: 8,
    expect: [200],
    build: (w) => get(w, '/v2/subscriptions/offerings?page[limit]=10'),
  },
  {
    name: 'list subscriptions',
    weight: 14,
    expect: [200],
    build: (w) => {
      const r = w.random();
      if (r < 0.4) return get(w, '/v2/subscriptions/subscriptions?page[limit]=25');
      if (r < 0.7) return get(w, '/v2/subscriptions/subscriptions?include=plans,products&page[limit]=10');
      const owner = pick(w.random, w.accounts);
      return get(w, `/v2/subscriptions/subscriptions?filter=${encodeURIComponent(`eq(account_id,${owner.id})`)}`);
    },
  },
  {
    name: 'get product',
    weight: 4,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/products/${pick(w.random, w.products)}`),
  },
  {
    name: 'get plan',
    weight: 3,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/plans/${pick(w.random, w.plans)}`),
  },
  {
    name: 'get offering',
    weight: 5,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/offerings/${pick(w.random, w.offerings).id}`),
  },
  {
    name: 'offering plans',
    weight: 2,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/offerings/${pick(w.random, w.offerings).id}/plans`),
  },
  {
    name: 'get subscription',
    weight: 8,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/subscriptions/${pick(w.random, w.subscriptions)}?include=plans`),
  },
  {
    name: 'subscription states',
    weight: 2,
    expect: [200],
    build: (w) => get(w, `/v2/subscriptions/subscriptions/${pick(w.random, w.subscriptions)}/states`),
  },
  {
    name: 'create subscription',
    weight: 8,
    expect: [201],
    build: (w) => json(w, '/v2/subscriptions/subscriptions', subscriptionBody(w)),
    observe: createdId((w) => w.subscriptions),
  },
  {
    name: 'create product',
    weight: 2,
    expect: [201],
    build: (w) => {
      const theme = pick(w.random, THEMES);
      return json(
        w,
        '/v2/subscriptions/products',
        productData(w.random, theme, Math.floor(w.random() * theme.products.length), w.next()),
      );
    },
    observe: createdId((w) => w.products),
  },
  {
    name: 'create plan',
    weight: 1,
    expect: [201],
    build: (w) => json(w, '/v2/subscriptions/plans', planData(pick(w.random, PLAN_SHAPES), w.next())),
    observe: createdId((w) => w.plans),
  },
  {
    name: 'build offering',
    weight: 1,
    expect: [201],
    build: (w) => {
      const products = [pick(w.random, w.products), pick(w.random, w.products)].filter(
        (id, i, all) => all.indexOf(id) === i,
      );
      return json(
        w,
        '/v2/subscriptions/offerings/build',
        offeringData(w.random, pick(w.random, THEMES), w.next(), products, [pick(w.random, w.plans)]),
      );
    },
    observe: (w, status, body) => {
      if (status !== 201) return;
      const offering = JSON.parse(body) as {
        data: { id: string; relationships: { plans: { data: { id: string }[] } } };
      };
      w.offerings.push({ id: offering.data.id, planIds: offering.data.relationships.plans.data.map((p) => p.id) });
    },
  },
  {
    name: 'change state',
    weight: 6,
    // 403: the plan does not allow the action; 422: the action does not apply to the current state.
    expect: [204, 403, 422],
    build: (w) => {
      const id = pick(w.random, w.subscriptions);
      const action = actionFor(w, w.states.get(id));
      return json(w, `/v2/subscriptions/subscriptions/${id}/states`, {
        type: 'subscription_state',
        attributes: { action },
      });
    },
    observe: (w, status, _body, request) => {
      if (status !== 204) return;
      const id = /subscriptions\/([^/]+)\/states$/.exec(request.path)?.[1] ?? '';
      const action = (JSON.parse(String(request.body)) as { data: { attributes: { action: string } } }).data.attributes
        .action;
      w.states.set(id, action === 'pause' ? 'paused' : action === 'resume' ? 'active' : 'canceled');
    },
  },
  { name: 'list application keys', weight: 2, expect: [200], build: (w) => get(w, '/v2/application-keys') },
  { name: 'get settings', weight: 1, expect: [200], build: (w) => get(w, '/v2/settings') },
  {
    name: 'bad: malformed JSON',
    weight: 2,
    expect: [400],
    build: (w) => ({
      method: 'POST',
      path: '/v2/subscriptions/products',
      headers: { ...auth(w), 'Content-Type': 'application/json' },
      body: '{"data": {',
    }),
  },
  { name: 'bad: unknown path', weight: 1, expect: [404], build: (w) => get(w, '/v2/subscriptions/nothing-here') },
  {
    name: 'bad: filter',
    weight: 1,
    expect: [400],
    build: (w) => get(w, '/v2/subscriptions/subscriptions?filter=like(email,x)'),
  },
  {
    name: 'bad: page[limit]=101',
    weight: 1,
    expect: [400],
    build: (w) => get(w, '/v2/subscriptions/products?page[limit]=101'),
  },
  {
    name: 'bad: no token',
    weight: 1,
    expect: [401],
    build: () => ({ method: 'GET', path: '/v2/subscriptions/offerings', headers: {} }),
  },
  {
    name: 'bad: text/plain body',
    weight: 1,
    expect: [415],
    build: (w) => ({
      method: 'POST',
      path: '/v2/subscriptions/plans',
      headers: { ...auth(w), 'Content-Type': 'text/plain' },
      body: 'hello',
    }),
  },
  {
    name: 'bad: gzip that is not',
    weight: 1,
    expect: [400],
    build: (w) => ({
      method: 'POST',
      path: '/v2/subscriptions/subscriptions',
      headers: { ...auth(w), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: Buffer.from('not gzip'),
    }),
  },
];

const TOTAL_WEIGHT = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);

export const pickOperation = (random: Random): Operation => {
  let r = random() * TOTAL_WEIGHT;
  for (const op of OPERATIONS) {
    r -= op.weight;
    if (r < 0) return op;
  }
  return OPERATIONS[OPERATIONS.length - 1] as Operation;
};

/** The share of each operation in the mix, for the report. */
export const mixShares = (): ReadonlyArray<{ readonly name: string; readonly share: number }> =>
  OPERATIONS.map((op) => ({ name: op.name, share: op.weight / TOTAL_WEIGHT }));
