import { INVOICE_TYPE } from '../../../domain/billing/invoices/invoice.js';
import { INVOICE_ITEM_DESCRIPTION_MAX } from '../../../domain/billing/invoices/invoice-items.js';
import { INVOICE_PAYMENT_TYPE, PAYMENT_STATUSES } from '../../../domain/billing/payments/invoice-payment.js';
import { SETTLEMENT_TEXT_MAX } from '../../../domain/billing/payments/settlement.js';
import { TAX_TEXT_MAX } from '../../../domain/jobs/job-input.js';
import { AMOUNT_MAX } from '../../../domain/shared/money.js';
import { currency } from '../catalogue/subscription-catalogue-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  integer,
  oneOfStrings,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';

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
      amount_refunded: {
        type: 'integer',
        minimum: 0,
        description:
          "Our extension, Stripe's name: what refunds of the payment gave back so far, in the currency's smallest unit (EPCC 2026's `CreateInvoicePaymentRefund`).",
        'x-extension': true,
      } as Schema,
      refunded: {
        ...boolean,
        description: "Our extension, Stripe's name: the payment's whole amount was given back by refunds.",
        'x-extension': true,
      } as Schema,
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
