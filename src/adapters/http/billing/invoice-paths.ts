import { INVOICE_TYPE } from '../../../domain/billing/invoice.js';
import { INVOICE_ITEM_DESCRIPTION_MAX } from '../../../domain/billing/invoice-items.js';
import { TAX_TEXT_MAX } from '../../../domain/jobs/job-input.js';
import { INVOICE_PAYMENT_TYPE, PAYMENT_STATUSES } from '../../../domain/billing/invoice-payment.js';
import { SETTLEMENT_TEXT_MAX } from '../../../domain/billing/settlement.js';
import { AMOUNT_MAX } from '../../../domain/shared/money.js';
import type { Parameter, PathItem, Schema } from '../openapi/openapi-types.js';
import { jsonContent, listResponseSchema, operation, PAGING_PARAMETERS } from '../openapi/operation-builder.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  oneOfStrings,
  openObject,
  parameterRef,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { currency } from '../catalogue/subscription-catalogue-schemas.js';
import { subscriptionPath, SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';

const TAG = 'Invoices';

export const INVOICE_FILTER = filterParameter(['subscriber_id', 'subscription_id', 'outstanding', 'tax_required']);

const price: Schema = closedObject(
  { currency, amount: integer(Number.MIN_SAFE_INTEGER), includes_tax: boolean },
  [],
  'An amount in the smallest unit of one currency.',
);
const stamps = { created_at: timestamp, updated_at: timestamp };

const invoiceItem = closedObject(
  {
    description: text(0, INVOICE_ITEM_DESCRIPTION_MAX),
    price,
    product_id: uuid,
    from_time_period: timestamp,
    until_time_period: timestamp,
  },
  ['product_id'],
  'One line: a product of the subscription, or its plan (without `product_id`) when the plan has a fixed price.',
);
const taxItem = closedObject(
  {
    type: constant('tax_item'),
    rate: { type: 'number', description: 'A fraction: 0.2 is 20 %.' },
    name: text(0, TAX_TEXT_MAX),
    code: text(0, TAX_TEXT_MAX),
    jurisdiction: text(0, TAX_TEXT_MAX),
    amount: {
      ...integer(0, AMOUNT_MAX),
      'x-extension': true,
      description:
        'Our extension: the tax at this rate on the invoice: the sum of its tax-exclusive lines times the rate, rounded down once (EPCC applies a rate to the whole invoice, never per line).',
    } as Schema,
  },
  ['name', 'code', 'jurisdiction'],
);

const prorationEvent: Schema = closedObject(
  {
    proration_policy_id: uuid,
    billing_cost_before_proration: {
      ...integer(0, AMOUNT_MAX),
      description: "The old plan's price of the prorated period.",
    },
    refunded_amount_for_unused_plan: {
      ...integer(0, AMOUNT_MAX),
      description: "The old plan's price of the days left of that period, rounded down.",
    },
    new_plan_cost: { ...integer(0, AMOUNT_MAX), description: "The new plan's price of the same days, rounded down." },
    prorated_at: timestamp,
  },
  [],
  'A plan switch this invoice charged: `new_plan_cost − refunded_amount_for_unused_plan` is on its lines.',
);

const invoice: Schema = closedObject(
  {
    id: uuid,
    type: constant(INVOICE_TYPE),
    attributes: closedObject({
      billing_period: closedObject({ start: timestamp, end: timestamp }),
      invoice_items: arrayOf(invoiceItem),
      tax_items: arrayOf(taxItem),
      outstanding: boolean,
      number: integer(1, undefined, 'Sequential per store, from 1, without gaps, in the order billing runs made them.'),
      tax_required: boolean,
      payment_retries_limit_reached: boolean,
      manual_payment_pending: { ...boolean, description: 'A manual payment waits for the merchant to settle it.' },
      ...stamps,
    }),
    meta: closedObject(
      {
        owner: constant('store'),
        subscription_id: uuid,
        subscriber_id: { ...uuid, description: "The account the subscription bills (a subscriber's `account_id`)." },
        price: {
          ...price,
          description:
            'What the invoice asks: its lines, and the taxes once a tax run added them (then `includes_tax` is true).',
        },
        timestamps: closedObject({ ...stamps, taxes_added_at: timestamp }, ['taxes_added_at']),
        proration_events: arrayOf(prorationEvent),
      },
      [],
    ),
  },
  [],
  'An invoice of one billing period of one subscription.',
);

const payment: Schema = closedObject(
  {
    id: uuid,
    type: constant(INVOICE_PAYMENT_TYPE),
    attributes: closedObject(
      {
        success: { ...boolean, description: 'The payment was taken; false while it is pending and once it failed.' },
        pending: {
          ...boolean,
          description:
            'A manual payment waits for the merchant to settle it (EPCC: only manual payments are ever pending).',
        },
        status: {
          ...oneOfStrings(
            PAYMENT_STATUSES,
            'Deprecated, our extension: `pending`, `succeeded` or `failed`, what `pending` and `success` say together. Read those instead.',
          ),
          deprecated: true,
          'x-extension': true,
        } as Schema,
        gateway: text(1, SETTLEMENT_TEXT_MAX),
        external_payment_id: text(1, SETTLEMENT_TEXT_MAX),
        failure_detail: closedObject({ reason: text(1, SETTLEMENT_TEXT_MAX) }),
        amount: price,
      },
      ['external_payment_id', 'failure_detail'],
    ),
    meta: closedObject({
      owner: constant('store'),
      invoice_id: uuid,
      subscription_id: uuid,
      job_id: uuid,
      manual_payment: {
        ...boolean,
        description:
          'The payment is a manual one (the subscription has `manual_payments`), settled by the merchant, not by a gateway.',
      },
      timestamps: closedObject(
        {
          ...stamps,
          payment_taken_at: {
            ...timestamp,
            description:
              'When the payment was taken: as the merchant said when settling it, or when it was settled. On a failed manual payment, when the failed attempt was made, as the merchant said when settling it (absent when the merchant did not say).',
          },
        },
        ['payment_taken_at'],
      ),
    }),
  },
  [],
  'One attempt to take payment of an invoice.',
);

export const INVOICE_SCHEMAS = { SubscriptionInvoice: invoice, SubscriptionInvoicePayment: payment };

const pathId = (name: string, what: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description: `The ${what}'s id. An id that is not a UUID is answered 404 like one that does not exist.`,
  schema: { type: 'string', format: 'uuid' },
});
const INVOICE_ID = pathId('invoice_id', 'invoice');
const PAYMENT_ID = pathId('payment_id', 'payment');
const SUBSCRIPTION_ID = pathId('subscription_id', 'subscription');

