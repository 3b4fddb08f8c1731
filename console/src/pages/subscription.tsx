import { useState } from 'preact/hooks';
import { api } from '../api';
import { filterText } from '../filter';
import type { ListAnswer } from '../paged-list';
import {
  ACCOUNTS,
  type Account,
  type CatalogueItem,
  type Invoice,
  SUBSCRIPTIONS,
  type Subscription,
  type SubscriptionState,
} from '../resources';
import { href } from '../route';
import { allowedActions, type StateAction } from '../subscription-rules';
import { ActionButton, Problems, useLoad, when } from '../ui';
import { InvoiceRows } from './invoices';
import { PlanChange } from './plan-change';
import { stateOfSubscription } from './subscriptions';

/**
 * The subscription's account, linked when the store has it: a subscription may name an account made
 * elsewhere (an import, another system). Read as a filtered list, so an absent account is an empty page,
 * not a 404.
 */
export const AccountLink = ({ id }: { id: string }) => {
  const found = useLoad<ListAnswer<Account>>(
    `${ACCOUNTS}?page[limit]=1&filter=${encodeURIComponent(filterText([{ op: 'eq', field: 'id', values: [id] }]))}`,
  );
  const account = found.data?.data[0];
  if (account !== undefined)
    return (
      <>
        <a href={href(`accounts/${account.id}`)}>{account.name}</a> <code>{id}</code>
      </>
    );
  return (
    <>
      <code>{id}</code>
      {found.data === undefined ? null : ' (not an account of this store)'}
    </>
  );
};

export const SubscriptionPage = ({ id }: { id: string }) => {
  const [round, setRound] = useState(0);
  const base = `${SUBSCRIPTIONS}/subscriptions/${encodeURIComponent(id)}`;
  const subscription = useLoad<{ data: Subscription }>(base, round);
  const plans = useLoad<ListAnswer<CatalogueItem>>(`${base}/plans`, round);
  const states = useLoad<ListAnswer<SubscriptionState>>(`${base}/states?page[limit]=100`, round);
  const invoices = useLoad<ListAnswer<Invoice>>(`${base}/invoices?page[limit]=100`, round);
  const s = subscription.data?.data;
  const plan = plans.data?.data.find((p) => p.id === s?.attributes.plan_id);
  const actions = s === undefined ? [] : allowedActions({ ...s.meta, status: s.attributes.status }, plan?.attributes);
  const act = (action: StateAction) => async () => {
    await api('POST', `${base}/states`, { data: { type: 'subscription_state', attributes: { action } } });
    setRound((r) => r + 1);
  };
  return (
    <>
      <p>
        <a href={href('subscriptions')}>← Subscriptions</a>
      </p>
      <Problems error={subscription.error} />
      {s === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <h1>{s.attributes.name}</h1>
          <dl class="facts">
            <dt>State</dt>
            <dd data-testid="subscription-state">{stateOfSubscription(s)}</dd>
            <dt>Subscriber</dt>
            <dd>
              <a href={href(`subscribers/${s.attributes.account_id}`)}>{s.attributes.name}</a> {s.attributes.email}
            </dd>
            <dt>Account</dt>
            <dd>
              <AccountLink id={s.attributes.account_id} />
            </dd>
            <dt>Offering</dt>
            <dd>{s.attributes.offering.attributes?.name ?? '—'}</dd>
            <dt>Plan</dt>
            <dd>
              {plan === undefined
                ? '—'
                : `${plan.attributes.name}: every ${plan.attributes.billing_frequency ?? 1} ${plan.attributes.billing_interval_type ?? ''}, ${plan.meta?.display_price?.without_tax?.formatted ?? 'no price in this currency'}`}
            </dd>
            <dt>Payments</dt>
            <dd>{s.meta.manual_payments ? 'manual (the merchant settles them)' : 'by the payment processor'}</dd>
            <dt>Ends</dt>
            <dd>{when(s.meta.timestamps['end_date'])}</dd>
          </dl>
          <section aria-labelledby="actions">
            <h2 id="actions">Actions</h2>
            {actions.length === 0 ? <p>None: the subscription is {stateOfSubscription(s)}.</p> : null}
            {actions.map((action) => (
              <ActionButton
                key={action}
                label={`${action[0]?.toUpperCase()}${action.slice(1)} subscription`}
                danger={action === 'cancel'}
                action={act(action)}
              />
            ))}
          </section>
          <PlanChange subscriptionId={id} round={round} onChanged={() => setRound((r) => r + 1)} />
          <section aria-labelledby="history">
            <h2 id="history">State history</h2>
            <Problems error={states.error} />
            <ol class="history">
              {states.data?.data.map((state) => (
                <li key={state.id}>
                  {state.attributes.action} at {when(state.meta.created_at)}
                </li>
              ))}
            </ol>
            {states.data?.data.length === 0 ? <p>No change yet.</p> : null}
          </section>
          <section aria-labelledby="invoices">
            <h2 id="invoices">Invoices and payments</h2>
            <Problems error={invoices.error} />
            {invoices.data === undefined ? null : (
              <InvoiceRows invoices={invoices.data.data} round={round} onChange={() => setRound((r) => r + 1)} />
            )}
          </section>
        </>
      )}
    </>
  );
};
