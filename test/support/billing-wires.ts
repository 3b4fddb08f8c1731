import { expect } from 'chai';
import fc from 'fast-check';
import type { SubscriptionsGeneration } from '../../src/domain/settings/subscriptions-generation.js';
import type { Resource } from './billing-api.js';
import type { ModelAction, ModelDunning } from './billing-model.js';
import { LEAD_PLANS, PLANS } from './billing-timelines.js';
import { eventually } from './job-harness.js';
import { planData, subscriptionData } from './subscription-core.js';
import { jsonBody, type TestApi } from './test-api.js';

/**
 * The billing model's timelines spoken over HTTP, on either of EPCC's subscriptions wires: 2024 (a
 * subscription's `plan_id` is its billing rule) or 2025 (`pricing_option_id` is the billing rule, `plan_id`
 * the product-like plan it holds). A wire is reached by the store's `subscriptions_generation`, un-prefixed,
 * or by the `/generations/<g>` prefix while the store speaks the other generation.
 */
export interface Wire {
  readonly generation: SubscriptionsGeneration;
  readonly prefixed: boolean;
}

/** How a timeline speaks: one wire throughout, or a store that moves to the other generation before step `at`. */
export interface Speaking {
  readonly first: Wire;
  readonly move?: number;
}

const generation = fc.constantFrom<SubscriptionsGeneration>('2024', '2025');
export const speaking: fc.Arbitrary<Speaking> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ first: fc.record({ generation, prefixed: fc.boolean() }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ first: fc.record({ generation, prefixed: fc.constant(false) }), move: fc.nat(40) }),
  },
);

export const other = (g: SubscriptionsGeneration): SubscriptionsGeneration => (g === '2024' ? '2025' : '2024');

export const describeWire = ({ generation: g, prefixed }: Wire): string =>
  prefixed ? `/generations/${g} on a ${other(g)} store` : `a ${g} store, un-prefixed`;

/** The offering every timeline subscribes to, by the domain's ids: its one product copy and its plan copies in `PLANS` order. */
export interface Catalogue {
  readonly offering: string;
  /** The 2025 plan: the offering's product copy. */
  readonly product: string;
  /** The 2025 pricing options: the offering's plan copies, one per `PLANS` entry. */
  readonly plans: readonly string[];
}

/** A product's price: every plan of the timelines has a fixed price, so it is never what is charged. */
const PRODUCT = { name: 'Club box', price: { USD: { amount: 1990, includes_tax: true } } };

/** The same id on the 2025 wire's payment authority, a type that wire names (the seed's is 2024's alone). */
const AUTHORITY_2025 = { type: 'elastic_path_payments_stripe', customer_id: 'cus_model', card_id: 'card_model' };

const body = (method: string, data: unknown): RequestInit => ({ ...jsonBody({ data }), method });

/** An answer's status and JSON. */
interface Answer {
  readonly status: number;
  readonly json: any;
}

/** One wire of the API over a socket: every request, the catalogue's build, creates, switches, actions, runs and reads. */
export class WireClient {
  constructor(
    private readonly api: TestApi,
    public wire: Wire,
  ) {}

  private get base(): string {
    return `${this.wire.prefixed ? `/generations/${this.wire.generation}` : ''}/v2/subscriptions`;
  }

  async send(method: string, path: string, data?: unknown): Promise<Answer> {
    const response = await this.api.request(
      `${this.base}${path}`,
      data === undefined ? { method } : body(method, data),
    );
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
  }

  async ok(method: string, path: string, data?: unknown): Promise<any> {
    const answer = await this.send(method, path, data);
    expect(answer.status, `${method} ${this.base}${path}: ${JSON.stringify(answer.json)}`).to.be.within(200, 299);
    return answer.json;
  }

  /** Makes the store speak `generation` on its un-prefixed paths. */
  async storeSpeaks(g: SubscriptionsGeneration): Promise<void> {
    const response = await this.api.request(
      '/v2/settings',
      body('PUT', { type: 'settings', subscriptions_generation: g }),
    );
    expect(response.status, await response.text()).to.equal(200);
  }

