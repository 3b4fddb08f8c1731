import { useState } from 'preact/hooks';
import { api } from '../api';
import { PagedList } from '../paged-list';
import type { ApplicationKey } from '../resources';
import type { Place } from '../route';
import { ActionButton, ActionForm, ConfirmButton, Field, text, when, wholeNumber } from '../ui';

/** The secret of a key just made: shown here once, as the API shows it once, until dismissed. */
const NewSecret = ({ created, onDone }: { created: ApplicationKey; onDone: () => void }) => {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.client_secret ?? '');
      setCopied('Copied.');
    } catch {
      setCopied('The browser refused to copy: select the secret and copy it by hand.');
    }
  };
  return (
    <section class="secret" aria-label="The new key's secret">
      <h2>Key “{created.name}” created</h2>
      <p>Store the secret now: it is shown this once and can never be read again.</p>
      <dl>
        <dt>Client id</dt>
        <dd>
          <code data-testid="new-client-id">{created.client_id}</code>
        </dd>
        <dt>Client secret</dt>
        <dd>
          <code data-testid="new-client-secret">{created.client_secret}</code>
        </dd>
      </dl>
      <button type="button" onClick={() => void copy()}>
        Copy the secret
      </button>
      <span role="status">{copied}</span>{' '}
      <button type="button" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
};

const KeyEditor = ({ item, onChange }: { item: ApplicationKey; onChange: () => void }) => {
  const [editing, setEditing] = useState(false);
  if (!editing)
    return (
      <span class="row-actions">
        <button type="button" onClick={() => setEditing(true)} aria-label={`Edit ${item.name}`}>
          Edit
        </button>
        <ConfirmButton
          label="Delete"
          confirm={`Delete ${item.name} and end its tokens`}
          action={async () => {
            await api('DELETE', `/v2/application-keys/${item.id}`);
            onChange();
          }}
        />
      </span>
    );
  return (
    <ActionForm
      label={`Edit ${item.name}`}
      submit="Save"
      action={async (form) => {
        const reserved = wholeNumber(form, 'reserved_rate_limit');
        await api('PUT', `/v2/application-keys/${item.id}`, {
          data: { type: 'application_key', name: text(form, 'name'), reserved_rate_limit: reserved ?? null },
        });
        setEditing(false);
        onChange();
      }}
    >
      <Field label="Name">
        <input name="name" defaultValue={item.name} required />
      </Field>
      <Field label="Reserved requests/s" hint="empty for none">
        <input
          name="reserved_rate_limit"
          type="number"
          min={0}
          step={1}
          defaultValue={item.reserved_rate_limit === undefined ? '' : String(item.reserved_rate_limit)}
        />
      </Field>
      <ActionButton label="Cancel" action={async () => setEditing(false)} />
    </ActionForm>
  );
};

export const KeysPage = ({ place }: { place: Place }) => {
  const [created, setCreated] = useState<ApplicationKey>();
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  return (
    <>
      <h1>Application keys</h1>
      {created === undefined ? null : <NewSecret created={created} onDone={() => setCreated(undefined)} />}
      <details open={place.query.get('create') !== null}>
        <summary>Create a key</summary>
        <ActionForm
          label="Create a key"
          submit="Create key"
          action={async (form) => {
            const reserved = wholeNumber(form, 'reserved_rate_limit');
            const answer = await api<{ data: ApplicationKey }>('POST', '/v2/application-keys', {
              data: {
                type: 'application_key',
                name: text(form, 'name'),
                ...(reserved === undefined ? {} : { reserved_rate_limit: reserved }),
              },
            });
            setCreated(answer.body.data);
            changed();
          }}
        >
          <Field label="Name">
            <input name="name" required />
          </Field>
          <Field label="Reserved requests/s" hint="optional; the store's keys may reserve at most its budget">
            <input name="reserved_rate_limit" type="number" min={0} step={1} />
          </Field>
        </ActionForm>
      </details>
      <PagedList<ApplicationKey>
        label="Application keys"
        path="/v2/application-keys"
        route="keys"
        place={place}
        reloadKey={round}
        columns={[
          { title: 'Name', cell: (k) => k.name },
          { title: 'Client id', cell: (k) => <code>{k.client_id}</code> },
          { title: 'Reserved requests/s', cell: (k) => k.reserved_rate_limit ?? '—' },
          { title: 'Scopes', cell: (k) => (k.scopes === undefined ? 'all' : k.scopes.join(', ')) },
          { title: 'Last used', cell: (k) => when(k.meta.timestamps.last_used_at) },
          { title: 'Actions', cell: (k) => <KeyEditor item={k} onChange={changed} /> },
        ]}
      />
    </>
  );
};
