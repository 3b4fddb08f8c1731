import { CreateInvoicePaymentRefund } from '../../../application/use-cases/billing/create-invoice-payment-refund.js';
import { GetInvoicePaymentRefund } from '../../../application/use-cases/billing/get-invoice-payment-refund.js';
import { ListInvoicePaymentRefunds } from '../../../application/use-cases/billing/list-invoice-payment-refunds.js';
import {
  INVOICE_PAYMENT_REFUND_TYPE,
  REFUND_STATUSES,
  REFUND_TEXT_MAX,
} from '../../../domain/billing/payments/refund.js';
import { AMOUNT_MAX } from '../../../domain/shared/money.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, created, inData, withData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
import { jsonContent, listResponseSchema, PAGE_REFUSED, PAGING_PARAMETERS } from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  openObject,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_2025_EPCC } from '../subscriptions/subscription-2025-schemas.js';
import { INVOICE_ID, PAYMENT_ID, pathId } from './invoice-endpoints.js';
import { refundResource } from './refund-2025-documents.js';

interface RefundUseCases {
  readonly create: UseCase<CreateInvoicePaymentRefund>;
  readonly get: UseCase<GetInvoicePaymentRefund>;
  readonly list: UseCase<ListInvoicePaymentRefunds>;
}

const TAG = 'Invoices';
const REFUND_ID = pathId('refund_id', 'refund');
const PATH = '/subscriptions/invoices/{invoice_id}/payments/{payment_id}/refunds';
const PAYMENT_MISSING = 'No invoice of this store has this id, or it has no payment with this id.';
const REFUND = schemaRef('SubscriptionInvoicePaymentRefund');

type WithParams = { readonly params: Readonly<Record<string, string | undefined>> };
const param = (ctx: WithParams, name: string): string => ctx.params[name] ?? '';

const refundRequest = dataRequest(
  openObject(
    {
      type: constant(INVOICE_PAYMENT_REFUND_TYPE),
      attributes: openObject(
        {
          amount: integer(
            1,
            AMOUNT_MAX,
            "What to give back, in the currency's smallest unit, in the payment's currency.",
          ),
          reason: text(1, REFUND_TEXT_MAX, 'Why, or a note.'),
          external_refund_id: {
            ...text(1, REFUND_TEXT_MAX),
            description:
              "Our extension: the merchant's reference of the money given back (a transfer's, say); without one, the refund's `external_refund_id` is its own id.",
            'x-extension': true,
          },
        },
        ['amount', 'reason'],
      ),
    },
    ['type', 'attributes'],
  ),
);

const refundSchema = closedObject({
  id: uuid,
  type: constant(INVOICE_PAYMENT_REFUND_TYPE),
  attributes: closedObject({
    amount: integer(1, AMOUNT_MAX, "In the currency's smallest unit; the currency is `meta.currency`."),
    reason: text(1, REFUND_TEXT_MAX),
    gateway: text(1, REFUND_TEXT_MAX, "The payment's gateway, which gave the money back (`manual`: the merchant did)."),
    external_refund_id: text(
      1,
      REFUND_TEXT_MAX,
      "The gateway's reference of the refund (Stripe's `re_...`; Authorize.Net's refund `transId`, or the charge's when it was voided whole), or for a manual one the merchant's when given; else the refund's own id.",
    ),
    created_at: timestamp,
  }),
  relationships: closedObject({
    invoice: closedObject({ data: closedObject({ id: uuid, type: constant('subscription_invoice') }) }),
    payment: closedObject({ data: closedObject({ id: uuid, type: constant('subscription_invoice_payment') }) }),
  }),
  meta: closedObject({
    owner: constant('store'),
    currency: text(3, 3),
    invoice_id: uuid,
    payment_id: uuid,
    subscription_id: uuid,
    status: {
      type: 'string',
      enum: [...REFUND_STATUSES],
      description:
        "Our extension: `succeeded` once given back (a manual refund is at once); `pending` while the payment's gateway has not answered (its answer was lost), until a later refund of the payment asks it again under the same key.",
      'x-extension': true,
    },
  }),
});

/**
 * EPCC 2026's refunds of invoice payments: a 2025-generation addition, answered 404 on a 2024 store. A
 * refund is of a taken manual payment, at most what is left of it; the invoice stays paid.
 */
