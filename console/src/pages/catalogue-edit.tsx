import type { ComponentChildren } from 'preact';
import { api } from '../api';
import { percentNumber } from '../decimal';
import { majorUnits, minorUnits } from '../money';
import type { CatalogueItem } from '../resources';
import { ActionForm, checked, Field, Select, text, wholeNumber } from '../ui';

/**
 * Editing forms for a product or a plan: an original (`/subscriptions/products/{id}`) or an offering's copy
 * (`/subscriptions/offerings/{id}/products/{copyId}`), both partial updates of the same fields. Each field
 * starts as the record has it, so what is sent is what the form shows; the API says what it refuses.
 */

/** Sends only the fields typed differently from what the record has, so an untouched field is never rewritten. */
const changedOf = (before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(after).filter(
      ([name, value]) => JSON.stringify(value ?? null) !== JSON.stringify(before[name] ?? null),
    ),
  );

const Edit = ({
  what,
  path,
  type,
  attributes,
  fields,
  onDone,
  children,
}: {
  what: string;
  path: string;
  type: string;
  attributes: Readonly<Record<string, unknown>>;
  fields: (form: HTMLFormElement) => Record<string, unknown>;
  onDone: () => void;
  children: ComponentChildren;
}) => (
  <details class="edit">
    <summary>Edit {what}</summary>
    <ActionForm
      label={`Edit ${what}`}
      submit="Save changes"
      action={async (form) => {
        const changes = changedOf(attributes, fields(form));
        if (Object.keys(changes).length === 0) return;
        await api('PUT', path, { data: { type, attributes: changes } });
        onDone();
      }}
    >
      {children}
    </ActionForm>
  </details>
);

const optional = (form: HTMLFormElement, name: string): string | null =>
  text(form, name) === '' ? null : text(form, name);

export const ProductEdit = ({
  item,
  path,
  type,
  onDone,
}: {
  item: CatalogueItem;
  path: string;
  type: string;
  onDone: () => void;
}) => {
  const a = item.attributes;
  const [currency, price] = Object.entries(a.price ?? {})[0] ?? ['USD', undefined];
  const includesTax = (price as { includes_tax?: boolean } | undefined)?.includes_tax === true;
  return (
    <Edit
      what={a.name}
      path={path}
      type={type}
      attributes={a}
      onDone={onDone}
      fields={(form) => {
        const code = text(form, 'currency').toUpperCase();
        const typed = text(form, 'amount');
        // The other currencies' prices are kept as they are; the one shown is the one edited.
        const prices = { ...(a.price ?? {}) } as Record<string, unknown>;
        if (typed === '') delete prices[code];
        else prices[code] = { amount: minorUnits('Price', typed, code), includes_tax: checked(form, 'includes_tax') };
        return {
          name: text(form, 'name'),
          description: optional(form, 'description'),
          sku: optional(form, 'sku'),
          price: prices,
        };
      }}
    >
      <Field label="Name">
        <input name="name" required defaultValue={a.name} />
      </Field>
      <Field label="Description">
        <input name="description" defaultValue={a.description ?? ''} />
      </Field>
      <Field label="SKU">
        <input name="sku" defaultValue={a.sku ?? ''} />
      </Field>
      <Field label="Currency">
        <input name="currency" defaultValue={currency} maxLength={3} required />
      </Field>
      <Field label="Price" hint="in the currency's units; empty removes the price in that currency">
        <input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={price === undefined ? '' : majorUnits(price.amount, currency)}
        />
      </Field>
      <label class="inline">
        <input type="checkbox" name="includes_tax" defaultChecked={includesTax} /> The price includes tax
      </label>
    </Edit>
  );
};

export const PlanEdit = ({
  item,
  path,
  type,
  onDone,
}: {
  item: CatalogueItem;
  path: string;
  type: string;
  onDone: () => void;
}) => {
  const a = item.attributes;
  const discount = a.base_price_percentage;
  return (
    <Edit
      what={a.name}
      path={path}
      type={type}
      attributes={a}
      onDone={onDone}
      fields={(form) => {
        const typed = text(form, 'base_price_percentage');
        return {
          name: text(form, 'name'),
          billing_interval_type: text(form, 'billing_interval_type'),
          billing_frequency: wholeNumber(form, 'billing_frequency'),
          trial_period: wholeNumber(form, 'trial_period') ?? null,
          plan_length: wholeNumber(form, 'plan_length'),
          end_behavior: text(form, 'end_behavior'),
          can_pause: checked(form, 'can_pause'),
          can_resume: checked(form, 'can_resume'),
          can_cancel: checked(form, 'can_cancel'),
          ...(typed === '' && discount === undefined
            ? {}
            : { base_price_percentage: typed === '' ? null : percentNumber('Discount', typed) }),
        };
      }}
    >
      <Field label="Name">
        <input name="name" required defaultValue={a.name} />
      </Field>
      <Field label="Billed every">
        <Select
          name="billing_interval_type"
          initial={a.billing_interval_type ?? 'month'}
          options={[
            ['day', 'day'],
            ['week', 'week'],
            ['month', 'month'],
            ['year', 'year'],
          ]}
        />
      </Field>
      <Field label="Billing frequency" hint="how many of those between two invoices">
        <input
          name="billing_frequency"
          type="number"
          min={1}
          step={1}
          required
          defaultValue={String(a.billing_frequency ?? 1)}
        />
      </Field>
      <Field label="Trial" hint="intervals before the first bill, optional">
        <input
          name="trial_period"
          type="number"
          min={0}
          step={1}
          defaultValue={a.trial_period === undefined ? '' : String(a.trial_period)}
        />
      </Field>
      <Field label="Plan length" hint="in billing periods">
        <input name="plan_length" type="number" min={1} step={1} required defaultValue={String(a.plan_length ?? 1)} />
      </Field>
      <Field label="At the end">
        <Select
          name="end_behavior"
          initial={a.end_behavior ?? 'roll'}
          options={[
            ['roll', 'roll over'],
            ['close', 'close'],
          ]}
        />
      </Field>
      <Field label="Discount on the products' price" hint="percent, optional, e.g. 12.5">
        <input
          name="base_price_percentage"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={discount === undefined ? '' : String(discount)}
        />
      </Field>
      <label class="inline">
        <input type="checkbox" name="can_pause" defaultChecked={a.can_pause === true} /> Can pause
      </label>
      <label class="inline">
        <input type="checkbox" name="can_resume" defaultChecked={a.can_resume === true} /> Can resume
      </label>
      <label class="inline">
        <input type="checkbox" name="can_cancel" defaultChecked={a.can_cancel === true} /> Can cancel
      </label>
    </Edit>
  );
};

/** An offering's own name and description. */
export const OfferingEdit = ({ item, path, onDone }: { item: CatalogueItem; path: string; onDone: () => void }) => (
  <Edit
    what={item.attributes.name}
    path={path}
    type="subscription_offering"
    attributes={item.attributes}
    onDone={onDone}
    fields={(form) => ({ name: text(form, 'name'), description: optional(form, 'description') })}
  >
    <Field label="Name">
      <input name="name" required defaultValue={item.attributes.name} />
    </Field>
    <Field label="Description">
      <input name="description" defaultValue={item.attributes.description ?? ''} />
    </Field>
  </Edit>
);
