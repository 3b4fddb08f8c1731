import { useState } from 'preact/hooks';
import { api } from '../api';
import { percentNumber } from '../decimal';
import { LIST_FILTERS } from '../list-filters';
import { minorUnits, money } from '../money';
import { type ListAnswer, PagedList } from '../paged-list';
import { type CatalogueItem, SUBSCRIPTIONS } from '../resources';
import { go, href, type Place } from '../route';
import { ActionForm, ConfirmButton, checked, Field, Select, text, useLoad, wholeNumber } from '../ui';
import { PlanEdit, ProductEdit } from './catalogue-edit';

const TABS = ['offerings', 'products', 'plans'] as const;
type Tab = (typeof TABS)[number];

const priceOf = (item: CatalogueItem): string =>
  Object.entries(item.attributes.price ?? {})
    .map(([currency, p]) => money({ amount: p.amount, currency }))
    .join(', ') || '—';

/** A plan's own price, or how it is worked out from the products of each offering it is in. */
const planPriceOf = (plan: CatalogueItem): string => {
  const fixed = Object.entries(plan.attributes.fixed_price ?? {});
  if (fixed.length > 0) return fixed.map(([currency, p]) => money({ amount: p.amount, currency })).join(', ');
  const discount = plan.attributes.base_price_percentage;
  return discount === undefined || discount === 0 ? "the products' price" : `the products' price less ${discount} %`;
};

/** How a plan bills, in words: "every 1 month, 12 periods, then roll, after a trial of 2". */
export const planBilling = (p: CatalogueItem): string =>
  `every ${p.attributes.billing_frequency} ${p.attributes.billing_interval_type}, ${p.attributes.plan_length} periods, then ${p.attributes.end_behavior}${(p.attributes.trial_period ?? 0) > 0 ? `, after a trial of ${p.attributes.trial_period}` : ''}`;

const ProductForm = ({ onDone }: { onDone: () => void }) => (
  <ActionForm
    label="Create a product"
    submit="Create product"
    action={async (form) => {
      const currency = text(form, 'currency').toUpperCase();
      const typed = text(form, 'amount');
      const amount = typed === '' ? undefined : minorUnits('Price', typed, currency);
      await api('POST', `${SUBSCRIPTIONS}/products`, {
        data: {
          type: 'subscription_product',
          attributes: {
            name: text(form, 'name'),
            ...(text(form, 'sku') === '' ? {} : { sku: text(form, 'sku') }),
            ...(amount === undefined
              ? {}
              : { price: { [currency]: { amount, includes_tax: checked(form, 'includes_tax') } } }),
          },
        },
      });
      onDone();
    }}
  >
    <Field label="Name">
      <input name="name" required />
    </Field>
    <Field label="SKU" hint="optional">
      <input name="sku" />
    </Field>
    <Field label="Currency">
      <input name="currency" defaultValue="USD" maxLength={3} required />
    </Field>
    <Field label="Price" hint="optional, in the currency's units, e.g. 9.99">
      <input name="amount" inputMode="decimal" autoComplete="off" />
    </Field>
    <label class="inline">
      <input type="checkbox" name="includes_tax" /> The price includes tax
    </label>
  </ActionForm>
);

const PlanForm = ({ onDone }: { onDone: () => void }) => (
  <ActionForm
    label="Create a plan"
    submit="Create plan"
    action={async (form) => {
      const discount = text(form, 'base_price_percentage');
      await api('POST', `${SUBSCRIPTIONS}/plans`, {
        data: {
          type: 'subscription_plan',
          attributes: {
            name: text(form, 'name'),
            billing_interval_type: text(form, 'billing_interval_type'),
            billing_frequency: wholeNumber(form, 'billing_frequency'),
            plan_length: wholeNumber(form, 'plan_length'),
            end_behavior: text(form, 'end_behavior'),
            can_pause: checked(form, 'can_pause'),
            can_resume: checked(form, 'can_resume'),
            can_cancel: checked(form, 'can_cancel'),
            ...(discount === '' ? {} : { base_price_percentage: percentNumber('Discount', discount) }),
          },
        },
      });
      onDone();
    }}
  >
    <Field label="Name">
      <input name="name" required />
    </Field>
    <Field label="Billed every">
      <Select
        name="billing_interval_type"
        initial="month"
        options={[
          ['day', 'day'],
          ['week', 'week'],
          ['month', 'month'],
          ['year', 'year'],
        ]}
      />
    </Field>
    <Field label="Billing frequency" hint="how many of those between two invoices">
      <input name="billing_frequency" type="number" min={1} step={1} defaultValue="1" required />
    </Field>
    <Field label="Plan length" hint="in billing periods">
      <input name="plan_length" type="number" min={1} step={1} defaultValue="12" required />
    </Field>
    <Field label="At the end">
      <Select
        name="end_behavior"
        options={[
          ['roll', 'roll over'],
          ['close', 'close'],
        ]}
      />
    </Field>
    <Field label="Discount on the products' price" hint="percent, optional, e.g. 12.5">
      <input name="base_price_percentage" inputMode="decimal" autoComplete="off" />
    </Field>
    <label class="inline">
      <input type="checkbox" name="can_pause" defaultChecked /> Can pause
    </label>
    <label class="inline">
      <input type="checkbox" name="can_resume" defaultChecked /> Can resume
    </label>
    <label class="inline">
      <input type="checkbox" name="can_cancel" defaultChecked /> Can cancel
    </label>
  </ActionForm>
);

