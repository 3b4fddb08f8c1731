import { keyGroups } from '../observed-keys';
import type { Column } from '../paged-list';
import { INTEGRATIONS, type Integration, type IntegrationJob, type IntegrationLog } from '../resources';
import { href } from '../route';
import { checked, Field, text, when } from '../ui';
import { chosen } from './catalogue';

/** The keys an integration observes, ticked from the keys that fire here, one group per resource. */
export const ObservesChoice = ({ current = [] }: { current?: readonly string[] }) => (
  <fieldset class="observes">
    <legend>Observes</legend>
    {keyGroups().map(([resource, keys]) => (
      <fieldset key={resource} aria-label={resource}>
        {keys.map((key) => (
          <label class="inline" key={key}>
            <input type="checkbox" name="observes" value={key} defaultChecked={current.includes(key)} /> {key}
          </label>
        ))}
      </fieldset>
    ))}
    {/* An integration moved from EPCC may observe keys that never fire here: they are kept as they are. */}
    {current
      .filter((key) => !keyGroups().some(([, keys]) => keys.includes(key)))
      .map((key) => (
        <label class="inline" key={key}>
          <input type="checkbox" name="observes" value={key} defaultChecked /> {key} (never fires here)
        </label>
      ))}
  </fieldset>
);

/** The fields of the create and edit forms; on edit an empty secret keeps the one set. */
export const IntegrationFields = ({ current }: { current?: Integration }) => (
  <>
    <Field label="Name">
      <input name="name" required maxLength={255} defaultValue={current?.name ?? ''} />
    </Field>
    <Field label="Description" hint="optional">
      <input name="description" maxLength={1024} defaultValue={current?.description ?? ''} />
    </Field>
    <Field
      label="Webhook URL"
      hint="http or https; the service refuses private and loopback addresses unless configured to allow them"
    >
      <input name="url" type="url" required maxLength={2048} defaultValue={current?.configuration.url ?? ''} />
    </Field>
    <Field
      label="Secret key"
      hint={
        current === undefined
          ? 'optional; sent in X-MOLTIN-SECRET-KEY and signs each delivery'
          : current.configuration.secret_key === undefined
            ? 'none set; optional'
            : 'set; leave empty to keep it'
      }
    >
      <input name="secret_key" type="password" autoComplete="off" maxLength={255} />
    </Field>
    <ObservesChoice {...(current === undefined ? {} : { current: current.observes })} />
    <label class="inline">
      <input type="checkbox" name="enabled" defaultChecked={current?.enabled ?? true} /> Enabled (deliveries are made)
    </label>
  </>
);

/** The body of a create or an edit from the form: the API's own checks say what is wrong with it. */
export const integrationBody = (form: HTMLFormElement, editing: boolean) => {
  const secret = text(form, 'secret_key');
  const description = text(form, 'description');
  return {
    data: {
      type: 'integration',
      name: text(form, 'name'),
      ...(description === '' ? (editing ? { description: null } : {}) : { description }),
      enabled: checked(form, 'enabled'),
      observes: chosen(form, 'observes'),
      ...(editing ? {} : { integration_type: 'webhook' }),
      configuration: { url: text(form, 'url'), ...(secret === '' ? {} : { secret_key: secret }) },
    },
  };
};

export const integrationPath = (id: string): string => `${INTEGRATIONS}/${encodeURIComponent(id)}`;

/** The columns of a delivery log, with the integration's link where the list spans the store. */
export const logColumns = (withIntegration: boolean): readonly Column<IntegrationLog>[] => [
  { title: 'Time', cell: (l) => when(l.meta.timestamps.created_at) },
  ...(withIntegration
    ? [
        {
          title: 'Integration',
          cell: (l: IntegrationLog) => (
            <a href={href(`integrations/${l.relationships.integration.data.id}`)}>
              {l.relationships.integration.data.id.slice(0, 8)}…
            </a>
          ),
        },
      ]
    : []),
  { title: 'Job', cell: (l) => <code>{l.relationships.job.data.id.slice(0, 8)}…</code> },
  { title: 'Attempt', cell: (l) => l.attempt },
  { title: 'Outcome', cell: (l) => (l.succeeded ? 'delivered' : 'failed') },
  { title: 'Status code', cell: (l) => l.status_code ?? 'no answer' },
  { title: 'Duration', cell: (l) => `${l.meta.duration_ms.toLocaleString('en')} ms` },
  { title: 'Error', cell: (l) => l.error_detail ?? '—' },
];

export const jobColumns: readonly Column<IntegrationJob>[] = [
  { title: 'Created', cell: (j) => when(j.meta.timestamps.created_at) },
  { title: 'Event', cell: (j) => j.triggered_by },
  { title: 'Status', cell: (j) => j.status },
  { title: 'Attempts', cell: (j) => j.attempts },
  { title: 'Next attempt', cell: (j) => when(j.meta.next_attempt_at) },
];
