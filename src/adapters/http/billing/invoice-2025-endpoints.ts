import * as E from 'fp-ts/lib/Either.js';
import type { StoreClock } from '../../../application/ports/test-clocks/store-clock.js';
import { TOKENS } from '../../../application/tokens.js';
import { GetInvoice } from '../../../application/use-cases/billing/get-invoice.js';
import { ListInvoices } from '../../../application/use-cases/billing/list-invoices.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import { concept, type Endpoint, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { principalOf, queryOf, respondWithError, shopperOf } from '../http-state.js';
import type { Schema } from '../openapi/openapi-types.js';
import { FILTERED_PAGE_REFUSED, jsonContent, PAGE_REFUSED } from '../openapi/operation-builder.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { SUBSCRIPTIONS_2025_EPCC } from '../subscriptions/subscription-2025-schemas.js';
import { invoice2025Resource } from './invoice-2025-documents.js';
import { INVOICE_ID, INVOICE_MISSING, SCOPED_MISSING, SUBSCRIPTION_ID } from './invoice-endpoints.js';

interface Invoice2025UseCases {
  readonly list: UseCase<ListInvoices>;
  readonly get: UseCase<GetInvoice>;
  /** Dates `pro_rata_remaining_value`: the store's time, its test clock's when set. */
  readonly clock: StoreClock;
}

const TAG = 'Invoices';
const INVOICE_2025: Schema = { $ref: '#/components/schemas/SubscriptionInvoice2025' };

type WithParams = { readonly params: Readonly<Record<string, string | undefined>> };
const param = (ctx: WithParams, name: string): string => ctx.params[name] ?? '';

/** The invoice reads of `/subscriptions/invoices` and of a subscription's `/invoices`, in 2025's shape. */
const readEndpoints = (prefix: string, scoped: boolean, ids: { list: string; get: string }) => {
  const ownerOf = (ctx: WithParams) => (scoped ? param(ctx, 'subscription_id') : undefined);
  const endpoints: Endpoint<Invoice2025UseCases>[] = [
    {
      method: 'get',
      ...withAndWithoutV2(prefix),
      generation: '2025',
      ...(scoped ? { pathParameters: [SUBSCRIPTION_ID] } : {}),
      spec: {
        operationId: ids.list,
        summary: scoped ? "List a subscription's invoices" : 'List invoices',
        description: `${SUBSCRIPTIONS_2025_EPCC} The same invoices, order, paging and filters as on the 2024 wire.`,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        parameters: [
          { $ref: '#/components/parameters/PageOffset' },
          { $ref: '#/components/parameters/PageLimit' },
          ...(scoped ? [] : [{ $ref: '#/components/parameters/InvoiceFilter' }]),
        ],
        success: {
          '200': {
            description: 'A page of invoices.',
            content: jsonContent({ type: 'object', properties: { data: { type: 'array', items: INVOICE_2025 } } }),
          },
        },
        errors: { 400: scoped ? PAGE_REFUSED : FILTERED_PAGE_REFUSED, ...(scoped ? { 404: SCOPED_MISSING } : {}) },
      },
      handle:
        ({ list, clock }, { links }) =>
        async (ctx) => {
          const storeId = principalOf(ctx).storeId;
          const found = await list.execute(storeId, queryOf(ctx), ownerOf(ctx), shopperOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          const now = await clock.now(storeId);
          ctx.body = listDocument(ctx, links, found.right, (invoice: Invoice) => invoice2025Resource(invoice, now));
        },
    },
    {
      method: 'get',
      ...withAndWithoutV2(`${prefix}/{invoice_id}`),
      generation: '2025',
      pathParameters: [...(scoped ? [SUBSCRIPTION_ID] : []), INVOICE_ID],
      spec: {
        operationId: ids.get,
        summary: 'Get an invoice',
        description: SUBSCRIPTIONS_2025_EPCC,
        tag: TAG,
        access: 'read',
        shopper: 'read',
        success: {
          '200': {
            description: 'The invoice.',
            content: jsonContent({ type: 'object', properties: { data: INVOICE_2025 } }),
          },
        },
        errors: { 404: scoped ? SCOPED_MISSING : INVOICE_MISSING },
      },
      handle:
        ({ get, clock }) =>
        async (ctx) => {
          const storeId = principalOf(ctx).storeId;
          const found = await get.execute(storeId, param(ctx, 'invoice_id'), ownerOf(ctx), shopperOf(ctx));
          if (E.isLeft(found)) return respondWithError(ctx, found.left);
          ctx.body = { data: invoice2025Resource(found.right, await clock.now(storeId)) };
        },
    },
  ];
  return endpoints;
};

/**
 * Invoices on EPCC's 2025 wire: the 2024 reads' use cases, rendered in 2025's names. Their payments are the
 * same on both wires, so those endpoints stay unmarked and serve both.
 */
export const INVOICE_2025_ENDPOINTS = concept<Invoice2025UseCases>({
  useCases: ({ use, container }) => ({
    list: use(ListInvoices),
    get: use(GetInvoice),
    clock: container.get(TOKENS.StoreClock),
  }),
  schemas: {
    SubscriptionInvoice2025: {
      type: 'object',
      required: ['id', 'type', 'attributes', 'meta'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        type: { type: 'string', enum: ['subscription_invoice'] },
        attributes: { type: 'object' },
        relationships: { type: 'object' },
        meta: { type: 'object' },
      },
    },
  },
  endpoints: [
    ...readEndpoints('/subscriptions/invoices', false, { list: 'ListInvoices', get: 'GetInvoice' }),
    ...readEndpoints('/subscriptions/subscriptions/{subscription_id}/invoices', true, {
      list: 'ListSubscriptionInvoices',
      get: 'GetSubscriptionInvoice',
    }),
  ],
});
