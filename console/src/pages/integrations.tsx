import { useState } from 'preact/hooks';
import { api } from '../api';
import { LIST_FILTERS } from '../list-filters';
import { PagedList } from '../paged-list';
import { INTEGRATIONS, type Integration, type IntegrationLog } from '../resources';
import { go, href, type Place } from '../route';
import { ActionButton, ActionForm, ConfirmButton } from '../ui';
import { IntegrationFields, integrationBody, integrationPath, logColumns } from './integration-parts';

const TABS = [
  ['', 'Integrations'],
  ['logs', 'Delivery logs'],
] as const;

/** Enable or disable in one click: a disabled integration keeps its settings and gets no new deliveries. */
export const EnabledSwitch = ({ item, onChange }: { item: Integration; onChange: () => void }) => (
  <ActionButton
    label={item.enabled ? `Disable ${item.name}` : `Enable ${item.name}`}
    action={async () => {
      await api('PUT', integrationPath(item.id), { data: { type: 'integration', enabled: !item.enabled } });
      onChange();
    }}
  />
);

export const DeleteIntegration = ({ item, onDone }: { item: Integration; onDone: () => void }) => (
  <ConfirmButton
    label="Delete"
    confirm={`Delete ${item.name} and its logs`}
    action={async () => {
      await api('DELETE', integrationPath(item.id));
      onDone();
    }}
  />
);

const IntegrationList = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  return (
    <>
      <details open={place.query.get('create') !== null}>
        <summary>Create a webhook integration</summary>
        <ActionForm
          label="Create a webhook integration"
          submit="Create integration"
          action={async (form) => {
            const answer = await api<{ data: Integration }>('POST', INTEGRATIONS, integrationBody(form, false));
            go(`integrations/${answer.body.data.id}`);
          }}
        >
          <IntegrationFields />
        </ActionForm>
      </details>
      <PagedList<Integration>
        label="Integrations"
        path={INTEGRATIONS}
        route="integrations"
        place={place}
        reloadKey={round}
        filters={LIST_FILTERS.integrations}
        columns={[
          { title: 'Name', cell: (i) => <a href={href(`integrations/${i.id}`)}>{i.name}</a> },
          { title: 'URL', cell: (i) => <code>{i.configuration.url}</code> },
          { title: 'Observes', cell: (i) => i.observes.join(', ') },
          { title: 'Enabled', cell: (i) => (i.enabled ? 'yes' : 'no') },
          {
            title: 'Actions',
            cell: (i) => (
              <span class="row-actions">
                <EnabledSwitch item={i} onChange={changed} />
                <DeleteIntegration item={i} onDone={changed} />
              </span>
            ),
          },
        ]}
      />
    </>
  );
};

/** The store's integrations, and every delivery attempt of any of them, newest first. */
export const IntegrationsPage = ({ place }: { place: Place }) => {
  const tab = place.query.get('tab') ?? '';
  return (
    <>
      <h1>Integrations</h1>
      <p>
        Webhooks told about the store's events: each event is a job per integration observing it, and each delivery
        attempt is logged.
      </p>
      <nav class="tabs" aria-label="Integration lists">
        {TABS.map(([t, title]) => (
          <a key={t} href={href('integrations', { tab: t })} aria-current={t === tab ? 'page' : undefined}>
            {title}
          </a>
        ))}
      </nav>
      {tab === 'logs' ? (
        <PagedList<IntegrationLog>
          label="Delivery logs"
          path={`${INTEGRATIONS}/logs`}
          route="integrations"
          routeQuery={{ tab }}
          place={place}
          filters={LIST_FILTERS.integrationLogs}
          columns={logColumns(true)}
        />
      ) : (
        <IntegrationList place={place} />
      )}
    </>
  );
};
