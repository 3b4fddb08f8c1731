import { api } from '../api';
import { SUBSCRIPTIONS } from '../resources';
import { ActionForm, Field, Select, text } from '../ui';
import type { ProrationPolicy } from './offering-proration';

/** A policy's name, rounding and reference; every offering using it is charged by the new rounding from now on. */
export const ProrationPolicyEdit = ({ policy, onDone }: { policy: ProrationPolicy; onDone: () => void }) => (
  <details class="edit">
    <summary>Edit {policy.attributes.name}</summary>
    <ActionForm
      label={`Edit ${policy.attributes.name}`}
      submit="Save changes"
      action={async (form) => {
        await api('PUT', `${SUBSCRIPTIONS}/proration-policies/${policy.id}`, {
          data: {
            type: 'subscription_proration_policy',
            attributes: {
              name: text(form, 'name'),
              rounding: text(form, 'rounding'),
              external_ref: text(form, 'external_ref') === '' ? null : text(form, 'external_ref'),
            },
          },
        });
        onDone();
      }}
    >
      <Field label="Name">
        <input name="name" required defaultValue={policy.attributes.name} />
      </Field>
      <Field label="Rounding">
        <Select
          name="rounding"
          initial={policy.attributes.rounding}
          options={[
            ['down', 'down'],
            ['nearest', 'nearest'],
            ['up', 'up'],
          ]}
        />
      </Field>
      <Field label="External reference" hint="optional, unique in the store">
        <input name="external_ref" defaultValue={policy.attributes.external_ref ?? ''} />
      </Field>
    </ActionForm>
  </details>
);
