import { useState } from 'preact/hooks';
import { api } from '../api';
import { type ListAnswer, PagedList } from '../paged-list';
import { type Import, type ImportProblem, SUBSCRIPTIONS } from '../resources';
import type { Place } from '../route';
import { ActionForm, Field, Problems, text, useLoad, when } from '../ui';

const counts = (records: Readonly<Record<string, number>> | undefined): string =>
  Object.entries(records ?? {})
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} ${type.replace('subscription_', '')}`)
    .join(', ') || '0';

/** The lines of one import that were not imported, in file order, a hundred at a time. */
const LineErrors = ({ id }: { id: string }) => {
  const [offset, setOffset] = useState(0);
  const errors = useLoad<ListAnswer<ImportProblem>>(
    `${SUBSCRIPTIONS}/imports/${id}/errors?page[limit]=100&page[offset]=${offset}`,
  );
  const total = errors.data?.meta.results.total ?? 0;
  return (
    <div>
      <Problems error={errors.error} />
      {errors.data?.data.length === 0 ? <p>Every line was imported.</p> : null}
      <ol class="line-errors">
        {errors.data?.data.map((e) => (
          <li key={e.line_number}>
            Line {e.line_number} ({e.record_type ?? 'unknown type'}): {e.detail}
          </li>
        ))}
      </ol>
      {total > offset + 100 ? (
        <button type="button" onClick={() => setOffset(offset + 100)}>
          Next 100 errors
        </button>
      ) : null}
    </div>
  );
};

export const ImportsPage = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState<string>();
  return (
    <>
      <h1>Imports</h1>
      <p>
        A JSONL file, one create body a line (products, plans, subscribers, offerings, subscriptions); lines that fail
        are listed with their reason, the rest are imported.
      </p>
      <ActionForm
        label="Upload an import"
        submit="Upload"
        action={async (form) => {
          const body = new FormData();
          const file = (form.elements.namedItem('import_file') as HTMLInputElement | null)?.files?.[0];
          if (file === undefined) throw new Error('choose a file first');
          if (text(form, 'external_ref') !== '') body.set('external_ref', text(form, 'external_ref'));
          body.set('import_file', file);
          await api('POST', `${SUBSCRIPTIONS}/imports`, body);
          setRound((r) => r + 1);
        }}
      >
        <Field label="File (JSONL)">
          <input
            name="import_file"
            type="file"
            accept=".jsonl,.json,.txt,application/jsonl,application/x-ndjson,text/plain"
            required
          />
        </Field>
        <Field label="External reference" hint="optional">
          <input name="external_ref" />
        </Field>
      </ActionForm>
      <button type="button" onClick={() => setRound((r) => r + 1)}>
        Refresh
      </button>
      <PagedList<Import>
        label="Imports"
        path={`${SUBSCRIPTIONS}/imports`}
        route="imports"
        place={place}
        reloadKey={round}
        columns={[
          { title: 'Uploaded', cell: (i) => when(i.meta.timestamps.created_at) },
          { title: 'Reference', cell: (i) => i.attributes.external_ref ?? '—' },
          { title: 'Status', cell: (i) => i.attributes.status },
          { title: 'Lines', cell: (i) => counts(i.meta.records?.uploaded) },
          { title: 'Imported', cell: (i) => counts(i.meta.records?.imported) },
          {
            title: 'Errors',
            cell: (i) => (
              <button
                type="button"
                aria-expanded={open === i.id}
                onClick={() => setOpen(open === i.id ? undefined : i.id)}
              >
                {open === i.id ? 'Hide line errors' : 'Show line errors'}
              </button>
            ),
          },
        ]}
        extra={() => (open === undefined ? null : <LineErrors id={open} />)}
      />
    </>
  );
};
