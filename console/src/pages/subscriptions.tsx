import { useState } from 'preact/hooks';
import { api } from '../api';
import { findAccounts, findOfferings, firstMemberOf } from '../finders';
import { LIST_FILTERS } from '../list-filters';
import { type Column, type ListAnswer, PagedList } from '../paged-list';
import { Picker } from '../picker';
import { type CatalogueItem, SUBSCRIPTIONS, type Subscription } from '../resources';
import { go, href, type Place } from '../route';
import { ShortId } from '../short-id';
import { stateOf } from '../subscription-rules';
import { ActionForm, checked, Field, Select, text, useLoad, when } from '../ui';

/** Where a subscription stands, from the flags the API sends in its `meta`. */
export const stateOfSubscription = (s: Subscription): string => stateOf({ ...s.meta, status: s.attributes.status });

/** The name of the subscription's plan, from the plans the page included (`include=plans`). */
const planNameOf = (s: Subscription, included: readonly unknown[] | undefined): string =>
  (included as readonly CatalogueItem[] | undefined)?.find((p) => p.id === s.attributes.plan_id)?.attributes.name ??
  '—';

/** A subscription's row, wherever subscriptions are listed (the list, an account's page): names first, the id last. */
export const SUBSCRIPTION_COLUMNS: readonly Column<Subscription>[] = [
  { title: 'Name', cell: (s) => <a href={href(`subscriptions/${s.id}`)}>{s.attributes.name}</a> },
  {
    title: 'Subscriber',
    cell: (s) => <a href={href(`subscribers/${s.attributes.account_id}`)}>{s.attributes.email}</a>,
  },
  { title: 'Offering', cell: (s) => s.attributes.offering.attributes?.name ?? '—' },
  { title: 'Plan', cell: (s, answer) => planNameOf(s, answer.included?.['plans']) },
  { title: 'State', cell: stateOfSubscription },
  { title: 'Currency', cell: (s) => s.attributes.currency },
  { title: 'Created', cell: (s) => when(s.meta.timestamps['created_at']) },
  { title: 'Id', cell: (s) => <ShortId id={s.id} what={`the subscription ${s.attributes.name}`} /> },
];

/** The plans a subscription lists with, so each row names its plan. */
export const SUBSCRIPTION_INCLUDE = 'plans';

/** The currencies the offering's products are priced in: the ones a subscription to it can be billed in. */
const currenciesOf = (products: readonly CatalogueItem[] | undefined): string[] => [
  ...new Set(products?.flatMap((p) => Object.keys(p.attributes.price ?? {})) ?? []),
];

const CreateSubscription = ({ onCreated }: { onCreated: (id: string) => void }) => {
  const [offering, setOffering] = useState('');
  const [who, setWho] = useState({ name: '', email: '' });
  const plans = useLoad<ListAnswer<CatalogueItem>>(
    offering === '' ? undefined : `${SUBSCRIPTIONS}/offerings/${offering}/plans?page[limit]=100`,
  );
  const products = useLoad<ListAnswer<CatalogueItem>>(
    offering === '' ? undefined : `${SUBSCRIPTIONS}/offerings/${offering}/products?page[limit]=100`,
  );
  const currencies = currenciesOf(products.data?.data);
  return (
    <ActionForm
      label="Create a subscription"
      submit="Create subscription"
      onReset={() => {
        setOffering('');
        setWho({ name: '', email: '' });
      }}
      action={async (form) => {
        if (text(form, 'account_id') === '')
          throw new Error("Choose the subscriber's account: type a few letters of its name.");
        if (text(form, 'offering_id') === '') throw new Error('Choose an offering.');
        const answer = await api<{ data: { id: string } }>('POST', `${SUBSCRIPTIONS}/subscriptions`, {
          data: {
            type: 'subscription',
            account_id: text(form, 'account_id'),
            offering_id: text(form, 'offering_id'),
            plan_id: text(form, 'plan_id'),
            currency: text(form, 'currency'),
            name: text(form, 'name'),
            email: text(form, 'email'),
            ...(text(form, 'external_ref') === '' ? {} : { external_ref: text(form, 'external_ref') }),
            manual_payments: checked(form, 'manual_payments'),
            payment_authority: { type: 'platform_payments_processor' },
          },
        });
        onCreated(answer.body.data.id);
      }}
    >
      <Picker
        label="Subscriber's account"
        name="account_id"
        hint="type a few letters of the account's name"
        find={findAccounts}
        onPick={async (account) => {
          if (account === undefined) return;
          // Who the subscription bills: the account's first member, else the account's own name.
          const member = await firstMemberOf(account.id).catch(() => undefined);
          setWho({ name: member?.name ?? account.label, email: member?.email ?? '' });
        }}
      />
      <Picker
        label="Offering"
        name="offering_id"
        hint="a subscription takes a copy of its plan"
        find={findOfferings}
        onPick={(o) => setOffering(o?.id ?? '')}
      />
      <Field label="Plan">
        <Select
          name="plan_id"
          required
          options={
            plans.data?.data.map(
              (p) =>
                [
                  p.id,
                  `${p.attributes.name} ${p.meta?.display_price?.without_tax?.formatted ?? ''}`.trimEnd(),
                ] as const,
            ) ?? []
          }
        />
      </Field>
      <Field label="Name" hint="pre-filled with the account's first member">
        <input name="name" required value={who.name} onInput={(e) => setWho({ ...who, name: e.currentTarget.value })} />
      </Field>
      <Field label="Email">
        <input
          name="email"
          type="email"
          required
          value={who.email}
          onInput={(e) => setWho({ ...who, email: e.currentTarget.value })}
        />
      </Field>
      <Field
        label="Currency"
        hint={currencies.length > 0 ? 'the currencies the offering is priced in' : 'a three-letter code'}
      >
        {currencies.length > 0 ? (
          <Select key={currencies.join()} name="currency" required options={currencies.map((c) => [c, c] as const)} />
        ) : (
          <input name="currency" required defaultValue="USD" maxLength={3} />
        )}
      </Field>
      <Field label="External reference" hint="optional">
        <input name="external_ref" />
      </Field>
      <label class="inline">
        <input type="checkbox" name="manual_payments" /> Paid by manual payments (the merchant settles each one)
      </label>
    </ActionForm>
  );
};

export const SubscriptionsPage = ({ place }: { place: Place }) => (
  <>
    <h1>Subscriptions</h1>
    <details>
      <summary>Create a subscription</summary>
      <CreateSubscription onCreated={(id) => go(`subscriptions/${id}`)} />
    </details>
    <PagedList<Subscription>
      label="Subscriptions"
      path={`${SUBSCRIPTIONS}/subscriptions`}
      include={SUBSCRIPTION_INCLUDE}
      route="subscriptions"
      place={place}
      filters={LIST_FILTERS.subscriptions}
      columns={SUBSCRIPTION_COLUMNS}
      empty={
        <div class="notice">
          <p>
            Make the first with “Create a subscription” above: pick the subscriber's account, an offering and its plan.
            Your systems can also make them with <code>POST /v2/subscriptions/subscriptions</code>.
          </p>
        </div>
      }
    />
  </>
);
