import { useState } from 'preact/hooks';
import { api } from '../api';
import { LIST_FILTERS } from '../list-filters';
import { money } from '../money';
import type { ListAnswer } from '../paged-list';
import { PagedList } from '../paged-list';
import { type Invoice, type Payment, SUBSCRIPTIONS } from '../resources';
import { href, type Place } from '../route';
import { SubscriptionLink, useSubscriptionNames } from '../subscription-names';
import { ActionForm, Field, Problems, text, useLoad, when } from '../ui';

export const paymentState = (p: Payment): string =>
  p.attributes.pending
    ? 'pending'
    : p.attributes.success
      ? 'succeeded'
      : `failed${p.attributes.failure_detail?.reason === undefined ? '' : `: ${p.attributes.failure_detail.reason}`}`;

/** A pending manual payment is settled by the merchant once the money has arrived (EPCC's UpdateInvoicePayment). */
export const Settle = ({
  invoice,
  payment,
  onChange,
}: {
  invoice: Invoice;
  payment: Payment;
  onChange: () => void;
}) => (
  <ActionForm
    label={`Settle the payment of invoice ${invoice.attributes.number}`}
    submit="Settle payment"
    action={async (form) => {
      const reference = text(form, 'external_payment_id');
      await api('PUT', `${SUBSCRIPTIONS}/invoices/${invoice.id}/payments/${payment.id}`, {
        data: {
          type: 'subscription_invoice_payment',
          id: payment.id,
          attributes: { success: true, ...(reference === '' ? {} : { external_payment_id: reference }) },
        },
      });
      onChange();
    }}
  >
    <Field label="Payment reference" hint="optional, such as the bank transfer's">
      <input name="external_payment_id" />
    </Field>
  </ActionForm>
);

export const Payments = ({ invoice, round, onChange }: { invoice: Invoice; round: number; onChange: () => void }) => {
  const payments = useLoad<ListAnswer<Payment>>(
    `${SUBSCRIPTIONS}/invoices/${invoice.id}/payments?page[limit]=100`,
    round,
  );
  const changed = () => {
    payments.reload();
    onChange();
  };
  if (payments.error !== undefined) return <Problems error={payments.error} />;
  if (payments.data === undefined) return <span aria-busy="true">…</span>;
  if (payments.data.data.length === 0) return <span>No payment yet.</span>;
  return (
    <ul class="payments">
      {payments.data.data.map((p) => (
        <li key={p.id}>
          {money(p.attributes.amount)} {paymentState(p)} {p.meta.manual_payment ? '(manual)' : ''}{' '}
          {when(p.meta.timestamps.payment_taken_at ?? p.meta.timestamps.created_at)}
          {p.attributes.pending && p.meta.manual_payment ? (
            <Settle invoice={invoice} payment={p} onChange={changed} />
          ) : null}
        </li>
      ))}
    </ul>
  );
};

/** Invoices with what they cost, whether they are still owed, and their payments. */
export const InvoiceRows = ({
  invoices,
  round,
  onChange,
  withSubscription = false,
}: {
  invoices: readonly Invoice[];
  round: number;
  onChange: () => void;
  withSubscription?: boolean;
}) => {
  const names = useSubscriptionNames();
  return invoices.length === 0 ? (
    <p>No invoice.</p>
  ) : (
    <table>
      <caption class="visually-hidden">Invoices</caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          {withSubscription ? <th scope="col">Subscription</th> : null}
          <th scope="col">Period</th>
          <th scope="col">Price</th>
          <th scope="col">Owed</th>
          <th scope="col">Payments</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td>
              <a href={href(`invoices/${invoice.id}`)}>{invoice.attributes.number}</a>
            </td>
            {withSubscription ? (
              <td>
                <SubscriptionLink id={invoice.meta.subscription_id} names={names} />
              </td>
            ) : null}
            <td>
              {when(invoice.attributes.billing_period.start)} to {when(invoice.attributes.billing_period.end)}
            </td>
            <td>
              {money(invoice.meta.price)} {invoice.attributes.tax_required ? '(needs tax)' : ''}
            </td>
            <td>{invoice.attributes.outstanding ? 'outstanding' : 'paid'}</td>
            <td>
              <Payments invoice={invoice} round={round} onChange={onChange} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/** Commerce Manager's tax status of an invoice. */
const taxStatus = (invoice: Invoice): string =>
  (invoice.attributes.tax_items?.length ?? 0) > 0
    ? 'tax applied'
    : invoice.attributes.tax_required
      ? 'pending tax'
      : 'not required';

/** Every invoice of the store, filtered as the API filters them, with their payments. */
export const InvoicesPage = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const names = useSubscriptionNames();
  return (
    <>
      <h1>Invoices</h1>
      <p>
        Filter with <code>outstanding</code> or <code>tax_required</code> equal to <code>true</code> or{' '}
        <code>false</code>, or by a subscription's or subscriber's id.
      </p>
      <PagedList<Invoice>
        label="Invoices"
        path={`${SUBSCRIPTIONS}/invoices`}
        route="invoices"
        place={place}
        reloadKey={round}
        filters={LIST_FILTERS.invoices}
        columns={[
          { title: 'Number', cell: (i) => <a href={href(`invoices/${i.id}`)}>{i.attributes.number}</a> },
          { title: 'Created', cell: (i) => when(i.attributes.created_at) },
          {
            title: 'Subscription',
            cell: (i) => <SubscriptionLink id={i.meta.subscription_id} names={names} />,
          },
          { title: 'Price', cell: (i) => money(i.meta.price) },
          { title: 'Tax', cell: taxStatus },
          { title: 'Payment', cell: (i) => (i.attributes.outstanding ? 'unpaid' : 'paid') },
          {
            title: 'Payments',
            cell: (i) => <Payments invoice={i} round={round} onChange={() => setRound((r) => r + 1)} />,
          },
        ]}
      />
    </>
  );
};