const settlement = dataRequest(
  openObject(
    {
      id: {
        ...uuid,
        description:
          "EPCC's UpdateInvoicePayment sends the payment's id; when given it must be the payment of the path.",
      },
      type: constant(INVOICE_PAYMENT_TYPE),
      attributes: openObject(
        {
          success: boolean,
          external_payment_id: text(1, SETTLEMENT_TEXT_MAX),
          failure_detail: {
            oneOf: [text(1, SETTLEMENT_TEXT_MAX), openObject({ reason: text(1, SETTLEMENT_TEXT_MAX) }, ['reason'])],
            description: 'Why the payment failed: text, as EPCC sends it, or `{"reason": ...}` as a payment shows it.',
          },
          payment_taken_at: {
            type: 'string',
            format: 'date-time',
            description:
              'RFC 3339 with a zone, not later than now. With `success: true`, when the payment was taken (without it, the settlement time); with `success: false`, when the failed attempt was made, from which the next retry waits (without it, the settlement time), as EPCC takes it.',
          },
        },
        ['success'],
      ),
    },
    ['type', 'attributes'],
  ),
);

const FINANCIAL = 'Invoices are financial records: reading them needs a client-credentials token.';
const INVOICE_MISSING = 'No invoice of this store has this id.';
const SCOPED_MISSING = 'No subscription of this store has this id, or it has no invoice with this id.';

const readOperations = (
  prefix: string,
  scoped: boolean,
  ids: { list: string; get: string; listPayments: string; getPayment: string },
) => {
  const missing = scoped ? SCOPED_MISSING : INVOICE_MISSING;
  const owner = scoped ? [SUBSCRIPTION_ID] : [];
  return {
    ...subscriptionPath(prefix, {
      ...(scoped ? { parameters: owner } : {}),
      get: operation({
        operationId: ids.list,
        summary: scoped ? "List a subscription's invoices" : 'List invoices',
        description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending). ${scoped ? 'No filter: it is the subscription’s invoices.' : 'Filters: `eq` on `subscriber_id`, `subscription_id`, `outstanding` and `tax_required` (the last two take `true` or `false`).'} ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        parameters: scoped ? PAGING_PARAMETERS : [...PAGING_PARAMETERS, parameterRef('InvoiceFilter')],
        success: {
          '200': {
            description: 'A page of invoices.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionInvoice'))),
          },
        },
        errors: {
          400: 'A paging parameter out of range or given twice, or a filter that does not parse.',
          ...(scoped ? { 404: 'No subscription of this store has this id.' } : {}),
        },
      }),
    }),
    ...subscriptionPath(`${prefix}/{invoice_id}`, {
      parameters: [...owner, INVOICE_ID],
      get: operation({
        operationId: ids.get,
        summary: 'Get an invoice',
        description: `${SUBSCRIPTIONS_EPCC} ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        success: {
          '200': { description: 'The invoice.', content: jsonContent(dataDocument(schemaRef('SubscriptionInvoice'))) },
        },
        errors: { 404: missing },
      }),
    }),
    ...subscriptionPath(`${prefix}/{invoice_id}/payments`, {
      parameters: [...owner, INVOICE_ID],
      get: operation({
        operationId: ids.listPayments,
        summary: "List an invoice's payments",
        description: `${SUBSCRIPTIONS_EPCC} Oldest first, exact totals. ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        parameters: PAGING_PARAMETERS,
        success: {
          '200': {
            description: 'A page of payments.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionInvoicePayment'))),
          },
        },
        errors: { 400: 'A paging parameter out of range or given twice.', 404: missing },
      }),
    }),
  };
};

