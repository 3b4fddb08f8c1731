import { useState } from 'preact/hooks';
import { api } from '../api';
import { PagedList } from '../paged-list';
import { SUBSCRIPTIONS } from '../resources';
import type { Place } from '../route';
import { ActionForm, ConfirmButton, checked, Field, Select, text, wholeNumber } from '../ui';
import { type DunningRule, DunningRuleEdit, DunningRuleFields, MakeDefault, multiplierOf } from './dunning-rule-edit';
import type { ProrationPolicy } from './offering-proration';
import { ProrationPolicyEdit } from './proration-policy-edit';

/** Proration policies and dunning rules, as Commerce Manager's "Dunning & Proration" pages keep them. */
export const BillingRulesPage = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  const remove = (kind: 'proration-policies' | 'dunning-rules', id: string, what: string) => (
    <ConfirmButton
      label="Delete"
      confirm={`Delete ${what}`}
      action={async () => {
        await api('DELETE', `${SUBSCRIPTIONS}/${kind}/${id}`);
        changed();
      }}
    />
  );
  return (
    <>
      <h1>Billing rules</h1>
      <section aria-labelledby="dunning">
        <h2 id="dunning">Dunning rules</h2>
        <p>How often a failed payment is tried again, and what happens to the subscription when the tries run out.</p>
        <details>
          <summary>Add a dunning rule</summary>
          <ActionForm
            label="Add a dunning rule"
            submit="Add dunning rule"
            action={async (form) => {
              const interval = wholeNumber(form, 'payment_retry_interval');
              const multiplier = multiplierOf(form);
              await api('POST', `${SUBSCRIPTIONS}/dunning-rules`, {
                data: {
                  type: 'subscription_dunning_rule',
                  attributes: {
                    payment_retry_type: text(form, 'payment_retry_type'),
                    payment_retries_limit: wholeNumber(form, 'payment_retries_limit'),
                    action: text(form, 'action'),
                    ...(interval === undefined
                      ? {}
                      : { payment_retry_interval: interval, payment_retry_unit: text(form, 'payment_retry_unit') }),
                    ...(multiplier === null ? {} : { payment_retry_multiplier: multiplier }),
                    default: checked(form, 'default'),
                  },
                },
              });
              changed();
            }}
          >
            <DunningRuleFields />
            <label class="inline">
              <input type="checkbox" name="default" /> The store's default rule
            </label>
          </ActionForm>
        </details>
        <PagedList<DunningRule>
          label="Dunning rules"
          path={`${SUBSCRIPTIONS}/dunning-rules`}
          route="billing-rules"
          keyPrefix="dunning."
          place={place}
          reloadKey={round}
          columns={[
            {
              title: 'Retries',
              cell: (r) =>
                `${r.attributes.payment_retry_type}, at most ${r.attributes.payment_retries_limit}${r.attributes.payment_retry_interval === undefined ? '' : `, every ${r.attributes.payment_retry_interval} ${r.attributes.payment_retry_unit ?? 'day'}`}${r.attributes.payment_retry_multiplier === undefined ? '' : `, multiplier ${r.attributes.payment_retry_multiplier}`}`,
            },
            { title: 'Then', cell: (r) => r.attributes.action },
            { title: 'Default', cell: (r) => (r.attributes.default === true ? 'yes' : 'no') },
            {
              title: 'Actions',
              cell: (r) => (
                <>
                  <DunningRuleEdit rule={r} onDone={changed} />
                  {r.attributes.default === true ? null : <MakeDefault rule={r} onDone={changed} />}
                  {remove('dunning-rules', r.id, 'this dunning rule')}
                </>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="proration">
        <h2 id="proration">Proration policies</h2>
        <p>
          How a plan change in the middle of a period is charged; an offering uses at most one policy, chosen on the
          offering's page.
        </p>
        <details>
          <summary>Add a proration policy</summary>
          <ActionForm
            label="Add a proration policy"
            submit="Add proration policy"
            action={async (form) => {
              await api('POST', `${SUBSCRIPTIONS}/proration-policies`, {
                data: {
                  type: 'subscription_proration_policy',
                  attributes: {
                    name: text(form, 'name'),
                    rounding: text(form, 'rounding'),
                    ...(text(form, 'external_ref') === '' ? {} : { external_ref: text(form, 'external_ref') }),
                  },
                },
              });
              changed();
            }}
          >
            <Field label="Name">
              <input name="name" required />
            </Field>
            <Field label="Rounding">
              <Select
                name="rounding"
                options={[
                  ['down', 'down'],
                  ['nearest', 'nearest'],
                  ['up', 'up'],
                ]}
              />
            </Field>
            <Field label="External reference" hint="optional, unique in the store">
              <input name="external_ref" />
            </Field>
          </ActionForm>
        </details>
        <PagedList<ProrationPolicy>
          label="Proration policies"
          path={`${SUBSCRIPTIONS}/proration-policies`}
          route="billing-rules"
          keyPrefix="proration."
          place={place}
          reloadKey={round}
          columns={[
            { title: 'Name', cell: (p) => p.attributes.name },
            { title: 'Rounding', cell: (p) => p.attributes.rounding },
            { title: 'External reference', cell: (p) => p.attributes.external_ref ?? '—' },
            {
              title: 'Actions',
              cell: (p) => (
                <>
                  <ProrationPolicyEdit policy={p} onDone={changed} />
                  {remove('proration-policies', p.id, p.attributes.name)}
                </>
              ),
            },
          ]}
        />
      </section>
    </>
  );
};
