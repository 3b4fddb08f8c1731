import { useState } from 'preact/hooks';
import { api } from '../api';
import { LIST_FILTERS } from '../list-filters';
import { type Column, type ListAnswer, PagedList } from '../paged-list';
import { type CatalogueItem, SUBSCRIPTIONS, type Subscription } from '../resources';
import { go, href, type Place } from '../route';
import { stateOf } from '../subscription-rules';
import { ActionForm, checked, Field, Select, text, useLoad, when } from '../ui';

/** Where a subscription stands, from the flags the API sends in its `meta`. */
export const stateOfSubscription = (s: Subscription): string => stateOf({ ...s.meta, status: s.attributes.status });

/** A subscription's row, wherever subscriptions are listed (the list, an account's page). */
export const SUBSCRIPTION_COLUMNS: readonly Column<Subscription>[] = [
  { title: 'Name', cell: (s) => <a href={href(`subscriptions/${s.id}`)}>{s.attributes.name}</a> },
  { title: 'Email', cell: (s) => s.attributes.email },
  { title: 'Offering', cell: (s) => s.attributes.offering.attributes?.name ?? '—' },
  { title: 'State', cell: stateOfSubscription },
  { title: 'Currency', cell: (s) => s.attributes.currency },
  { title: 'Created', cell: (s) => when(s.meta.timestamps['created_at']) },
];

const CreateSubscription = ({ onCreated }: { onCreated: (id: string) => void }) => {
  const offerings = useLoad<ListAnswer<CatalogueItem>>(`${SUBSCRIPTIONS}/offerings?page[limit]=100`);
  const [offering, setOffering] = useState('');
  const plans = useLoad<ListAnswer<CatalogueItem>>(
    offering === '' ? undefined : `${SUBSCRIPTIONS}/offerings/${offering}/plans?page[limit]=100`,
  );
  return (
    <ActionForm
      label="Create a subscription"
      submit="Create subscription"
      onReset={() => setOffering('')}
      action={async (form) => {
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
      <Field label="Offering" hint="the 100 newest; a subscription takes a copy of its plan">
        <Select
          name="offering_id"
          required
          onChange={setOffering}
          options={[
            ['', 'Choose an offering'],
            ...(offerings.data?.data.map((o) => [o.id, o.attributes.name] as const) ?? []),
          ]}
        />
      </Field>
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
      <Field label="Account id" hint="the subscriber's account (a UUID)">
        <input name="account_id" required spellcheck={false} />
      </Field>
      <Field label="Name">
        <input name="name" required />
      </Field>
      <Field label="Email">
        <input name="email" type="email" required />
      </Field>
      <Field label="Currency">
        <input name="currency" required defaultValue="USD" maxLength={3} />
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
      route="subscriptions"
      place={place}
      filters={LIST_FILTERS.subscriptions}
      columns={SUBSCRIPTION_COLUMNS}
    />
  </>
);