  /** Every row of a list, page by page. */
  async everyRow(path: string): Promise<any[]> {
    const rows: any[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (
        await this.ok('GET', `${path}${path.includes('?') ? '&' : '?'}page[limit]=100&page[offset]=${offset}`)
      ).data as any[];
      rows.push(...page);
      if (page.length < 100) return rows;
    }
  }

  async move(now: number): Promise<void> {
    await this.ok('PUT', '/test-clock', {
      type: 'subscription_test_clock',
      attributes: { now: new Date(now).toISOString() },
    });
  }

  async runJob(jobType: 'billing-run' | 'payment-run'): Promise<void> {
    const job: Resource = (
      await this.ok('POST', '/jobs', { type: 'subscription_job', attributes: { job_type: jobType } })
    ).data;
    const done: Resource = await eventually(
      async () => (await this.ok('GET', `/jobs/${job.id}`)).data as Resource,
      (j) => j.attributes['status'] === 'success' || j.attributes['status'] === 'failed',
    );
    expect(done.attributes['status'], JSON.stringify(done)).to.equal('success');
  }

  /**
   * EPCC 2026's `subscription-update` job giving pricing option `option` of subscription `id` a fixed price:
   * the job is the 2025 wire's, so it is sent through that prefix whatever this wire is. Its report.
   */
  async priceChange(id: string, option: string, amount: number): Promise<unknown> {
    const jobs = '/generations/2025/v2/subscriptions/jobs';
    const posted = await this.api.request(
      jobs,
      body('POST', {
        type: 'subscription_job',
        attributes: {
          job_type: 'subscription-update',
          subscription_ids: [id],
          price_changes: {
            pricing_option_prices: { [option]: { fixed_price: { USD: { amount, includes_tax: true } } } },
          },
        },
      }),
    );
    const text = await posted.text();
    expect(posted.status, text).to.equal(201);
    const job = (JSON.parse(text) as { data: Resource }).data;
    const done: Resource = await eventually(
      async () => ((await (await this.api.request(`${jobs}/${job.id}`)).json()) as { data: Resource }).data,
      (j) => j.attributes['status'] === 'success' || j.attributes['status'] === 'failed',
    );
    expect(done.attributes['status'], JSON.stringify(done)).to.equal('success');
    return done.meta['report'];
  }

  async dunningRule({ type, days, multiplier, limit, action }: ModelDunning): Promise<void> {
    const attributes = {
      payment_retry_type: type,
      payment_retry_interval: days,
      payment_retry_unit: 'day',
      payment_retries_limit: limit,
      action,
      default: true,
    };
    await this.ok('POST', '/dunning-rules', {
      type: 'subscription_dunning_rule',
      attributes: type === 'fixed' ? attributes : { ...attributes, payment_retry_multiplier: multiplier },
    });
  }

  private async policy(rounding: 'up' | 'down' | 'nearest'): Promise<string> {
    const made = await this.ok('POST', '/proration-policies', {
      type: 'subscription_proration_policy',
      attributes: { name: 'By the day', rounding },
    });
    return made.data.id;
  }

