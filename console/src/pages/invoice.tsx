import { useState } from 'preact/hooks';
import { api, get } from '../api';
import { percentFromRate, rateFromPercent } from '../decimal';
import { JobReport } from '../job-report-view';
import { money } from '../money';
import type { ListAnswer } from '../paged-list';
import { type Invoice, type Job, type Payment, SUBSCRIPTIONS, type Subscription } from '../resources';
import { href } from '../route';
import { ActionButton, ActionForm, Field, Problems, text, useLoad, when } from '../ui';
import { paymentState, Settle } from './invoices';

/** Where the invoice stands, in the words of Commerce Manager's invoice list. */
const stateOf = (invoice: Invoice): string => {
  const a = invoice.attributes;
  if (!a.outstanding) return 'paid';
  if (a.tax_required && (a.tax_items?.length ?? 0) === 0) return 'outstanding, waiting for tax';
  if (a.manual_payment_pending) return 'outstanding, a manual payment waits to be settled';
  if (a.payment_retries_limit_reached === true) return 'outstanding, every retry failed';
  return 'outstanding';
};

/** A job, read again until it has finished (a tax run takes a moment in the background), at most 30 s. */
const finished = async (id: string): Promise<Job> => {
  for (let i = 0; ; i += 1) {
    const job = (await get<{ data: Job }>(`${SUBSCRIPTIONS}/jobs/${id}`)).data;
    if (job.attributes.status === 'success' || job.attributes.status === 'failed' || i >= 60) return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

/** A tax run for this invoice alone: the taxes the merchant's tax service worked out, added by the API. */
const TaxThisInvoice = ({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) => {
  const [job, setJob] = useState<Job>();
  const taxed = (invoice.attributes.tax_items?.length ?? 0) > 0;
  return (
    <section aria-labelledby="tax">
      <h2 id="tax">Tax this invoice</h2>
      {taxed ? <p>Taxed: an invoice is taxed once.</p> : null}
      {taxed ? null : (
        <ActionForm
          label="Tax this invoice"
          submit="Tax this invoice"
          action={async (form) => {
            setJob(undefined);
            const started = await api<{ data: Job }>('POST', `${SUBSCRIPTIONS}/jobs`, {
              data: {
                type: 'subscription_job',
                attributes: {
                  job_type: 'tax-run',
                  taxes: [
                    {
                      invoice_id: invoice.id,
                      tax_items: [
                        {
                          type: 'tax_item',
                          name: text(form, 'name'),
                          rate: rateFromPercent('Rate', text(form, 'rate')),
                          ...(text(form, 'jurisdiction') === '' ? {} : { jurisdiction: text(form, 'jurisdiction') }),
                        },
                      ],
                    },
                  ],
                },
              },
            });
            setJob(await finished(started.body.data.id));
            onDone();
          }}
        >
          <Field label="Tax name">
            <input name="name" required defaultValue="VAT" />
          </Field>
          <Field label="Rate" hint="percent, e.g. 5.8">
            <input name="rate" inputMode="decimal" autoComplete="off" required />
          </Field>
          <Field label="Jurisdiction" hint="optional">
            <input name="jurisdiction" />
          </Field>
        </ActionForm>
      )}
      {job === undefined ? null : (
        <div aria-live="polite">
          <p>The tax run {job.attributes.status === 'success' ? 'finished' : `is ${job.attributes.status}`}:</p>
          <JobReport job={job} />
        </div>
      )}
    </section>
  );
};

/**
 * A manual payment that did not arrive, as the API's UpdateInvoicePayment records it (`success: false`):
 * it counts as a failed attempt, and the store's dunning rule decides the retry from when it failed.
 */
const RecordFailure = ({
  invoice,
  payment,
  onChange,
}: {
  invoice: Invoice;
  payment: Payment;
  onChange: () => void;
}) => (
  <ActionForm
    label="Record a failed payment"
    submit="Record a failed payment"
    action={async (form) => {
      const reason = text(form, 'reason');
      const failedAt = text(form, 'payment_taken_at');
      await api('PUT', `${SUBSCRIPTIONS}/invoices/${invoice.id}/payments/${payment.id}`, {
        data: {
          type: 'subscription_invoice_payment',
          id: payment.id,
          attributes: {
            success: false,
            ...(reason === '' ? {} : { failure_detail: reason }),
            ...(failedAt === '' ? {} : { payment_taken_at: failedAt }),
          },
        },
      });
      onChange();
    }}
  >
    <Field label="Why it failed" hint="optional, e.g. the transfer bounced">
      <input name="reason" />
    </Field>
    <Field label="When it failed" hint="optional, RFC 3339, e.g. 2030-01-16T09:00:00Z; now when left empty">
      <input name="payment_taken_at" spellcheck={false} />
    </Field>
  </ActionForm>
);

const PaymentAttempts = ({ invoice, round, onChange }: { invoice: Invoice; round: number; onChange: () => void }) => {
  const payments = useLoad<ListAnswer<Payment>>(
    `${SUBSCRIPTIONS}/invoices/${invoice.id}/payments?page[limit]=100`,
    round,
  );
  const pending = payments.data?.data.filter((p) => p.attributes.pending && p.meta.manual_payment) ?? [];
  return (
    <section aria-labelledby="payments">
      <h2 id="payments">Payments</h2>
      <Problems error={payments.error} />
      {payments.data?.data.length === 0 ? (
        <p>
          No payment attempt yet. A payment run attempts an outstanding invoice once it needs no tax (a manual payment
          is then asked of the merchant).
        </p>
      ) : null}
      {payments.data === undefined || payments.data.data.length === 0 ? null : (
        <table>
          <caption class="visually-hidden">Payment attempts</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">Outcome</th>
              <th scope="col">How</th>
              <th scope="col">Reference</th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.data.map((p) => (
              <tr key={p.id}>
                <td>{when(p.meta.timestamps.payment_taken_at ?? p.meta.timestamps.created_at)}</td>
                <td>{money(p.attributes.amount)}</td>
                <td>{paymentState(p)}</td>
                <td>{p.meta.manual_payment ? 'manual' : (p.attributes.gateway ?? 'gateway')}</td>
                <td>{p.attributes.external_payment_id ?? '—'}</td>
                <td>
                  {(p.meta.amount_refunded ?? 0) > 0 && p.attributes.amount !== undefined
                    ? money({ amount: p.meta.amount_refunded ?? 0, currency: p.attributes.amount.currency })
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pending.map((p) => (
        <div key={p.id} class="pending-payment">
          <h3>
            The manual payment of {money(p.attributes.amount)}, waiting since {when(p.meta.timestamps.created_at)}
          </h3>
          <Settle invoice={invoice} payment={p} onChange={onChange} />
          <RecordFailure invoice={invoice} payment={p} onChange={onChange} />
        </div>
      ))}
      {invoice.attributes.outstanding && invoice.attributes.payment_retries_limit_reached === true ? (
        <ActionButton
          label="Ask for one more payment attempt"
          action={async () => {
            await api('POST', `${SUBSCRIPTIONS}/invoices/${invoice.id}/payment-attempt-requests`);
            onChange();
          }}
        />
      ) : null}
    </section>
  );
};

/** One invoice: its lines, taxes and total, where it stands, its payment attempts, and what can be done to it. */
export const InvoicePage = ({ id }: { id: string }) => {
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  const loaded = useLoad<{ data: Invoice }>(`${SUBSCRIPTIONS}/invoices/${encodeURIComponent(id)}`, round);
  const invoice = loaded.data?.data;
  const subscription = useLoad<{ data: Subscription }>(
    invoice === undefined ? undefined : `${SUBSCRIPTIONS}/subscriptions/${invoice.meta.subscription_id}`,
  ).data?.data;
  const currency = invoice?.meta.price?.currency ?? 'USD';
  const taxes = invoice?.attributes.tax_items ?? [];
  return (
    <>
      <p>
        <a href={href('invoices')}>← Invoices</a>
      </p>
      <Problems error={loaded.error} />
      {invoice === undefined ? null : (
        <>
          <h1>Invoice {invoice.attributes.number}</h1>
          <dl class="fields">
            <dt>State</dt>
            <dd>{stateOf(invoice)}</dd>
            <dt>Subscription</dt>
            <dd>
              <a href={href(`subscriptions/${invoice.meta.subscription_id}`)}>
                {subscription?.attributes.name ?? invoice.meta.subscription_id}
              </a>
              {subscription === undefined ? null : ` (${subscription.attributes.email})`}
            </dd>
            <dt>Period</dt>
            <dd>
              {when(invoice.attributes.billing_period.start)} to {when(invoice.attributes.billing_period.end)}
            </dd>
            <dt>Made</dt>
            <dd>{when(invoice.attributes.created_at)}</dd>
            <dt>Invoice id</dt>
            <dd>
              <code>{invoice.id}</code>
            </dd>
          </dl>
          <section aria-labelledby="items">
            <h2 id="items">Items</h2>
            <table>
              <caption class="visually-hidden">Invoice items</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {(invoice.attributes.invoice_items ?? []).map((item, i) => (
                  // Lines have no id of their own; a stored invoice's lines never move.
                  <tr key={i}>
                    <td>{item.description}</td>
                    <td>{when(item.from_time_period)}</td>
                    <td>{when(item.until_time_period)}</td>
                    <td>
                      {money(item.price)} {item.price.includes_tax === true ? '(tax included)' : ''}
                    </td>
                  </tr>
                ))}
                {taxes.map((tax, i) => (
                  <tr key={`tax-${i}`}>
                    <td>
                      {tax.name ?? 'Tax'} {percentFromRate(tax.rate)} %
                      {tax.jurisdiction === undefined ? '' : ` (${tax.jurisdiction})`}
                    </td>
                    <td colSpan={2}>tax on the invoice's tax-exclusive lines</td>
                    <td>{tax.amount === undefined ? '—' : money({ amount: tax.amount, currency })}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total {invoice.meta.price?.includes_tax === true ? '(tax included)' : '(tax excluded)'}
                  </th>
                  <td>{money(invoice.meta.price)}</td>
                </tr>
              </tfoot>
            </table>
            {(invoice.meta.proration_events ?? []).map((event) => (
              <p key={event.prorated_at}>
                Plan change on {when(event.prorated_at)}:{' '}
                {money({ amount: event.refunded_amount_for_unused_plan, currency })} refunded for the plan left,{' '}
                {money({ amount: event.new_plan_cost, currency })} charged for the new one.
              </p>
            ))}
          </section>
          {/* An invoice taxed is no longer `tax_required`; the section stays, with what its run reported. */}
          {invoice.attributes.tax_required || taxes.length > 0 ? (
            <TaxThisInvoice invoice={invoice} onDone={changed} />
          ) : null}
          <PaymentAttempts invoice={invoice} round={round} onChange={changed} />
        </>
      )}
    </>
  );
};