/** Ticks over the newest hundred originals, for building an offering or attaching to one. */
export const Choices = ({ kind, legend }: { kind: 'products' | 'plans'; legend: string }) => {
  const list = useLoad<ListAnswer<CatalogueItem>>(`${SUBSCRIPTIONS}/${kind}?page[limit]=100`);
  return (
    <fieldset>
      <legend>{legend}</legend>
      {list.data?.data.length === 0 ? <p>None yet: create some first.</p> : null}
      {list.data?.data.map((item) => (
        <label class="inline" key={item.id}>
          <input type="checkbox" name={kind} value={item.id} /> {item.attributes.name}
        </label>
      ))}
    </fieldset>
  );
};

export const chosen = (form: HTMLFormElement, name: string): string[] => new FormData(form).getAll(name).map(String);

const BuildOffering = () => (
  <ActionForm
    label="Build an offering"
    submit="Build offering"
    action={async (form) => {
      const answer = await api<{ data: { id: string } }>('POST', `${SUBSCRIPTIONS}/offerings/build`, {
        data: {
          name: text(form, 'name'),
          description: text(form, 'description'),
          products: chosen(form, 'products'),
          plans: chosen(form, 'plans'),
        },
      });
      go(`offerings/${answer.body.data.id}`);
    }}
  >
    <Field label="Name">
      <input name="name" required />
    </Field>
    <Field label="Description">
      <input name="description" />
    </Field>
    <Choices kind="products" legend="Products" />
    <Choices kind="plans" legend="Plans" />
  </ActionForm>
);

export const CataloguePage = ({ place }: { place: Place }) => {
  const tab: Tab = (TABS as readonly string[]).includes(place.query.get('tab') ?? '')
    ? (place.query.get('tab') as Tab)
    : 'offerings';
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  const remove = (kind: Tab, item: CatalogueItem) => (
    <ConfirmButton
      label="Delete"
      confirm={`Delete ${item.attributes.name}`}
      action={async () => {
        await api('DELETE', `${SUBSCRIPTIONS}/${kind}/${item.id}`);
        changed();
      }}
    />
  );
  return (
    <>
      <h1>Catalogue</h1>
      <nav class="tabs" aria-label="Catalogue lists">
        {TABS.map((t) => (
          <a key={t} href={href('catalogue', { tab: t })} aria-current={t === tab ? 'page' : undefined}>
            {t[0]?.toUpperCase()}
            {t.slice(1)}
          </a>
        ))}
      </nav>
      <details key={tab}>
        <summary>
          {tab === 'offerings' ? 'Build an offering' : tab === 'products' ? 'Create a product' : 'Create a plan'}
        </summary>
        {tab === 'offerings' ? (
          <BuildOffering />
        ) : tab === 'products' ? (
          <ProductForm onDone={changed} />
        ) : (
          <PlanForm onDone={changed} />
        )}
      </details>
      {tab === 'offerings' ? null : (
        <p>
          Offerings hold copies: editing a {tab === 'products' ? 'product' : 'plan'} here changes what the next
          offerings built from it get, and no offering. To change what an offering sells, edit its copy on the
          offering's page; that makes a new version of the offering, and existing subscriptions keep theirs.
        </p>
      )}
      <PagedList<CatalogueItem>
        key={tab}
        label={tab}
        path={`${SUBSCRIPTIONS}/${tab}`}
        route="catalogue"
        routeQuery={{ tab }}
        place={place}
        reloadKey={round}
        filters={tab === 'offerings' ? LIST_FILTERS.offerings : LIST_FILTERS.catalogue}
        columns={
          tab === 'offerings'
            ? [
                { title: 'Name', cell: (o) => <a href={href(`offerings/${o.id}`)}>{o.attributes.name}</a> },
                { title: 'Description', cell: (o) => o.attributes.description ?? '' },
                { title: 'Actions', cell: (o) => remove('offerings', o) },
              ]
            : tab === 'products'
              ? [
                  { title: 'Name', cell: (p) => p.attributes.name },
                  { title: 'SKU', cell: (p) => p.attributes.sku ?? '—' },
                  { title: 'Price', cell: priceOf },
                  {
                    title: 'Actions',
                    cell: (p) => (
                      <>
                        <ProductEdit
                          item={p}
                          path={`${SUBSCRIPTIONS}/products/${p.id}`}
                          type="subscription_product"
                          onDone={changed}
                        />
                        {remove('products', p)}
                      </>
                    ),
                  },
                ]
              : [
                  { title: 'Name', cell: (p) => p.attributes.name },
                  { title: 'Billing', cell: planBilling },
                  { title: 'Price', cell: planPriceOf },
                  {
                    title: 'Actions',
                    cell: (p) => (
                      <>
                        <PlanEdit
                          item={p}
                          path={`${SUBSCRIPTIONS}/plans/${p.id}`}
                          type="subscription_plan"
                          onDone={changed}
                        />
                        {remove('plans', p)}
                      </>
                    ),
                  },
                ]
        }
      />
    </>
  );
};
