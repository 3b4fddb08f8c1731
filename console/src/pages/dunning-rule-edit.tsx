import { api, get } from '../api';
import { jsonNumber, parseDecimal } from '../decimal';
import type { ListAnswer } from '../paged-list';
import { SUBSCRIPTIONS } from '../resources';
import { ActionButton, ActionForm, Field, Select, text, wholeNumber } from '../ui';

export interface DunningRule {
  readonly id: string;
  readonly attributes: {
    readonly payment_retry_type: string;
    readonly payment_retries_limit: number;
    readonly action: string;
    readonly payment_retry_interval?: number;
    readonly payment_retry_unit?: string;
    readonly payment_retry_multiplier?: number;
    readonly default?: boolean;
  };
}

const RULES = `${SUBSCRIPTIONS}/dunning-rules`;

/** The multiplier as typed, exact (the API reads the decimal its JSON text says), or null when left empty. */
export const multiplierOf = (form: HTMLFormElement): number | null => {
  const typed = text(form, 'payment_retry_multiplier');
  return typed === '' ? null : jsonNumber('Multiplier', parseDecimal('Multiplier', typed));
};

/** Every field of a dunning rule but `default`, starting as `rule` has them (a new rule's defaults without one). */
export const DunningRuleFields = ({ rule }: { rule?: DunningRule }) => {
  const a = rule?.attributes;
  return (
    <>
      <Field label="Retries">
        <Select
          name="payment_retry_type"
          initial={a?.payment_retry_type ?? 'fixed'}
          options={[
            ['fixed', 'at a fixed interval'],
            ['backoff', 'backing off'],
            ['tiered', 'tiered'],
          ]}
        />
      </Field>
      <Field label="Most retries">
        <input
          name="payment_retries_limit"
          type="number"
          min={0}
          step={1}
          required
          defaultValue={String(a?.payment_retries_limit ?? 3)}
        />
      </Field>
      <Field label="Retry every" hint="optional">
        <input
          name="payment_retry_interval"
          type="number"
          min={1}
          max={1024}
          step={1}
          defaultValue={a?.payment_retry_interval === undefined ? '' : String(a.payment_retry_interval)}
        />
      </Field>
      <Field label="Unit">
        <Select
          name="payment_retry_unit"
          initial={a?.payment_retry_unit ?? 'day'}
          options={[
            ['day', 'days'],
            ['week', 'weeks'],
          ]}
        />
      </Field>
      <Field
        label="Multiplier"
        hint="optional, backing off or tiered only: how much longer each wait (or tier of three) is, e.g. 2"
      >
        <input
          name="payment_retry_multiplier"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={a?.payment_retry_multiplier === undefined ? '' : String(a.payment_retry_multiplier)}
        />
      </Field>
      <Field label="When the retries run out">
        <Select
          name="action"
          initial={a?.action ?? 'none'}
          options={[
            ['none', 'do nothing'],
            ['pause', 'pause the subscription'],
            ['suspend', 'suspend it'],
            ['close', 'close it'],
          ]}
        />
      </Field>
    </>
  );
};

/** Every field as the form has it: an emptied interval or multiplier is cleared (`null`), for the API's default. */
export const DunningRuleEdit = ({ rule, onDone }: { rule: DunningRule; onDone: () => void }) => (
  <details class="edit">
    <summary>Edit this rule</summary>
    <ActionForm
      label="Edit the dunning rule"
      submit="Save changes"
      action={async (form) => {
        await api('PUT', `${RULES}/${rule.id}`, {
          data: {
            type: 'subscription_dunning_rule',
            attributes: {
              payment_retry_type: text(form, 'payment_retry_type'),
              payment_retries_limit: wholeNumber(form, 'payment_retries_limit'),
              action: text(form, 'action'),
              payment_retry_interval: wholeNumber(form, 'payment_retry_interval') ?? null,
              payment_retry_unit: text(form, 'payment_retry_unit'),
              payment_retry_multiplier: multiplierOf(form),
            },
          },
        });
        onDone();
      }}
    >
      <DunningRuleFields rule={rule} />
    </ActionForm>
  </details>
);

const setDefault = (id: string, value: boolean) =>
  api('PUT', `${RULES}/${id}`, { data: { type: 'subscription_dunning_rule', attributes: { default: value } } });

/**
 * The API keeps one default rule a store and refuses a second (409 `default_taken`), so the rule that is
 * the default now stops being it first; should the new one then be refused, the old one is put back.
 */
export const MakeDefault = ({ rule, onDone }: { rule: DunningRule; onDone: () => void }) => (
  <ActionButton
    label="Make this the default"
    action={async () => {
      const rules = await get<ListAnswer<DunningRule>>(`${RULES}?page[limit]=100`);
      const current = rules.data.find((r) => r.attributes.default === true && r.id !== rule.id);
      if (current !== undefined) await setDefault(current.id, false);
      try {
        await setDefault(rule.id, true);
      } catch (refused) {
        if (current !== undefined) await setDefault(current.id, true);
        throw refused;
      }
      onDone();
    }}
  />
);
