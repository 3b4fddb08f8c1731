import { GetInvoice } from '../../../application/use-cases/billing/get-invoice.js';
import { GetInvoicePayment } from '../../../application/use-cases/billing/get-invoice-payment.js';
import { ListInvoicePayments } from '../../../application/use-cases/billing/list-invoice-payments.js';
import { ListInvoices } from '../../../application/use-cases/billing/list-invoices.js';
import { RequestPaymentAttempt } from '../../../application/use-cases/billing/request-payment-attempt.js';
import { SettleInvoicePayment } from '../../../application/use-cases/billing/settle-invoice-payment.js';
import { INVOICE_LIST } from '../../../domain/billing/invoices/invoice-query.js';
import { INVOICE_PAYMENT_TYPE } from '../../../domain/billing/payments/invoice-payment.js';
import { SETTLEMENT_TEXT_MAX } from '../../../domain/billing/payments/settlement.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, inData, withData } from '../endpoints/handlers.js';
import { queryOf, shopperOf } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
import {
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  boolean,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  schemaRef,
  text,
  uuid,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_EPCC } from '../subscriptions/subscription-path.js';
import { invoicePaymentResource, invoiceResource } from './invoice-documents.js';
import { INVOICE_SCHEMAS } from './invoice-schemas.js';

interface InvoiceUseCases {
  readonly list: UseCase<ListInvoices>;
  readonly get: UseCase<GetInvoice>;
  readonly listPayments: UseCase<ListInvoicePayments>;
  readonly getPayment: UseCase<GetInvoicePayment>;
  readonly settle: UseCase<SettleInvoicePayment>;
  readonly requestAttempt: UseCase<RequestPaymentAttempt>;
}

const TAG = 'Invoices';

export const pathId = (name: string, what: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description: `The ${what}'s id. An id that is not a UUID is answered 404 like one that does not exist.`,
  schema: { type: 'string', format: 'uuid' },
});
export const INVOICE_ID = pathId('invoice_id', 'invoice');
export const PAYMENT_ID = pathId('payment_id', 'payment');
export const SUBSCRIPTION_ID = pathId('subscription_id', 'subscription');

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
export const INVOICE_MISSING = 'No invoice of this store has this id.';
export const SCOPED_MISSING = 'No subscription of this store has this id, or it has no invoice with this id.';

type WithParams = { readonly params: Readonly<Record<string, string | undefined>> };
const param = (ctx: WithParams, name: string): string => ctx.params[name] ?? '';

/**
 * The reads of `/subscriptions/invoices` and of a subscription's `/invoices`: the same invoices, the
 * second scoped to the subscription of its path.
 */
