import { expect } from 'chai';
import { invoice2025Resource } from '../../../../src/adapters/http/billing/invoice-2025-documents.js';
import { invoiceResource } from '../../../../src/adapters/http/billing/invoice-documents.js';
import { uuid } from '../../../support/domain-builders.js';
import { epccContract } from '../../../support/epcc-contract.js';
import { anInvoice } from '../../../support/invoice-builders.js';

const NOW = new Date('2026-03-11T00:00:00.000Z');
const switched = anInvoice({
  proration: {
    events: [
      {
        prorationPolicyId: uuid(50),
        billingCostBeforeProration: 3100,
        refundedAmountForUnusedPlan: 2100,
        newPlanCost: 4200,
        proratedAt: NOW,
        proratedUntil: new Date('2026-04-01T00:00:00.000Z'),
        days: 21,
        from: { planId: uuid(51), name: 'Monthly', includesTax: false },
        to: { planId: uuid(52), name: 'Monthly plus', includesTax: false },
      },
    ],
    through: 1,
    creditCarried: 0,
  },
});

const heldTo = (operationId: string, path: string, body: object) =>
  epccContract().problemsAs(operationId, {
    method: 'GET',
    path: `/generations/2025${path}`,
    status: 200,
    header: () => undefined,
    body: JSON.stringify(body),
  });

describe('invoices on the 2025 wire', () => {
  it('names the product an item charges for plan_id, and the proration events by pricing options', () => {
    const wire2024 = invoiceResource(switched);
    const wire2025 = invoice2025Resource(switched, NOW);
    expect(wire2025.id).to.equal(wire2024.id);
    expect(wire2025.attributes.invoice_items.map((item) => (item as { plan_id?: string }).plan_id)).to.deep.equal([
      uuid(40),
      undefined,
    ]);
    expect(wire2025.attributes.invoice_items.some((item) => 'product_id' in item)).to.equal(false);
    expect(wire2025.meta.proration_events).to.deep.equal([
      {
        proration_policy_id: uuid(50),
        billing_cost_before_proration: 3100,
        refunded_amount_for_unused_pricing_option: 2100,
        new_pricing_option_cost: 4200,
        prorated_at: '2026-03-11T00:00:00.000000000Z',
      },
    ]);
    expect(wire2025.attributes.pro_forma).to.equal(false);
    expect(wire2025.relationships.subscription.data).to.deep.equal({
      id: switched.subscriptionId,
      type: 'subscription',
    });
    expect(wire2025.meta.pro_rata_remaining_value).to.equal(2100);
  });

  const reads = [
    ['GetInvoice', `/v2/subscriptions/invoices/${switched.id}`, false],
    ['ListInvoices', '/v2/subscriptions/invoices', true],
    [
      'GetSubscriptionInvoice',
      `/v2/subscriptions/subscriptions/${switched.subscriptionId}/invoices/${switched.id}`,
      false,
    ],
    ['ListSubscriptionInvoices', `/v2/subscriptions/subscriptions/${switched.subscriptionId}/invoices`, true],
  ] as const;
  for (const [operationId, path, list] of reads) {
    it(`${operationId} answers fit EPCC's 2026-10 document`, () => {
      const resource = invoice2025Resource(switched, NOW);
      const problems = heldTo(operationId, path, list ? { data: [resource], links: {} } : { data: resource });
      expect(problems, problems).to.equal(undefined);
    });
  }

  it("the 2024 rendering does not fit 2026-10's GetInvoice (the test can fail)", () => {
    expect(
      heldTo('GetInvoice', `/v2/subscriptions/invoices/${switched.id}`, { data: invoiceResource(switched) }),
    ).to.be.a('string');
  });
});