export const invoicePaths: Readonly<Record<string, PathItem>> = {
  ...readOperations('/subscriptions/invoices', false, {
    list: 'listInvoices',
    get: 'getInvoice',
    listPayments: 'listInvoicePayments',
    getPayment: 'getInvoicePayment',
  }),
  ...subscriptionPath('/subscriptions/invoices/{invoice_id}/payments/{payment_id}', {
    parameters: [INVOICE_ID, PAYMENT_ID],
    get: operation({
      operationId: 'getInvoicePayment',
      summary: 'Get a payment of an invoice',
      description: `${SUBSCRIPTIONS_EPCC} ${FINANCIAL}`,
      tag: TAG,
      access: 'read',
      success: {
        '200': {
          description: 'The payment.',
          content: jsonContent(dataDocument(schemaRef('SubscriptionInvoicePayment'))),
        },
      },
      errors: { 404: 'No invoice of this store has this id, or it has no payment with this id.' },
    }),
    put: operation({
      operationId: 'updateInvoicePayment',
      summary: 'Settle a pending manual payment',
      description: `${SUBSCRIPTIONS_EPCC} A subscription with \`manual_payments\` is paid outside the service: a payment run records a \`pending\` payment and marks the invoice \`manual_payment_pending\`. \`success: true\` takes it (the invoice is no longer outstanding; \`payment_taken_at\` says when, or now); \`success: false\` fails it, with \`failure_detail\` and \`payment_taken_at\` saying when the attempt failed (or now), and counts as a failed attempt for the store's retry policy (a later payment run retries it, the policy's wait after that time). Only a pending manual payment is settled this way.`,
      tag: TAG,
      access: 'write',
      requestBody: { description: 'How the payment ended.', content: jsonContent(settlement) },
      success: {
        '200': {
          description: 'The payment as it is now.',
          content: jsonContent(dataDocument(schemaRef('SubscriptionInvoicePayment'))),
        },
      },
      errors: {
        400: 'Every invalid field, each with its `source`: also an `id` that is not the payment of the path, and a `payment_taken_at` later than now.',
        404: 'No invoice of this store has this id, or it has no payment with this id.',
        409: 'The payment is not pending: it was settled already, or it was not a manual payment.',
        codes: { 409: ['payment_not_pending'] },
      },
    }),
  }),
  ...subscriptionPath('/subscriptions/invoices/{invoice_id}/payment-attempt-requests', {
    parameters: [INVOICE_ID],
    post: operation({
      operationId: 'requestInvoicePaymentAttempt',
      post: true,
      summary: 'Ask for one more payment attempt of an invoice whose retries are spent',
      description:
        "Our extension (EPCC lets a suspended or closed subscription's subscriber pay the outstanding invoice, and names no way to). No body. The invoice's retries are no longer marked spent (`payment_retries_limit_reached: false`), and the next payment run (a scheduled one, or one started with `POST /subscriptions/jobs`) attempts it at once, through the subscription's gateway or as a pending manual payment to settle. Paid, a suspension lifts (once no other invoice of the subscription is outstanding after a failed payment) and `payment_retries_limit_reached` is true again; failed, the retries are spent again.",
      tag: TAG,
      access: 'write',
      extension: true,
      success: {
        '200': {
          description: 'The invoice as it is now.',
          content: jsonContent(dataDocument(schemaRef('SubscriptionInvoice'))),
        },
      },
      errors: {
        404: INVOICE_MISSING,
        409: 'The invoice is paid.',
        422: 'The invoice still has retries: payment runs attempt it on the dunning schedule.',
        codes: { 409: ['invoice_paid'], 422: ['payment_retries_left'] },
      },
    }),
  }),
  ...readOperations('/subscriptions/subscriptions/{subscription_id}/invoices', true, {
    list: 'listSubscriptionInvoices',
    get: 'getSubscriptionInvoice',
    listPayments: 'listSubscriptionInvoicePayments',
    getPayment: 'getSubscriptionInvoicePayment',
  }),
  ...subscriptionPath('/subscriptions/subscriptions/{subscription_id}/invoices/{invoice_id}/payments/{payment_id}', {
    parameters: [SUBSCRIPTION_ID, INVOICE_ID, PAYMENT_ID],
    get: operation({
      operationId: 'getSubscriptionInvoicePayment',
      summary: "Get a payment of a subscription's invoice",
      description: `${SUBSCRIPTIONS_EPCC} ${FINANCIAL}`,
      tag: TAG,
      access: 'read',
      success: {
        '200': {
          description: 'The payment.',
          content: jsonContent(dataDocument(schemaRef('SubscriptionInvoicePayment'))),
        },
      },
      errors: {
        404: 'No subscription of this store has this id, or it has no such invoice, or the invoice no such payment.',
      },
    }),
  }),
};
