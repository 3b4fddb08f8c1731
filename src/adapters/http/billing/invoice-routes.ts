import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetInvoice } from '../../../application/use-cases/billing/get-invoice.js';
import type { GetInvoicePayment } from '../../../application/use-cases/billing/get-invoice-payment.js';
import type { ListInvoicePayments } from '../../../application/use-cases/billing/list-invoice-payments.js';
import type { ListInvoices } from '../../../application/use-cases/billing/list-invoices.js';
import type { SettleInvoicePayment } from '../../../application/use-cases/billing/settle-invoice-payment.js';
import type { RequestPaymentAttempt } from '../../../application/use-cases/billing/request-payment-attempt.js';
import { invoicePaymentResource, invoiceResource } from './invoice-documents.js';
import { principalOf, queryOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';
import { bothPrefixes } from '../subscriptions/route-prefixes.js';

export interface InvoiceUseCases {
  readonly list: UseCase<ListInvoices>;
  readonly get: UseCase<GetInvoice>;
  readonly listPayments: UseCase<ListInvoicePayments>;
  readonly getPayment: UseCase<GetInvoicePayment>;
  readonly settle: UseCase<SettleInvoicePayment>;
  readonly requestAttempt: UseCase<RequestPaymentAttempt>;
}

const param = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }, name: string): string =>
  ctx.params[name] ?? '';

/**
 * `/subscriptions/invoices` and a subscription's `/invoices`, with their payments: invoices are made by
 * billing runs and paid by payment runs, so they are read-only, except our settlement of a manual payment
 * and a merchant's request for one more attempt of an invoice whose retries are spent.
 */
export const invoiceRoutes = (
  router: Router<HttpState>,
  invoices: InvoiceUseCases,
  { guard, links }: RouteContext,
): void => {
  for (const [base, scoped] of [
    ['/subscriptions/invoices', false],
    ['/subscriptions/subscriptions/:subscription_id/invoices', true],
  ] as const) {
    const owner = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }) =>
      scoped ? param(ctx, 'subscription_id') : undefined;
    router
      .get(bothPrefixes(base), guard('read'), async (ctx) => {
        const found = await invoices.list.execute(principalOf(ctx).storeId, queryOf(ctx), owner(ctx));
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        ctx.body = listDocument(ctx, links, found.right, invoiceResource);
      })
      .get(bothPrefixes(`${base}/:invoice_id`), guard('read'), async (ctx) => {
        const found = await invoices.get.execute(principalOf(ctx).storeId, param(ctx, 'invoice_id'), owner(ctx));
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        ctx.body = { data: invoiceResource(found.right) };
      })
      .get(bothPrefixes(`${base}/:invoice_id/payments`), guard('read'), async (ctx) => {
        const found = await invoices.listPayments.execute(
          principalOf(ctx).storeId,
          param(ctx, 'invoice_id'),
          queryOf(ctx),
          owner(ctx),
        );
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        ctx.body = listDocument(ctx, links, found.right, invoicePaymentResource);
      })
      .get(bothPrefixes(`${base}/:invoice_id/payments/:payment_id`), guard('read'), async (ctx) => {
        const found = await invoices.getPayment.execute(
          principalOf(ctx).storeId,
          param(ctx, 'invoice_id'),
          param(ctx, 'payment_id'),
          owner(ctx),
        );
        if (E.isLeft(found)) return respondWithError(ctx, found.left);
        ctx.body = { data: invoicePaymentResource(found.right) };
      });
  }
  router.put(bothPrefixes('/subscriptions/invoices/:invoice_id/payments/:payment_id'), guard('write'), async (ctx) => {
    const data = requestData(ctx);
    const settled = E.isLeft(data)
      ? data
      : await invoices.settle.execute(
          principalOf(ctx).storeId,
          param(ctx, 'invoice_id'),
          param(ctx, 'payment_id'),
          data.right,
        );
    if (E.isLeft(settled)) return respondWithError(ctx, settled.left);
    ctx.body = { data: invoicePaymentResource(settled.right) };
  });
  router.post(
    bothPrefixes('/subscriptions/invoices/:invoice_id/payment-attempt-requests'),
    guard('write'),
    async (ctx) => {
      const requested = await invoices.requestAttempt.execute(principalOf(ctx).storeId, param(ctx, 'invoice_id'));
      if (E.isLeft(requested)) return respondWithError(ctx, requested.left);
      ctx.body = { data: invoiceResource(requested.right) };
    },
  );
};