export const REFUND_2025_ENDPOINTS = concept<RefundUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateInvoicePaymentRefund),
    get: use(GetInvoicePaymentRefund),
    list: use(ListInvoicePaymentRefunds),
  }),
  schemas: { SubscriptionInvoicePaymentRefund: refundSchema },
  endpoints: [
    {
      method: 'post',
      ...withAndWithoutV2(PATH),
      generation: '2025',
      pathParameters: [INVOICE_ID, PAYMENT_ID],
      spec: {
        operationId: 'CreateInvoicePaymentRefund',
        post: true,
        summary: 'Create a refund for an invoice payment',
        description: `${SUBSCRIPTIONS_2025_EPCC} Gives back money of a taken payment, at the store's time: a manual payment's refund is recorded (the merchant gives it back as it was taken, outside this service); a gateway's payment is refunded through that gateway (Stripe: a Refund of its PaymentIntent, under the refund's id as the idempotency key; Authorize.Net: a refund of the settled charge, or a void of an unsettled one refunded whole, each looked up first by the refund's id), and answered with \`meta.status: "pending"\` (still 201: EPCC lists no other success) when the gateway's answer was lost, until the next refund of the payment or the store's next payment run asks again. Several refunds may be made of one payment, together never more than it took; two at once cannot both spend what is left. The invoice stays paid (\`outstanding: false\`), as Stripe keeps a refunded invoice paid; the payment shows \`meta.amount_refunded\` and \`meta.refunded\`. Fires \`subscription-invoice-payment-refund.created\`.`,
        tag: TAG,
        access: 'write',
        requestBody: { description: 'What to give back, and why.', content: jsonContent(refundRequest) },
        success: {
          '201': {
            description:
              "The refund: given back (`meta.status: succeeded`), or `pending` when its gateway's answer was lost; a pending one holds its amount, and the next refund of the payment asks the gateway again under the same key.",
            content: jsonContent(dataDocument(REFUND)),
          },
        },
        errors: {
          400: 'Every invalid field, each with its `source`: an `amount` that is not a whole number of at least 1, a `reason` that is empty or longer than 1,024 characters.',
          404: PAYMENT_MISSING,
          422: 'The payment cannot be refunded: it was not taken (pending or failed), its gateway cannot refund, or the amount is more than what is left of it to refund (`payment_not_refundable`); or its gateway refused the refund, and nothing was refunded (`refund_refused`).',
          codes: { 422: ['payment_not_refundable', 'refund_refused'] },
        },
      },
      handle: ({ create }) =>
        created(
          withData((data, storeId, ctx) =>
            create.execute(storeId, param(ctx, 'invoice_id'), param(ctx, 'payment_id'), data),
          ),
          inData(refundResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2(PATH),
      generation: '2025',
      pathParameters: [INVOICE_ID, PAYMENT_ID],
      spec: {
        operationId: 'ListInvoicePaymentRefunds',
        summary: 'List invoice payment refunds',
        description: `${SUBSCRIPTIONS_2025_EPCC} A payment's refunds, oldest first.`,
        tag: TAG,
        access: 'read',
        parameters: PAGING_PARAMETERS,
        success: {
          '200': { description: 'A page of refunds.', content: jsonContent(listResponseSchema(REFUND)) },
        },
        errors: { 400: PAGE_REFUSED, 404: PAYMENT_MISSING },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, param(ctx, 'invoice_id'), param(ctx, 'payment_id'), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, refundResource),
        ),
    },
    {
      method: 'get',
      ...withAndWithoutV2(`${PATH}/{refund_id}`),
      generation: '2025',
      pathParameters: [INVOICE_ID, PAYMENT_ID, REFUND_ID],
      spec: {
        operationId: 'GetInvoicePaymentRefund',
        summary: 'Get a refund for an invoice payment',
        description: SUBSCRIPTIONS_2025_EPCC,
        tag: TAG,
        access: 'read',
        success: {
          '200': { description: 'The refund.', content: jsonContent(dataDocument(REFUND)) },
        },
        errors: { 404: `${PAYMENT_MISSING} Or the payment has no refund with this id.` },
      },
      handle: ({ get }) =>
        answer(
          (storeId, ctx) =>
            get.execute(storeId, param(ctx, 'invoice_id'), param(ctx, 'payment_id'), param(ctx, 'refund_id')),
          inData(refundResource),
        ),
    },
  ],
});
