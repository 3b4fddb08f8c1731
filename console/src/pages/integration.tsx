import { useState } from 'preact/hooks';
import { api } from '../api';
import { LIST_FILTERS } from '../list-filters';
import { PagedList } from '../paged-list';
import type { Integration, IntegrationJob, IntegrationLog } from '../resources';
import { go, href, type Place } from '../route';
import { ActionButton, ActionForm, Problems, useLoad, when } from '../ui';
import { IntegrationFields, integrationBody, integrationPath, jobColumns, logColumns } from './integration-parts';
import { DeleteIntegration, EnabledSwitch } from './integrations';

/** One integration: its settings (edited in place), its delivery logs and its jobs, each paged. */
export const IntegrationPage = ({ id, place }: { id: string; place: Place }) => {
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState(false);
  const changed = () => setRound((r) => r + 1);
  const base = integrationPath(id);
  const found = useLoad<{ data: Integration }>(base, round);
  const integration = found.data?.data;
  const route = `integrations/${id}`;
  return (
    <>
      <p>
        <a href={href('integrations')}>← Integrations</a>
      </p>
      <Problems error={found.error} />
      {integration === undefined ? (
        <p aria-busy="true">{found.loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          <h1>{integration.name}</h1>
          {editing ? (
            <ActionForm
              label={`Edit ${integration.name}`}
              submit="Save"
              action={async (form) => {
                await api('PUT', base, integrationBody(form, true));
                setEditing(false);
                changed();
              }}
            >
              <IntegrationFields current={integration} />
              <ActionButton label="Cancel" action={async () => setEditing(false)} />
            </ActionForm>
          ) : (
            <>
              <dl class="facts">
                <dt>State</dt>
                <dd data-testid="integration-state">{integration.enabled ? 'enabled' : 'disabled'}</dd>
                <dt>Description</dt>
                <dd>{integration.description ?? '—'}</dd>
                <dt>Webhook URL</dt>
                <dd>
                  <code>{integration.configuration.url}</code>
                </dd>
                <dt>Secret key</dt>
                <dd>
                  {integration.configuration.secret_key === undefined
                    ? 'none (deliveries are not signed)'
                    : 'set (deliveries are signed)'}
                </dd>
                <dt>Observes</dt>
                <dd>{integration.observes.join(', ')}</dd>
                <dt>Changed</dt>
                <dd>{when(integration.meta.timestamps.updated_at)}</dd>
              </dl>
              <p class="row-actions">
                <button type="button" onClick={() => setEditing(true)}>
                  Edit
                </button>
                <EnabledSwitch item={integration} onChange={changed} />
                <DeleteIntegration item={integration} onDone={() => go('integrations')} />
              </p>
            </>
          )}
          <section aria-labelledby="logs">
            <h2 id="logs">Delivery logs</h2>
            <button type="button" onClick={changed}>
              Refresh
            </button>
            <PagedList<IntegrationLog>
              label="Delivery logs"
              path={`${base}/logs`}
              route={route}
              keyPrefix="logs."
              place={place}
              reloadKey={round}
              filters={LIST_FILTERS.integrationLogs}
              columns={logColumns(false)}
            />
          </section>
          <section aria-labelledby="jobs">
            <h2 id="jobs">Jobs</h2>
            <PagedList<IntegrationJob>
              label="Jobs"
              path={`${base}/jobs`}
              route={route}
              keyPrefix="jobs."
              place={place}
              reloadKey={round}
              filters={LIST_FILTERS.integrationJobs}
              columns={jobColumns}
            />
          </section>
        </>
      )}
    </>
  );
};
