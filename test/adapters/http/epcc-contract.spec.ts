import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { epccContract } from '../../support/epcc-contract.js';

const PAYMENT =
  '/v2/subscriptions/invoices/2f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f/payments/3f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f';
const payment = (meta: Record<string, unknown>) => ({
  data: {
    id: '3f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
    type: 'subscription_invoice_payment',
    attributes: {
      success: false,
      pending: true,
      gateway: 'manual',
      amount: { currency: 'USD', amount: 100, includes_tax: false },
    },
    meta: {
      owner: 'store',
      invoice_id: '2f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
      subscription_id: '4f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
      job_id: '5f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
      timestamps: { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
      ...meta,
    },
  },
});
const exchange = (method: string, path: string, status: number, body: unknown) => ({
  method,
  path,
  status,
  header: () => 'application/json',
  body: body === undefined ? '' : JSON.stringify(body),
});

describe("EPCC's OpenAPI documents, as the HTTP tests hold answers to them", () => {
  const epcc = epccContract();

  it('are vendored with their source, commit and license', () => {
    for (const name of ['subscriptions-openapi.json', 'account-membership-settings-openapi.json']) {
      const vendored = JSON.parse(
        readFileSync(new URL(`../../support/epcc/${name}`, import.meta.url), 'utf8'),
      ) as Record<string, any>;
      expect(vendored['x-vendored-from']).to.include({ repository: 'https://github.com/elasticpath/elasticpath-dev' });
      expect(vendored['x-vendored-from']['commit']).to.match(/^[0-9a-f]{40}$/);
    }
    expect(readFileSync(new URL('../../support/epcc/LICENSE', import.meta.url), 'utf8')).to.match(/^MIT License/);
  });

  it("find EPCC's operation with and without /v2, literal paths before templated ones, and nothing for our own routes", () => {
    expect(epcc.match('PUT', PAYMENT)?.operation.operationId).to.equal('UpdateInvoicePayment');
    expect(epcc.match('GET', PAYMENT.slice('/v2'.length))?.operation.operationId).to.equal('GetInvoicePayment');
    expect(
      epcc.match('PUT', '/v2/subscriptions/offerings/2f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f/products/replace')?.operation
        .operationId,
    ).to.equal('ReplaceOfferingProduct');
    expect(epcc.match('GET', '/v2/settings/account-membership')?.operation.operationId).to.equal(
      'get-v2-settings-account-membership',
    );
    expect(epcc.match('GET', '/v2/subscriptions/test-clock')).to.equal(undefined);
    expect(epcc.match('GET', '/v2/application-keys')).to.equal(undefined);
  });

  it('pass a payment as EPCC shapes it, and fail one without meta.manual_payment, naming what is missing', () => {
    expect(epcc.problems(exchange('GET', PAYMENT, 200, payment({ manual_payment: true })))).to.equal(undefined);
    expect(epcc.problems(exchange('GET', PAYMENT, 200, payment({})))).to.match(
      /GetInvoicePayment .* must have required property 'manual_payment'/,
    );
  });

  it("fail a success status EPCC does not list, and an error body that is not EPCC's error document; leave unlisted errors to our document", () => {
    expect(epcc.problems(exchange('PUT', PAYMENT, 201, payment({ manual_payment: true })))).to.match(
      /answered 201, which EPCC does not list/,
    );
    expect(epcc.problems(exchange('PUT', PAYMENT, 400, { errors: [{ status: 400, title: 'Bad Request' }] }))).to.match(
      /status must be string/,
    );
    expect(
      epcc.problems(
        exchange('PUT', PAYMENT, 400, { errors: [{ status: '400', title: 'Bad Request', source: 'data.id' }] }),
      ),
    ).to.equal(undefined);
    expect(epcc.problems(exchange('PUT', PAYMENT, 429, { anything: true }))).to.equal(undefined);
  });

  it("check the request bodies we send against EPCC's request schema", () => {
    expect(
      epcc.requestProblems('PUT', PAYMENT, {
        data: {
          id: '3f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
          type: 'subscription_invoice_payment',
          attributes: { success: true, payment_taken_at: '2026-01-01T00:00:00Z' },
        },
      }),
    ).to.equal(undefined);
    expect(
      epcc.requestProblems('PUT', PAYMENT, {
        data: {
          id: '3f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f',
          type: 'subscription_invoice_payment',
          attributes: {
            success: false,
            failure_detail: 'Card Failure',
            payment_taken_at: '2017-01-10T11:41:19.244842Z',
          },
        },
      }),
      'a failure settled with the time of the attempt',
    ).to.equal(undefined);
    expect(
      epcc.requestProblems('PUT', PAYMENT, {
        data: { type: 'subscription_invoice_payment', attributes: { success: true } },
      }),
    ).to.match(/must have required property 'id'/);
  });
});

const OFFERING = '2f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f';
const OPTION = '3f0c1d7e-8a6b-4c3d-9e5f-0a1b2c3d4e5f';
const pricingOption = (attributes: Record<string, unknown>) => ({
  data: {
    id: OPTION,
    type: 'subscription_offering_pricing_option',
    attributes: {
      name: 'Monthly',
      billing_interval_type: 'month',
      billing_frequency: 1,
      plan_length: 12,
      end_behavior: 'roll',
      can_pause: false,
      can_resume: false,
      can_cancel: true,
      base_price_percentage: 10,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...attributes,
    },
    meta: {
      owner: 'store',
      timestamps: { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
      prices: {},
    },
  },
});

describe("EPCC's current subscriptions documents (2025-08, 2026-10), as the 2025 generation's answers are held to them", () => {
  const epcc = epccContract();
  const OPTION_PATH = `/v2/subscriptions/offerings/${OFFERING}/pricing-options/${OPTION}`;

  it('are vendored whole from composable-frontend with their source, commit and license', () => {
    for (const [name, path, operations] of [
      ['subscriptions-2025-08-openapi.json', 'packages/sdks/specs/subscriptions.yaml', 75],
      ['subscriptions-2026-10-openapi.json', 'packages/sdks/specs/upstream/subscriptions/public_openapi.yaml', 86],
    ] as const) {
      const vendored = JSON.parse(
        readFileSync(new URL(`../../support/epcc/${name}`, import.meta.url), 'utf8'),
      ) as Record<string, any>;
      expect(vendored['x-vendored-from']).to.include({
        repository: 'https://github.com/elasticpath/composable-frontend',
        path,
      });
      expect(vendored['x-vendored-from']['commit']).to.match(/^[0-9a-f]{7,40}$/);
      const methods = Object.values(vendored['paths'] as Record<string, Record<string, unknown>>).flatMap((item) =>
        Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete'].includes(key)),
      );
      expect(methods, name).to.have.length(operations);
    }
    expect(readFileSync(new URL('../../support/epcc/LICENSE-composable-frontend', import.meta.url), 'utf8')).to.match(
      /^MIT License\n\nCopyright \(c\) Elastic Path Software Inc/,
    );
  });

  it('pin the generation by the path prefix or by name: the same path is a different operation in each', () => {
    const plans = `/v2/subscriptions/offerings/${OFFERING}/plans`;
    expect(epcc.match('GET', plans)?.document).to.equal('subscriptions');
    expect(epcc.match('GET', `/generations/2024${plans}`)?.document).to.equal('subscriptions');
    expect(epcc.match('GET', `/generations/2025${plans}`)).to.include({ document: 'subscriptions-2026-10' });
    expect(epcc.match('GET', plans.slice('/v2'.length), '2025')?.operation.operationId).to.equal('ListOfferingPlans');
    expect(epcc.match('GET', `/generations/2025${OPTION_PATH}`)?.operation.operationId).to.equal(
      'GetOfferingPricingOption',
    );
    expect(epcc.match('GET', OPTION_PATH), 'pricing options are no 2024 operation').to.equal(undefined);
    expect(epcc.match('GET', '/generations/2025/v2/subscriptions/products'), 'standalone products are gone').to.equal(
      undefined,
    );
    expect(epcc.match('GET', '/generations/2025/v2/settings/account-membership')?.document).to.equal('accounts');
  });

  it('hold an answer to a 2026-10 operation named by its operationId, and refuse one that is another operation', () => {
    expect(epcc.problemsAs('GetOfferingPricingOption', exchange('GET', OPTION_PATH, 200, pricingOption({})))).to.equal(
      undefined,
    );
    expect(
      epcc.problemsAs(
        'GetOfferingPricingOption',
        exchange('GET', OPTION_PATH, 200, pricingOption({ billing_interval_type: 'fortnight' })),
      ),
    ).to.match(/GetOfferingPricingOption .*subscriptions-2026-10.*billing_interval_type must be equal to one of/);
    expect(epcc.problemsAs('GetOfferingPlan', exchange('GET', OPTION_PATH, 200, pricingOption({})))).to.match(
      /is EPCC's GetOfferingPricingOption, not GetOfferingPlan/,
    );
    expect(epcc.problemsAs('ListProducts', exchange('GET', '/v2/subscriptions/products', 200, {}))).to.match(
      /2025 documents have no operation ListProducts/,
    );
    expect(
      epcc.problems(exchange('GET', `/generations/2025${OPTION_PATH}`, 201, pricingOption({}))),
      'a success EPCC does not list',
    ).to.match(/answered 201, which EPCC does not list/);
  });
});