  /**
   * The offering of one product and the timelines' plans, under a policy rounding days `rounding` (or none):
   * on 2024, originals copied by a build and the policy attached; on 2025, made inline by the build, which
   * names the policy.
   */
  async catalogue(rounding: 'up' | 'down' | 'nearest' | undefined): Promise<Catalogue> {
    const policy = rounding === undefined ? undefined : await this.policy(rounding);
    const options = PLANS.map((plan) => planData(plan.attributes).attributes);
    // A lead time is the 2025 wire's: made with its pricing option there, set on the offering's copy after a 2024 build.
    const leadTime = (index: number) => {
      const lead = PLANS[index]!.lead;
      return lead === undefined ? undefined : { type: lead.unit, time: lead.time };
    };
    if (this.wire.generation === '2025') {
      const offering = (
        await this.ok('POST', '/offerings/build', {
          name: 'Club',
          plans: [PRODUCT],
          pricing_options: options.map((option, index) => {
            const lead = leadTime(index);
            return lead === undefined ? option : { ...option, lead_time: lead };
          }),
          ...(policy === undefined ? {} : { proration_policy_id: policy }),
        })
      ).data;
      const made = await this.everyRow(`/offerings/${offering.id}/pricing-options`);
      const [plan] = await this.everyRow(`/offerings/${offering.id}/plans`);
      return {
        offering: offering.id,
        product: plan.id,
        plans: options.map((o) => made.find((p) => p.attributes.name === o.name).id),
      };
    }
    const product = (await this.ok('POST', '/products', { type: 'subscription_product', attributes: PRODUCT })).data;
    const plans = [];
    for (const attributes of options)
      plans.push((await this.ok('POST', '/plans', { type: 'subscription_plan', attributes })).data.id);
    const offering = (await this.ok('POST', '/offerings/build', { name: 'Club', products: [product.id], plans })).data;
    const copies: string[] = offering.relationships.plans.data.map((p: { id: string }) => p.id);
    for (const index of LEAD_PLANS) {
      const response = await this.api.request(
        `/generations/2025/v2/subscriptions/offerings/${offering.id}/pricing-options/${copies[index]}`,
        body('PUT', {
          type: 'subscription_offering_pricing_option',
          attributes: { lead_time: leadTime(index) },
        }),
      );
      expect(response.status, await response.text()).to.equal(200);
    }
    if (policy !== undefined)
      await this.ok('PUT', `/offerings/${offering.id}/relationships/proration-policies`, {
        type: 'subscription_proration_policy',
        id: policy,
      });
    return {
      offering: offering.id,
      product: offering.relationships.products.data[0].id,
      plans: copies,
    };
  }

  /** A subscription to plan `plan` of `PLANS`, going live at `live` when given. */
  async subscribe(catalogue: Catalogue, plan: number, name: string, live: number | undefined): Promise<string> {
    const goLive = live === undefined ? {} : { go_live_after: new Date(live).toISOString() };
    const data =
      this.wire.generation === '2025'
        ? subscriptionData(catalogue.offering, catalogue.product, {
            pricing_option_id: catalogue.plans[plan],
            payment_authority: AUTHORITY_2025,
            name,
            ...goLive,
          })
        : subscriptionData(catalogue.offering, catalogue.plans[plan]!, { name, ...goLive });
    const answer = await this.send('POST', '/subscriptions', data);
    expect(answer.status, JSON.stringify(answer.json)).to.equal(201);
    return answer.json.data.id;
  }

  /**
   * EPCC 2026's proration preview of a switch to plan `plan` (2025 only): undefined when it is refused,
   * else whether the switch would add a proration.
   */
  async preview(catalogue: Catalogue, id: string, plan: number): Promise<boolean | undefined> {
    const answer = await this.send('POST', `/subscriptions/${id}/proration-preview`, {
      type: 'proration_preview_request',
      attributes: {
        trigger: 'plan_pricing_option_change',
        pricing_option_id: catalogue.plans[plan],
        plan_id: catalogue.product,
      },
    });
    return answer.status === 200 ? answer.json.data.attributes.would_prorate : undefined;
  }

  /** A switch to plan `plan`: `plan_id` on 2024, `pricing_option_id` on 2025. Whether it was taken, and why not. */
  async switchPlan(catalogue: Catalogue, id: string, plan: number): Promise<Answer> {
    const to = catalogue.plans[plan];
    return this.send('PUT', `/subscriptions/${id}`, {
      type: 'subscription',
      attributes: this.wire.generation === '2025' ? { pricing_option_id: to } : { plan_id: to },
    });
  }

  async act(id: string, action: ModelAction): Promise<Answer> {
    return this.send('POST', `/subscriptions/${id}/states`, {
      type: 'subscription_state',
      attributes: action === 'cancel now' ? { action: 'cancel', cancel_immediately: true } : { action },
    });
  }
}