const readEndpoints = (
  prefix: string,
  scoped: boolean,
  ids: { list: string; get: string; listPayments: string; getPayment: string; getPaymentMissing: string },
): Endpoint<InvoiceUseCases>[] => {
  const missing = scoped ? SCOPED_MISSING : INVOICE_MISSING;
  const owner = scoped ? [SUBSCRIPTION_ID] : [];
  const ownerOf = (ctx: WithParams) => (scoped ? param(ctx, 'subscription_id') : undefined);
  return [
    {
      method: 'get',
      ...withAndWithoutV2(prefix),
      generation: '2024',
      ...(scoped ? { pathParameters: owner } : {}),
      spec: {
        operationId: ids.list,
        summary: scoped ? "List a subscription's invoices" : 'List invoices',
        description: `${SUBSCRIPTIONS_EPCC} Newest first (\`created_at\`, then \`id\`, descending). ${scoped ? 'No filter: it is the subscription’s invoices.' : 'Filtered by `filter`, on the fields it names with the operators and values it names.'} ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: scoped ? PAGING_PARAMETERS : [...PAGING_PARAMETERS, parameterRef('InvoiceFilter')],
        success: {
          '200': {
            description: 'A page of invoices.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionInvoice'))),
          },
        },
        errors: {
          400: FILTERED_PAGE_REFUSED,
          ...(scoped ? { 404: 'No subscription of this store has this id.' } : {}),
        },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx), ownerOf(ctx), shopperOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, invoiceResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2(`${prefix}/{invoice_id}`),
      generation: '2024',
      pathParameters: [...owner, INVOICE_ID],
      spec: {
        operationId: ids.get,
        summary: 'Get an invoice',
        description: `${SUBSCRIPTIONS_EPCC} ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        success: {
          '200': { description: 'The invoice.', content: jsonContent(dataDocument(schemaRef('SubscriptionInvoice'))) },
        },
        errors: { 404: missing },
      },
      handle: ({ get }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, param(ctx, 'invoice_id'), ownerOf(ctx), shopperOf(ctx)),
          inData(invoiceResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2(`${prefix}/{invoice_id}/payments`),
      pathParameters: [...owner, INVOICE_ID],
      spec: {
        operationId: ids.listPayments,
        summary: "List an invoice's payments",
        description: `${SUBSCRIPTIONS_EPCC} Oldest first, exact totals. ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: PAGING_PARAMETERS,
        success: {
          '200': {
            description: 'A page of payments.',
            content: jsonContent(listResponseSchema(schemaRef('SubscriptionInvoicePayment'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: missing },
      },
      handle: ({ listPayments }, { links }) =>
        answer(
          (storeId, ctx) =>
            listPayments.execute(storeId, param(ctx, 'invoice_id'), queryOf(ctx), ownerOf(ctx), shopperOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, invoicePaymentResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2(`${prefix}/{invoice_id}/payments/{payment_id}`),
      pathParameters: [...owner, INVOICE_ID, PAYMENT_ID],
      spec: {
        operationId: ids.getPayment,
        summary: scoped ? "Get a payment of a subscription's invoice" : 'Get a payment of an invoice',
        description: `${SUBSCRIPTIONS_EPCC} ${FINANCIAL}`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        success: {
          '200': {
            description: 'The payment.',
            content: jsonContent(dataDocument(schemaRef('SubscriptionInvoicePayment'))),
          },
        },
        errors: { 404: ids.getPaymentMissing },
      },
      handle: ({ getPayment }) =>
        answer(
          (storeId, ctx) =>
            getPayment.execute(
              storeId,
              param(ctx, 'invoice_id'),
              param(ctx, 'payment_id'),
              ownerOf(ctx),
              shopperOf(ctx),
            ),
          inData(invoicePaymentResource),
        ),
    },
  ];
};

/**
 * `/subscriptions/invoices` and a subscription's `/invoices`, with their payments: invoices are made by
 * billing runs and paid by payment runs, so they are read-only, except our settlement of a manual payment
 * and a merchant's request for one more attempt of an invoice whose retries are spent.
 */
export const INVOICE_ENDPOINTS = concept<InvoiceUseCases>({
  useCases: ({ use }) => ({
    list: use(ListInvoices),
    get: use(GetInvoice),
    listPayments: use(ListInvoicePayments),
    getPayment: use(GetInvoicePayment),
    settle: use(SettleInvoicePayment),
    requestAttempt: use(RequestPaymentAttempt),
  }),
  schemas: INVOICE_SCHEMAS,
  parameters: { InvoiceFilter: filterParameter(INVOICE_LIST) },
  endpoints: [
    ...readEndpoints('/subscriptions/invoices', false, {
      list: 'listInvoices',
      get: 'getInvoice',
      listPayments: 'listInvoicePayments',
      getPayment: 'getInvoicePayment',
      getPaymentMissing: 'No invoice of this store has this id, or it has no payment with this id.',
    }),
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/invoices/{invoice_id}/payments/{payment_id}'),
      pathParameters: [INVOICE_ID, PAYMENT_ID],
      spec: {
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
      },
      handle: ({ settle }) =>
        answer(
          withData((data, storeId, ctx) =>
            settle.execute(storeId, param(ctx, 'invoice_id'), param(ctx, 'payment_id'), data),
          ),
          inData(invoicePaymentResource),
        ),
    },
    {
      method: 'post',
      ...withAndWithoutV2('/subscriptions/invoices/{invoice_id}/payment-attempt-requests'),
      pathParameters: [INVOICE_ID],
      spec: {
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
      },
      handle: ({ requestAttempt }) =>
        answer((storeId, ctx) => requestAttempt.execute(storeId, param(ctx, 'invoice_id')), inData(invoiceResource)),
    },
    ...readEndpoints('/subscriptions/subscriptions/{subscription_id}/invoices', true, {
      list: 'listSubscriptionInvoices',
      get: 'getSubscriptionInvoice',
      listPayments: 'listSubscriptionInvoicePayments',
      getPayment: 'getSubscriptionInvoicePayment',
      getPaymentMissing:
        'No subscription of this store has this id, or it has no such invoice, or the invoice no such payment.',
    }),
  ],
});
